// Time-control syntax: what cutechess-cli accepts for tc=/st=/nodes=/depth=/timemargin=, the
// PGN TimeControl text it writes, and the --tc-scale helper.
#include <catch2/catch.hpp>

#include "harness/tc/time_control.h"

using namespace arbiter::tc;

TEST_CASE("tc: moves/time and time+increment forms", "[tc]") {
    TimeControl classical = parse_time_control("40/60");
    CHECK(classical.moves_per_tc == 40);
    CHECK(classical.base_ms == 60000);
    CHECK(classical.increment_ms == 0);
    CHECK(to_pgn_string(classical) == "40/60");

    TimeControl blitz = parse_time_control("60+0.6");
    CHECK(blitz.moves_per_tc == 0);
    CHECK(blitz.base_ms == 60000);
    CHECK(blitz.increment_ms == 600);
    CHECK(to_pgn_string(blitz) == "60+0.6");

    TimeControl all = parse_time_control("40/1:30+0.5");
    CHECK(all.moves_per_tc == 40);
    CHECK(all.base_ms == 90000);
    CHECK(all.increment_ms == 500);
    CHECK(to_pgn_string(all) == "40/90+0.5");
}

TEST_CASE("tc: clock-face times and fractions", "[tc]") {
    CHECK(parse_time_control("2:30").base_ms == 150000);
    CHECK(parse_time_control("1:00:00").base_ms == 3600000);
    CHECK(parse_time_control("0:05+0.05").base_ms == 5000);
    TimeControl bullet = parse_time_control("0.5+0.05");
    CHECK(bullet.base_ms == 500);
    CHECK(bullet.increment_ms == 50);
    CHECK(to_pgn_string(bullet) == "0.5+0.05");
    CHECK(to_pgn_string(parse_time_control("2:30+1")) == "150+1");
}

TEST_CASE("tc: inf and per-move forms", "[tc]") {
    TimeControl inf = parse_time_control("inf");
    CHECK(inf.infinite);
    CHECK_FALSE(inf.is_timed());
    CHECK(to_pgn_string(inf) == "inf");

    TimeControl per_move = parse_time_control("5/move");
    CHECK(per_move.move_time_ms == 5000);
    CHECK(to_pgn_string(per_move) == "5/move");
    CHECK(to_pgn_string(parse_time_control("0.25/move")) == "0.25/move");
}

TEST_CASE("tc: malformed values name the flag", "[tc]") {
    for (const char* bad : {"", "abc", "40/", "/60", "60+", "60+1+2", "1:75", "-5", "0", "40/0", "0/0", "1e3", "60+x",
                            "1:2:3:4", "+1", "40/60/2"}) {
        INFO("value '" << bad << "'");
        try {
            parse_time_control(bad);
            FAIL("accepted");
        } catch (const TimeControlError& e) {
            CHECK(std::string(e.what()).rfind(std::string("tc=") + bad + ":", 0) == 0);
        }
    }
    CHECK_THROWS_WITH(parse_time_control("x", "WhiteTimeControl"), Catch::StartsWith("WhiteTimeControl=x:"));
}

TEST_CASE("tc: node and depth limits alone are untimed", "[tc]") {
    TimeControl tc;
    CHECK_FALSE(tc.has_any_limit());
    tc.nodes = 5000;
    CHECK(tc.has_any_limit());
    CHECK_FALSE(tc.is_timed());
    CHECK(to_pgn_string(tc) == "inf");
}

TEST_CASE("tc: scaling for --tc-scale", "[tc]") {
    TimeControl half = scaled(parse_time_control("40/60+0.6"), 0.5);
    CHECK(half.moves_per_tc == 40);
    CHECK(half.base_ms == 30000);
    CHECK(half.increment_ms == 300);
    CHECK(to_pgn_string(half) == "40/30+0.3");

    TimeControl tiny = scaled(parse_time_control("1+0.001"), 0.1);
    CHECK(tiny.base_ms == 100);
    CHECK(tiny.increment_ms == 1);  // never rounded down to "no increment"

    const TimeControl st{.move_time_ms = 1000, .nodes = 1000};
    TimeControl st_scaled = scaled(st, 3.0);
    CHECK(st_scaled.move_time_ms == 3000);
    CHECK(st_scaled.nodes == 1000);

    CHECK(parse_scale_factor("2.5") == 2.5);
    CHECK_THROWS_WITH(parse_scale_factor("0"), Catch::StartsWith("--tc-scale 0:"));
    CHECK_THROWS_WITH(parse_scale_factor("fast"), Catch::StartsWith("--tc-scale fast:"));
}

TEST_CASE("tc: seconds formatting", "[tc]") {
    CHECK(format_seconds(60000) == "60");
    CHECK(format_seconds(600) == "0.6");
    CHECK(format_seconds(50) == "0.05");
    CHECK(format_seconds(1234) == "1.234");
    CHECK(format_seconds(0) == "0");
}
