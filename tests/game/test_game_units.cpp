// Pure parts of the game layer: reading engine moves and mapping limits to search requests.
#include <catch2/catch.hpp>

#include "engine/chess/san.h"
#include "harness/game/engine_move.h"
#include "harness/game/game_output.h"
#include "harness/game/search_limits.h"

using namespace arbiter;

TEST_CASE("engine moves in UCI or decorated coordinates and SAN", "[unit]") {
    chess::Position start;
    CHECK(game::parse_engine_move(start, "e2e4", false).has_value());
    CHECK(game::parse_engine_move(start, "Nf3", true).has_value());
    CHECK(game::parse_engine_move(start, "Nf3", false).has_value());  // SAN fallback
    CHECK_FALSE(game::parse_engine_move(start, "e2e5", false).has_value());
    CHECK_FALSE(game::parse_engine_move(start, "", false).has_value());
    CHECK_FALSE(game::parse_engine_move(start, "(none)", false).has_value());
    chess::Position promotion("8/4P3/8/8/8/8/k7/7K w - - 0 1");
    auto move = game::parse_engine_move(promotion, "e7e8=Q", false);
    REQUIRE(move);
    CHECK(chess::to_uci(promotion, *move) == "e7e8q");
}

TEST_CASE("the SAN converter replays the game", "[unit]") {
    auto to_san = game::make_san_converter(false);
    CHECK(to_san("startpos", {"e2e4", "e7e5"}, "g1f3") == "Nf3");
}

TEST_CASE("clock limits become go requests", "[unit]") {
    tc::TimeControl control = tc::parse_time_control("40/60+0.5");
    tc::GameClock clock(control, control);
    protocol::SearchRequest request = game::search_request(clock.go_limits(chess::WHITE));
    REQUIRE(request.clock);
    CHECK(request.clock->wtime.count() == 60000);
    CHECK(request.clock->binc.count() == 500);
    CHECK(request.clock->movestogo == 40);
    CHECK_FALSE(request.infinite);

    tc::TimeControl nodes;
    nodes.nodes = 2000;
    tc::GameClock node_clock(nodes, nodes);
    request = game::search_request(node_clock.go_limits(chess::BLACK));
    CHECK(request.nodes == 2000u);
    CHECK_FALSE(request.clock);
    CHECK(game::has_search_limit(nodes));
    CHECK_FALSE(game::has_search_limit(tc::TimeControl{}));

    const protocol::TimeControl announced = game::announced_time_control(control);
    CHECK(announced.moves_per_period == 40);
    CHECK(announced.base.count() == 60000);
}

TEST_CASE("database timestamps are ISO-8601 UTC", "[unit]") {
    const auto epoch_plus = std::chrono::system_clock::time_point(std::chrono::milliseconds(1'000'123));
    CHECK(db::utc_iso(epoch_plus) == "1970-01-01T00:16:40.123Z");
}
