// The clock books measured move times the way cutechess does: increments, period resets,
// st= budgets, and flag fall only beyond time left + timemargin.
#include <catch2/catch.hpp>

#include "harness/tc/clock.h"

using namespace arbiter::tc;
using std::chrono::milliseconds;
using std::chrono::microseconds;

namespace {

TimeControl tc_with_margin(const char* text, std::int64_t margin_ms) {
    TimeControl tc = parse_time_control(text);
    tc.margin_ms = margin_ms;
    return tc;
}

}  // namespace

TEST_CASE("clock: increment is added after every move", "[clock]") {
    Clock clock(parse_time_control("10+0.1"));
    CHECK(clock.remaining_ms() == 10000);
    MoveTiming timing = clock.record_move(milliseconds(500));
    CHECK(timing.used_ms == 500);
    CHECK(timing.remaining_ms == 9600);
    CHECK_FALSE(timing.flag_fell);
    CHECK(clock.moves_to_go() == 0);
}

TEST_CASE("clock: moves per period restart the period", "[clock]") {
    Clock clock(parse_time_control("40/60"));
    CHECK(clock.moves_to_go() == 40);
    for (int move = 1; move < 40; ++move) clock.record_move(milliseconds(1000));
    CHECK(clock.moves_to_go() == 1);
    CHECK(clock.remaining_ms() == 21000);
    MoveTiming last = clock.record_move(milliseconds(1000));
    // The 40th move ends the period: its 60 s are added to what is left.
    CHECK(last.remaining_ms == 80000);
    CHECK(clock.moves_to_go() == 40);
}

TEST_CASE("clock: flag falls only beyond time left plus margin", "[clock]") {
    Clock exact(tc_with_margin("10", 0));
    CHECK_FALSE(exact.record_move(milliseconds(10000)).flag_fell);
    Clock over(tc_with_margin("10", 0));
    CHECK(over.record_move(milliseconds(10001)).flag_fell);
    CHECK(over.flag_fell());

    Clock margin(tc_with_margin("10", 50));
    CHECK_FALSE(margin.record_move(milliseconds(10049)).flag_fell);
    CHECK(margin.remaining_ms() == -49);  // overrun inside the margin is still booked
    Clock margin_over(tc_with_margin("10", 50));
    CHECK(margin_over.record_move(milliseconds(10051)).flag_fell);
}

TEST_CASE("clock: sub-millisecond durations are truncated", "[clock]") {
    Clock clock(parse_time_control("1"));
    CHECK(clock.record_move(microseconds(999999)).used_ms == 999);
    CHECK_FALSE(clock.flag_fell());
    Clock edge(parse_time_control("1"));
    CHECK_FALSE(edge.record_move(microseconds(1000999)).flag_fell);  // 1000 ms booked
}

TEST_CASE("clock: st= gives every move the same budget", "[clock]") {
    const TimeControl tc{.move_time_ms = 1000, .margin_ms = 100};
    Clock clock(tc);
    CHECK(clock.move_deadline() == milliseconds(1100));
    CHECK_FALSE(clock.record_move(milliseconds(1100)).flag_fell);
    CHECK(clock.remaining_ms() == 1000);
    CHECK(clock.record_move(milliseconds(1101)).flag_fell);
}

TEST_CASE("clock: untimed controls never flag", "[clock]") {
    Clock inf(parse_time_control("inf"));
    CHECK_FALSE(inf.move_deadline().has_value());
    CHECK_FALSE(inf.record_move(std::chrono::hours(5)).flag_fell);

    Clock node_clock(TimeControl{.nodes = 1000});
    CHECK_FALSE(node_clock.move_deadline().has_value());
    CHECK_FALSE(node_clock.record_move(std::chrono::hours(1)).flag_fell);
}

TEST_CASE("clock: deadline is time left plus margin", "[clock]") {
    Clock clock(tc_with_margin("5+0.5", 200));
    CHECK(clock.move_deadline() == milliseconds(5200));
    clock.record_move(milliseconds(1500));
    CHECK(clock.move_deadline() == milliseconds(4200));
    clock.reset();
    CHECK(clock.remaining_ms() == 5000);
    CHECK_FALSE(clock.flag_fell());
}

TEST_CASE("clock: go limits carry both clocks and the mover's limits", "[clock]") {
    GameClock clocks(parse_time_control("40/60+1"), parse_time_control("40/30+1"));  // time odds
    clocks.record_move(chess::WHITE, milliseconds(2000));
    GoLimits black = clocks.go_limits(chess::BLACK);
    CHECK(black.wtime == 59000);
    CHECK(black.btime == 30000);
    CHECK(black.winc == 1000);
    CHECK(black.binc == 1000);
    CHECK(black.movestogo == 40);
    CHECK_FALSE(black.movetime.has_value());
    CHECK_FALSE(black.infinite);
    GoLimits white = clocks.go_limits(chess::WHITE);
    CHECK(white.movestogo == 39);
}

TEST_CASE("clock: go limits for st, nodes, depth and inf", "[clock]") {
    const TimeControl st{.move_time_ms = 500};
    const TimeControl depth{.nodes = 20000, .depth = 8};
    GameClock clocks(st, depth);
    GoLimits white = clocks.go_limits(chess::WHITE);
    CHECK(white.movetime == 500);
    CHECK_FALSE(white.wtime.has_value());
    GoLimits black = clocks.go_limits(chess::BLACK);
    CHECK(black.depth == 8);
    CHECK(black.nodes == 20000);
    CHECK_FALSE(black.infinite);

    GameClock inf(parse_time_control("inf"), parse_time_control("inf"));
    CHECK(inf.go_limits(chess::WHITE).infinite);
}

TEST_CASE("clock: an overrun inside the margin is sent as zero", "[clock]") {
    GameClock clocks(tc_with_margin("1", 500), tc_with_margin("1", 500));
    clocks.record_move(chess::WHITE, milliseconds(1200));
    CHECK_FALSE(clocks.side(chess::WHITE).flag_fell());
    CHECK(clocks.go_limits(chess::WHITE).wtime == 0);
}
