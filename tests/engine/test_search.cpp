#include <catch2/catch.hpp>

#include <atomic>
#include <random>

#include "engine/chess/movegen.h"
#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "engine/history.h"
#include "engine/search.h"
#include "engine/tt.h"

using namespace tempo;

namespace {

struct SearchRig {
    TranspositionTable tt;
    History history;
    Search search{tt, history};
    std::atomic<bool> stop{false};
    std::vector<std::string> info_lines;

    SearchResult run(const chess::Position& pos, int depth, FeatureSet features = FeatureSet::all()) {
        SearchConfig config;
        config.features = features;
        config.limits.depth = depth;
        InfoSink sink = [this](const std::string& line) { info_lines.push_back(line); };
        return search.run(pos, config, stop, sink);
    }
    SearchResult run_nodes(const chess::Position& pos, std::uint64_t nodes) {
        SearchConfig config;
        config.limits.nodes = nodes;
        return search.run(pos, config, stop, InfoSink{});
    }
};

}  // namespace

TEST_CASE("mates in 1, 2 and 3 are found and reported as score mate N", "[search]") {
    struct MateCase {
        const char* fen;
        int mate;
        const char* first_move;
    };
    const MateCase cases[] = {
        {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1, "a1a8"},
        {"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", 2, "g3g6"},
        {"r3q1kr/ppp5/3p2pQ/8/3PP1b1/5R2/PPP3P1/5RK1 w - - 0 1", 3, "f3f8"},
        {"r3k2r/pbp2pp1/3b1n2/1p6/3P3p/1B2N1Pq/PP1PQP1P/R1B2RK1 b kq - 0 1", 3, "h3h2"},
    };
    for (const MateCase& test : cases) {
        SearchRig rig;
        chess::Position pos(test.fen);
        SearchResult result = rig.run(pos, 2 * test.mate + 5);
        INFO(test.fen);
        CHECK(mate_in_moves(result.score) == test.mate);
        CHECK(chess::to_uci(result.best_move, false) == test.first_move);
        REQUIRE_FALSE(rig.info_lines.empty());
        CHECK(rig.info_lines.back().find("score mate " + std::to_string(test.mate) + " ") != std::string::npos);
    }
}

TEST_CASE("being mated is reported as a negative mate", "[search]") {
    SearchRig rig;
    // Black's only move Ka7 is met by Qb7#.
    SearchResult losing = rig.run(chess::Position("k7/8/2K5/8/8/8/8/1Q6 b - - 0 1"), 5);
    CHECK(mate_in_moves(losing.score) == -1);
    CHECK(chess::to_uci(losing.best_move, false) == "a8a7");
}

TEST_CASE("stalemate scores as a draw with no move", "[search]") {
    SearchRig rig;
    chess::Position pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    SearchResult result = rig.run(pos, 5);
    CHECK(result.score == 0);
    CHECK_FALSE(result.best_move);
}

TEST_CASE("a perpetual check is scored as a draw", "[search]") {
    SearchRig rig;
    chess::Position pos("5rk1/5p1p/8/8/8/q7/1r1Q2PP/7K w - - 0 1");  // down a queen and rook
    SearchResult result = rig.run(pos, 10);
    CHECK(result.score == 0);
    CHECK(chess::to_uci(result.best_move, false) == "d2g5");
    FeatureSet no_repetition = FeatureSet::all();
    no_repetition.set(Feature::RepetitionDraws, false);
    SearchRig rig2;
    CHECK(rig2.run(pos, 10, no_repetition).score < -300);
}

TEST_CASE("repetitions in the game history count", "[search]") {
    chess::Position pos;
    for (const char* move : {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"})
        pos.make_move(chess::parse_uci(pos, move));
    // Black can repeat the start position a third time with f6g8: the draw is in reach, and the
    // search sees it as one (score 0 if Black takes it, better otherwise - never mistaken for a loss).
    SearchRig rig;
    SearchResult result = rig.run(pos, 6);
    CHECK(result.score >= 0);
    pos.make_move(chess::parse_uci(pos, "f6g8"));
    CHECK(pos.is_threefold_repetition());
}

TEST_CASE("fifty-move rule and dead positions are draws in the tree", "[search]") {
    SearchRig rig;
    // White is a rook up but the rule50 counter is at 99: any non-pawn non-capture move draws.
    chess::Position fifty("8/8/3k4/8/8/8/8/R3K3 w - - 99 80");
    CHECK(rig.run(fifty, 4).score == 0);
    SearchRig rig2;
    chess::Position lone_knight("8/8/3k4/8/8/8/8/2N1K3 w - - 0 1");
    CHECK(rig2.run(lone_knight, 6).score == 0);
}

TEST_CASE("no illegal move in 1000 searches from random positions at tiny node limits", "[search]") {
    std::mt19937 random(20240611);
    SearchRig rig;
    int searched = 0;
    while (searched < 1000) {
        chess::Position pos;
        int plies = int(random() % 60);
        for (int ply = 0; ply < plies; ++ply) {
            chess::MoveList moves;
            chess::generate_legal(pos, moves);
            if (moves.empty()) break;
            pos.make_move(moves[random() % moves.size()]);
        }
        chess::MoveList legal;
        chess::generate_legal(pos, legal);
        if (legal.empty()) continue;
        SearchResult result = rig.run_nodes(pos, 1 + random() % 300);
        INFO(pos.fen());
        REQUIRE(legal.contains(result.best_move));
        if (result.ponder_move) {
            chess::Position after = pos;
            after.make_move(result.best_move);
            chess::MoveList replies;
            chess::generate_legal(after, replies);
            REQUIRE(replies.contains(result.ponder_move));
        }
        ++searched;
    }
}

TEST_CASE("searches are deterministic with fresh tables", "[search]") {
    chess::Position pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    SearchRig first, second;
    CHECK(first.run(pos, 6).nodes == second.run(pos, 6).nodes);
}
