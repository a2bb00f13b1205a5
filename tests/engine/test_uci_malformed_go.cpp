// A malformed `go` must still end in a bestmove (issue #17, item 7): a GUI waits for one after
// every `go`. The parser's decisions are checked here in process; tests/badinput/test_tempo_go.cpp
// checks that the real binary answers each malformed variant.
#include <catch2/catch.hpp>

#include <algorithm>
#include <limits>

#include "engine/go_command.h"
#include "engine/text_util.h"

using namespace tempo;

namespace {

GoCommand parse(const std::string& line) { return parse_go_command(split_whitespace(line), Clock::now()); }

bool any_note_contains(const GoCommand& command, const std::string& text) {
    return std::any_of(command.notes.begin(), command.notes.end(),
                       [&](const std::string& note) { return note.find(text) != std::string::npos; });
}

bool is_fallback(const SearchLimits& limits) {
    return limits.depth == kFallbackDepth && limits.move_time_ms == kFallbackMoveTimeMs && !limits.infinite;
}

}  // namespace

TEST_CASE("parse_int64_saturating clamps overflow and rejects non-numbers", "[uci]") {
    long long value = 0;
    CHECK(parse_int64_saturating("42", value) == IntParse::Ok);
    CHECK(value == 42);
    CHECK(parse_int64_saturating("-5", value) == IntParse::Ok);
    CHECK(value == -5);
    CHECK(parse_int64_saturating("99999999999999999999", value) == IntParse::OutOfRange);
    CHECK(value == std::numeric_limits<long long>::max());
    CHECK(parse_int64_saturating("-99999999999999999999", value) == IntParse::OutOfRange);
    CHECK(value == std::numeric_limits<long long>::min());
    for (const char* bad : {"abc", "", "-", "+", "12x", "1.5", "+-3", "0x10"}) {
        INFO(bad);
        CHECK(parse_int64_saturating(bad, value) == IntParse::NotANumber);
    }
}

TEST_CASE("an unusable go value is reported and the search falls back to a bounded one", "[uci]") {
    for (const char* line : {"depth abc", "nodes x", "depth", "wtime", "wtime abc", "movetime 1.5", "mate x",
                             "perft abc", "movestogo 0", "searchmoves e2e4", "winc 100 depth"}) {
        INFO(line);
        const GoCommand command = parse(line);
        CHECK_FALSE(command.notes.empty());
        CHECK(is_fallback(command.limits));
        CHECK_FALSE(command.perft_depth);
    }
    CHECK(any_note_contains(parse("depth abc"), "'abc'"));
    CHECK(any_note_contains(parse("nodes"), "nodes needs an integer value"));
}

TEST_CASE("an unusable go value leaves the usable limits alone", "[uci]") {
    // A keyword where the value should be is not eaten: the clock after it still counts.
    GoCommand command = parse("depth wtime 1000");
    CHECK(command.limits.time_ms[chess::WHITE] == 1000);
    CHECK_FALSE(command.limits.depth);
    CHECK_FALSE(command.limits.move_time_ms);
    command = parse("wtime abc btime 2000");
    CHECK_FALSE(command.limits.time_ms[chess::WHITE]);
    CHECK(command.limits.time_ms[chess::BLACK] == 2000);
    CHECK_FALSE(command.limits.depth);
    // `infinite` was asked for: the GUI will send stop.
    command = parse("infinite depth abc");
    CHECK(command.limits.infinite);
    CHECK_FALSE(command.limits.depth);
    // A bare go stays the conventional infinite search, with nothing to report.
    command = parse("");
    CHECK(command.notes.empty());
    CHECK(command.limits.unbounded());
}

TEST_CASE("out-of-range go values are clamped and reported", "[uci]") {
    GoCommand command = parse("wtime 99999999999999999999 btime 99999999999999999999");
    CHECK(command.limits.time_ms[chess::WHITE] == kMaxClockMs);
    CHECK(command.limits.time_ms[chess::BLACK] == kMaxClockMs);
    CHECK(any_note_contains(command, "wtime 99999999999999999999 out of range, using 1000000000000"));
    CHECK_FALSE(command.limits.depth);  // a clamped value is a usable one: no fallback
    command = parse("movetime -5");
    CHECK(command.limits.move_time_ms == 0);
    CHECK(any_note_contains(command, "movetime -5 out of range, using 0"));
    command = parse("wtime -20 winc -3 btime 100");
    CHECK(command.limits.time_ms[chess::WHITE] == 0);
    CHECK(command.limits.increment_ms[chess::WHITE] == 0);
    CHECK(parse("nodes 99999999999999999999").limits.nodes == std::uint64_t(std::numeric_limits<long long>::max()));
    CHECK(parse("depth 0").limits.depth == 1);
    CHECK(parse("depth 5000").limits.depth == 1000);
    CHECK(parse("perft 99").perft_depth == 20);
    // In-range values pass untouched and silently.
    command = parse("wtime 1000 btime 900 winc 10 binc 20 movestogo 30 depth 7 nodes 5000 mate 3");
    CHECK(command.notes.empty());
    CHECK(command.limits.moves_to_go == 30);
    CHECK(command.limits.depth == 7);
    CHECK(command.limits.nodes == 5000u);
    CHECK(command.limits.mate_in_moves == 3);
}
