// Issue #36, items 1 and 2: `-pgnout match_line=REGEX` against hostile engine output. std::regex
// overflowed the stack on a 50 KB line (exit 139), backtracked for minutes on (a+)+$ against 28
// a's and a '!' while ignoring SIGTERM; a reader slower than its engine's flood never saw the end
// of its wait. The patterns are RE2's now, and a wait ends at its deadline whatever the engine writes.
#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <random>

#include "harness/protocol/line_pattern.h"
#include "tests/reliability/reliability_support.h"
#include "tests/support/wait_until.h"

using namespace reliability;
using Catch::Matchers::Contains;
using namespace std::chrono_literals;

namespace {

// The fastchess command of the issue: misbehave_engine's noisy mode sends one `info string` line of
// `characters` (a's ending in '!') before each of its moves; three moves a game, two games.
std::vector<std::string> noisy_match(long characters, const std::vector<std::string>& patterns) {
    std::vector<std::string> args{"-engine",
                                  "cmd=" MISBEHAVE_BIN,
                                  "name=noisy",
                                  "arg=--mode=noisy",
                                  "arg=--bytes=" + std::to_string(characters),
                                  "-engine",
                                  "cmd=" TEMPO_BIN,
                                  "name=tempo",
                                  "-each",
                                  "nodes=2000",
                                  "option.Hash=8",
                                  "-rounds",
                                  "1",
                                  "-games",
                                  "2",
                                  "-maxmoves",
                                  "3",
                                  "-pgnout",
                                  "file=games.pgn"};
    for (const auto& pattern : patterns) args.push_back("match_line=" + pattern);
    return args;
}

constexpr std::size_t kNoisyMoves = 6;  // three moves in each of the two games

std::string kept_noisy_line(long characters) {
    return "line=\"info string " + std::string(static_cast<std::size_t>(characters - 1), 'a') + "!\"";
}

// A UCI engine that answers `go` with endless copies of one 60 KB info line of random a's and b's.
// On that text [ab]*a[ab]{100}c defeats RE2's DFA (every byte is a new state), so each line costs
// the NFA's time, about 0.2 s: the engine writes far faster than arbiter can read.
std::string flooding_engine() {
    std::mt19937 random(36);
    std::string text;
    for (int i = 0; i < 60'000; ++i) text += (random() & 1) ? 'a' : 'b';
    return "#!/bin/sh\n"
           "while read -r command rest; do\n"
           "  case \"$command\" in\n"
           "    uci) echo 'id name flood'; echo uciok ;;\n"
           "    isready) echo readyok ;;\n"
           "    go) touch flooding; exec yes 'info string " +
           text +
           "' ;;\n"
           "    quit) exit 0 ;;\n"
           "  esac\n"
           "done\n";
}

}  // namespace

TEST_CASE("match_line keeps a 60 KB info string line whole instead of overflowing the stack, not one over 64 KiB",
          "[integration]") {
    TempDir dir;
    const auto run = run_tool(tool_path("fastchess"), noisy_match(60'000, {"info string (.*)"}), dir.path(), 60s);
    INFO(run.out << run.err);
    REQUIRE(run.exit_code == 0);
    CHECK(count_of(read_text(dir.file("games.pgn")), kept_noisy_line(60'000)) == kNoisyMoves);

    // A line over the bound is not matched: the games are played, nothing is kept.
    TempDir longer;
    const long over = static_cast<long>(arbiter::protocol::kMaxMatchedLineBytes);
    const auto unmatched =
        run_tool(tool_path("fastchess"), noisy_match(over, {"info string (.*)"}), longer.path(), 60s);
    INFO(unmatched.out << unmatched.err);
    REQUIRE(unmatched.exit_code == 0);
    CHECK(count_of(read_text(longer.file("games.pgn")), "line=") == 0);
}

TEST_CASE("match_line=(a+)+$ against a's ending in '!' takes no time: RE2 does not backtrack", "[integration]") {
    const long characters = GENERATE(29L, 60'000L);  // 28 a's hung std::regex for over 70 s
    INFO(characters << " characters");
    TempDir dir;
    // The first pattern never matches (the line ends in '!'); the second keeps the line.
    const auto run = run_tool(tool_path("fastchess"), noisy_match(characters, {"(a+)+$", "(a+)+!$"}), dir.path(), 20s);
    INFO(run.out << run.err);
    REQUIRE(run.exit_code == 0);
    CHECK(count_of(read_text(dir.file("games.pgn")), kept_noisy_line(characters)) == kNoisyMoves);
}

TEST_CASE("SIGTERM ends a run promptly while an engine floods lines that match_line is slow on", "[integration]") {
    TempDir dir;
    const std::string engine = dir.write("flood.sh", flooding_engine(), true);
    test_support::Child arbiter(arbiter_logged(
        {"-engine", "cmd=" + engine, "name=flood", "dir=" + dir.path(), "-engine", "cmd=" TEMPO_BIN, "name=tempo",
         "dir=" + dir.path(), "-each", "nodes=2000", "-games", "2", "-concurrency", "1", "--db", dir.file("run.db"),
         "-pgnout", "file=" + dir.file("games.pgn"), "match_line=[ab]*a[ab]{100}c"},
        dir.file("out"), dir.file("err")));
    REQUIRE(wait_for_lines(dir.file("out"), "Started game", 1, 30s));
    // The flood is under way: the engine (started in dir) marks the moment it has the move.
    REQUIRE(test_support::wait_until([&] { return std::filesystem::exists(dir.file("flooding")); }, 30s));
    arbiter.signal(SIGTERM);
    const auto sent = std::chrono::steady_clock::now();
    const auto& ended = arbiter.wait(20s);
    const auto took = std::chrono::steady_clock::now() - sent;
    INFO(ended.out << ended.err);
    REQUIRE(ended.exited());
    CHECK(ended.exit_code == 1);
    CHECK(took < 10s);
    CHECK_THAT(ended.err, Contains("interrupted"));
    CHECK(leftovers_in(dir.path(), 2000ms).empty());
}
