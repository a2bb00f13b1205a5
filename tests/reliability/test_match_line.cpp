// Issue #36, items 1 and 2: `-pgnout match_line=REGEX` against hostile engine output. std::regex
// overflowed the stack on a 50 KB line (exit 139) and backtracked for minutes on (a+)+$ against 28
// a's and a '!' while ignoring SIGTERM. The patterns are RE2's now.
#include <catch2/catch.hpp>

#include <chrono>

#include "harness/protocol/line_pattern.h"
#include "tests/reliability/tool_process.h"

using namespace reliability;
using Catch::Matchers::Contains;
using namespace std::chrono_literals;

namespace {

// The fastchess command of the issue: misbehave_engine's noisy mode sends one `info string` line of
// `characters` (a's ending in '!') before each of its moves; three moves a game, two games.
std::vector<std::string> noisy_match(long characters, const std::vector<std::string>& patterns) {
    std::vector<std::string> args{"-engine", "cmd=" MISBEHAVE_BIN, "name=noisy", "arg=--mode=noisy",
                                  "arg=--bytes=" + std::to_string(characters), "-engine", "cmd=" TEMPO_BIN,
                                  "name=tempo", "-each", "nodes=2000", "option.Hash=8", "-rounds", "1", "-games", "2",
                                  "-maxmoves", "3", "-pgnout", "file=games.pgn"};
    for (const auto& pattern : patterns) args.push_back("match_line=" + pattern);
    return args;
}

constexpr std::size_t kNoisyMoves = 6;  // three moves in each of the two games

std::string kept_noisy_line(long characters) {
    return "line=\"info string " + std::string(static_cast<std::size_t>(characters - 1), 'a') + "!\"";
}

}  // namespace

TEST_CASE("match_line keeps a 60 KB info string line whole instead of overflowing the stack, not one over 64 KiB",
          "[integration]") {
    TempDir dir;
    const auto run = run_tool(tool_path("fastchess"), noisy_match(60'000, {"info string (.*)"}), dir.path(), 60s);
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);
    CHECK(count_of(read_text(dir.file("games.pgn")), kept_noisy_line(60'000)) == kNoisyMoves);

    // A line over the bound is not matched: the games are played, nothing is kept.
    TempDir longer;
    const long over = static_cast<long>(arbiter::protocol::kMaxMatchedLineBytes);
    const auto unmatched = run_tool(tool_path("fastchess"), noisy_match(over, {"info string (.*)"}), longer.path(), 60s);
    INFO(unmatched.out << unmatched.err);
    REQUIRE(unmatched.code == 0);
    CHECK(count_of(read_text(longer.file("games.pgn")), "line=") == 0);
}

TEST_CASE("match_line=(a+)+$ against a's ending in '!' takes no time: RE2 does not backtrack", "[integration]") {
    const long characters = GENERATE(29L, 60'000L);  // 28 a's hung std::regex for over 70 s
    INFO(characters << " characters");
    TempDir dir;
    // The first pattern never matches (the line ends in '!'); the second keeps the line.
    const auto run = run_tool(tool_path("fastchess"), noisy_match(characters, {"(a+)+$", "(a+)+!$"}), dir.path(), 20s);
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);
    CHECK(count_of(read_text(dir.file("games.pgn")), kept_noisy_line(characters)) == kNoisyMoves);
}
