// The `history=` engine key: with `since-irreversible` a UCI engine is sent the FEN after the last
// capture or pawn move plus the moves since; it must reach exactly the positions it reaches with
// the whole game (`full`, the default), and the games must not change.
#include <catch2/catch.hpp>

#include <sstream>

#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "harness/config/engine_spec.h"
#include "harness/config/match_config.h"
#include "tests/support/match_test_support.h"

using namespace match_test;

namespace {

struct SentPosition {
    std::string start;               // "startpos" or the FEN
    std::vector<std::string> moves;  // after "moves"
};

// Every `position` command in -debug output, in the order sent.
std::vector<SentPosition> sent_positions(const std::string& debug_output) {
    std::vector<SentPosition> sent;
    std::istringstream lines(debug_output);
    for (std::string line; std::getline(lines, line);) {
        const auto at = line.find("position ");
        if (at == std::string::npos || line.find('>') > at) continue;
        std::istringstream words(line.substr(at + 9));
        SentPosition position;
        std::string word;
        words >> word;
        if (word == "fen") {
            for (int field = 0; field < 6 && words >> word; ++field) position.start += (field ? " " : "") + word;
        } else {
            position.start = word;
        }
        if (words >> word && word == "moves")
            while (words >> word) position.moves.push_back(word);
        sent.push_back(position);
    }
    return sent;
}

chess::Position start_of(const SentPosition& sent) {
    chess::Position position;
    if (sent.start != "startpos") position.set_fen(sent.start);
    return position;
}

chess::Position reached(const SentPosition& sent) {
    chess::Position position = start_of(sent);
    for (const auto& uci : sent.moves) position.make_move(chess::parse_uci(position, uci));
    return position;
}

std::vector<std::string> reached_fens(const std::vector<SentPosition>& sent) {
    std::vector<std::string> fens;
    for (const auto& position : sent) fens.push_back(reached(position).fen());
    return fens;
}

// Two colour-reversed games of Stockfish at 300 nodes (deterministic), -debug traffic returned.
std::string run_with(const TempDir& dir, const std::string& db, const std::vector<std::string>& extra) {
    std::vector<std::string> args = stockfish_engine("a", 300) + stockfish_engine("b", 300) + extra;
    args = args + std::vector<std::string>{"-games",     "2",
                                           "-repeat",    "-maxmoves",
                                           "50",         "-concurrency",
                                           "1",          "-debug",
                                           "-openings",  "file=" REPO_ROOT_DIR "/openings/noob_2moves.epd",
                                           "format=epd", "order=sequential",
                                           "--db",       dir.file(db)};
    const RunOutput run = run_match(args);
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);
    return run.out + run.err;
}

}  // namespace

TEST_CASE("history: since-irreversible and full lead the engine to the same positions and games",
          "[integration][history]") {
    TempDir dir;
    const auto full = sent_positions(run_with(dir, "full.db", {}));
    const auto pruned = sent_positions(run_with(dir, "short.db", {"-each", "history=since-irreversible"}));
    REQUIRE(full.size() > 50);
    CHECK(reached_fens(full) == reached_fens(pruned));
    CHECK(same_games(stored_games(dir.file("full.db")), stored_games(dir.file("short.db"))));

    std::size_t from_later_fen = 0;
    for (const auto& sent : pruned) {
        chess::Position position = start_of(sent);
        if (sent.start != full.front().start) {
            ++from_later_fen;
            CHECK(position.rule50() == 0);  // starts right after a capture or pawn move
        }
        // None of the moves sent could have started the list instead.
        for (const auto& uci : sent.moves) {
            position.make_move(chess::parse_uci(position, uci));
            CHECK(position.rule50() > 0);
        }
    }
    CHECK(from_later_fen > 0);
    for (const auto& sent : full) CHECK(sent.start == full.front().start);  // the default keeps the game's start
}

TEST_CASE("history: only full and since-irreversible are accepted", "[unit][history]") {
    arbiter::config::EngineSpec spec;
    arbiter::config::apply_engine_token(spec, "history=since-irreversible", "-engine #1");
    CHECK(spec.history_since_irreversible == true);
    arbiter::config::apply_engine_token(spec, "history=full", "-engine #1");
    CHECK(spec.history_since_irreversible == false);
    // An engine's own setting wins over -each's.
    arbiter::config::EngineSpec each;
    arbiter::config::apply_engine_token(each, "history=since-irreversible", "-each");
    arbiter::config::apply_each(spec, each);
    CHECK(spec.history_since_irreversible == false);
    arbiter::config::EngineSpec unset;
    arbiter::config::apply_each(unset, each);
    CHECK(unset.history_since_irreversible == true);
    CHECK_THROWS_WITH(arbiter::config::apply_engine_token(spec, "history=short", "-engine #1"),
                      Catch::Contains("-engine #1 history") && Catch::Contains("full or since-irreversible"));
}
