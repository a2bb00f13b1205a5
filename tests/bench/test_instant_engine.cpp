// arbiter_instant_engine (bench/runner): its answers on a scripted dialogue, and a run
// of it against itself through `arbiter match` at concurrency 4 whose games all end by the rules.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "engine/chess/movegen.h"
#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "tests/support/child.h"
#include "tests/support/match_run.h"
#include "tests/support/stored_games.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"

namespace {

using test_support::operator+;

// The engine's stdout lines for `script` on its stdin (a last one without its newline dropped).
std::vector<std::string> engine_reply(const std::string& script) {
    test_support::ChildSpec engine{.program = INSTANT_ENGINE_BIN};
    engine.in = test_support::Stream::text(script);
    engine.err = test_support::Stream::null();
    const test_support::ChildResult run = test_support::run(engine);
    REQUIRE(run.exit_code == 0);
    return test_support::lines_of(run.out.substr(0, run.out.rfind('\n') + 1));
}

std::vector<std::string> bestmoves(const std::vector<std::string>& lines) {
    std::vector<std::string> moves;
    for (const auto& line : lines)
        if (line.rfind("bestmove ", 0) == 0) moves.push_back(line.substr(9));
    return moves;
}

// The termination the stored game claims, checked against the position its moves reach.
bool ends_as_stored(const chess::Position& end, const std::string& termination) {
    if (termination == "checkmate") return end.is_checkmate();
    if (termination == "stalemate") return end.is_stalemate();
    if (termination == "threefold") return end.is_threefold_repetition();
    if (termination == "fifty-move") return end.is_fifty_move_draw();
    if (termination == "insufficient-material") return end.is_insufficient_material();
    return false;  // no adjudication, time or forfeit ending is possible in this run
}

}  // namespace

TEST_CASE("instant engine: legal answers at once, the same whether a position extends the last one or not",
          "[bench-tools]") {
    // The second game repeats the first one's positions from scratch, after ucinewgame.
    const std::string first_game =
        "position startpos\ngo depth 1\n"
        "position startpos moves e2e4\ngo nodes 1\n"
        "position startpos moves e2e4 e7e5\ngo wtime 10 btime 10\n"
        "position startpos moves e2e4 e7e5 g1f3\ngo\n";
    const std::string fresh_positions =
        "ucinewgame\nposition startpos moves e2e4 e7e5 g1f3\ngo\n"
        "ucinewgame\nposition startpos moves e2e4 e7e5\ngo\n";
    const auto lines = engine_reply("uci\nisready\nucinewgame\n" + first_game + fresh_positions + "quit\n");
    REQUIRE(lines.size() >= 2);
    CHECK(std::find(lines.begin(), lines.end(), "uciok") != lines.end());
    CHECK(std::find(lines.begin(), lines.end(), "readyok") != lines.end());
    const auto moves = bestmoves(lines);
    REQUIRE(moves.size() == 6);
    const std::vector<std::vector<std::string>> played = {{}, {"e2e4"}, {"e2e4", "e7e5"}, {"e2e4", "e7e5", "g1f3"}};
    for (std::size_t i = 0; i < played.size(); ++i) {
        chess::Position position;
        for (const auto& move : played[i]) position.make_move(chess::parse_uci(position, move));
        INFO("after " << played[i].size() << " moves: " << moves[i]);
        CHECK_NOTHROW(chess::parse_uci(position, moves[i]));
    }
    CHECK(moves[4] == moves[3]);
    CHECK(moves[5] == moves[2]);
}

TEST_CASE("instant engine: a run against itself at concurrency 4 stores every game, all ended by the rules",
          "[bench-tools]") {
    test_support::TempDir dir;
    const std::string db = dir.file("instant.db");
    const auto result = test_support::run_match_in_process(
        std::vector<std::string>{"-engine", "cmd=" INSTANT_ENGINE_BIN, "name=instant-a", "-engine",
                                 "cmd=" INSTANT_ENGINE_BIN, "name=instant-b", "-each", "proto=uci", "depth=1"} +
        std::vector<std::string>{"-concurrency", "4", "-rounds", "6", "-games", "2", "-repeat", "-openings",
                                 "file=" REPO_ROOT_DIR "/openings/noob_2moves.epd", "format=epd", "order=sequential",
                                 "-db", db});
    INFO(result.out << result.err);
    REQUIRE(result.code == 0);
    const auto games = test_support::stored_games(db);
    REQUIRE(games.size() == 12);
    std::set<std::size_t> lengths;
    for (const auto& [key, stored] : games) {
        INFO("pair " << key.first << " game " << key.second << ": " << stored.game.termination);
        REQUIRE(stored.moves.size() == static_cast<std::size_t>(stored.game.plies));
        chess::Position position(stored.game.opening_fen);
        for (const auto& move : stored.moves) {
            chess::MoveList legal;
            chess::generate_legal(position, legal);
            const chess::Move parsed = chess::parse_uci(position, move.uci);  // throws for an illegal move
            REQUIRE(std::find(legal.begin(), legal.end(), parsed) != legal.end());
            position.make_move(parsed);
        }
        CHECK(ends_as_stored(position, stored.game.termination));
        lengths.insert(stored.moves.size());
    }
    CHECK(lengths.size() > 1);  // the openings and the position keys make the games differ
}
