#include <catch2/catch.hpp>

#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "engine/history.h"
#include "engine/search_params.h"
#include "engine/see.h"
#include "engine/timeman.h"
#include "engine/tt.h"

using namespace tempo;

TEST_CASE("TT stores, finds and adjusts mate scores by ply", "[tt]") {
    TranspositionTable tt;
    tt.resize(1);
    const chess::Key key = 0x123456789abcdefULL;
    const chess::Move move(chess::E2, chess::E4);
    const int mate_in_3_plies_from_node = params::kMateScore - 3;
    // Stored at ply 5 as "mate 3 plies from here", probed at ply 2: mate is 3 + 2 plies from root.
    tt.store(key, 5, move, mate_in_3_plies_from_node - 5, 17, 6, Bound::Exact);
    TTHit hit = tt.probe(key, 2);
    REQUIRE(hit.found);
    CHECK(hit.move == move);
    CHECK(hit.score == mate_in_3_plies_from_node - 2);
    CHECK(hit.static_eval == 17);
    CHECK(hit.depth == 6);
    CHECK(hit.bound == Bound::Exact);
    CHECK_FALSE(tt.probe(key ^ 1, 2).found);
    tt.clear();
    CHECK_FALSE(tt.probe(key, 2).found);
}

TEST_CASE("TT keeps the move when a result without one replaces it", "[tt]") {
    TranspositionTable tt;
    tt.resize(1);
    const chess::Key key = 42;
    tt.store(key, 0, chess::Move(chess::G1, chess::F3), 10, 0, 4, Bound::Lower);
    tt.store(key, 0, chess::Move::none(), -5, 0, 5, Bound::Upper);
    TTHit hit = tt.probe(key, 0);
    CHECK(hit.move == chess::Move(chess::G1, chess::F3));
    CHECK(hit.depth == 5);
}

TEST_CASE("TT hashfull counts this search's entries", "[tt]") {
    TranspositionTable tt;
    tt.resize(1);
    CHECK(tt.hashfull() == 0);
    for (chess::Key key = 1; key < 200000; ++key)
        tt.store(key * 0x9E3779B97F4A7C15ULL, 0, chess::Move::none(), 0, 0, 1, Bound::Exact);
    CHECK(tt.hashfull() > 500);
    tt.new_search();
    CHECK(tt.hashfull() == 0);
}

TEST_CASE("time budgets stay inside the clock", "[timeman]") {
    SearchLimits limits;
    limits.time_ms[chess::WHITE] = 1000;
    limits.increment_ms[chess::WHITE] = 10;
    TimeBudget managed = plan_time(limits, chess::WHITE, 10, true);
    REQUIRE(managed.timed);
    CHECK(managed.soft_ms > 0);
    CHECK(managed.hard_ms <= 990 / 2);
    CHECK(managed.soft_ms <= managed.hard_ms);
    TimeBudget fixed_rule = plan_time(limits, chess::WHITE, 10, false);
    CHECK(fixed_rule.soft_ms == 990 / 40 + 10);  // TimeManagement off: remaining/40 + increment
    CHECK(fixed_rule.soft_ms != managed.soft_ms);

    limits.time_ms[chess::WHITE] = 20;  // nearly flagged: never plan beyond the clock
    CHECK(plan_time(limits, chess::WHITE, 10, true).hard_ms <= 10);
    CHECK(plan_time(limits, chess::WHITE, 10, false).hard_ms <= 10);
}

TEST_CASE("time budgets honour movestogo, movetime and infinite", "[timeman]") {
    SearchLimits limits;
    limits.time_ms[chess::BLACK] = 10000;
    limits.moves_to_go = 1;
    TimeBudget last_move = plan_time(limits, chess::BLACK, 50, true);
    limits.moves_to_go = 40;
    TimeBudget many_moves = plan_time(limits, chess::BLACK, 50, true);
    CHECK(last_move.soft_ms > many_moves.soft_ms);
    CHECK(last_move.hard_ms < 10000 - 50);
    SearchLimits fixed;
    fixed.move_time_ms = 500;
    CHECK(plan_time(fixed, chess::WHITE, 30, true).hard_ms == 470);
    SearchLimits unbounded;
    unbounded.infinite = true;
    CHECK_FALSE(plan_time(unbounded, chess::WHITE, 30, true).timed);
    CHECK(SearchLimits{}.unbounded());
}

TEST_CASE("the soft budget stretches for a changing best move or a falling score", "[timeman]") {
    const double just_changed = soft_budget_scale({0, 0});
    const double settled = soft_budget_scale({5, 0});
    CHECK(just_changed > 1.0);
    CHECK(settled < 1.0);
    for (int stable = 0; stable < 8; ++stable)  // more stability never earns more time
        CHECK(soft_budget_scale({stable + 1, 0}) <= soft_budget_scale({stable, 0}));
    CHECK(soft_budget_scale({9, 0}) == settled);  // beyond the table: the last entry

    CHECK(soft_budget_scale({3, 50}) > soft_budget_scale({3, 0}));
    CHECK(soft_budget_scale({3, 100}) > soft_budget_scale({3, 50}));
    CHECK(soft_budget_scale({3, 100}) == Approx(2 * soft_budget_scale({3, 0})));
    CHECK(soft_budget_scale({3, 900}) == soft_budget_scale({3, 100}));  // capped: a lost position is not saved by time
    CHECK(soft_budget_scale({3, -40}) == soft_budget_scale({3, 0}));    // a rising score changes nothing
}

TEST_CASE("SEE resolves exchanges", "[see]") {
    // Pawn takes a knight defended by a pawn: +320 - 100.
    chess::Position pos("4k3/8/3p4/4n3/3P4/8/8/4K3 w - - 0 1");
    CHECK(see(pos, chess::parse_uci(pos, "d4e5")) == 320 - 100);
    // Queen takes a pawn defended by a pawn: loses the queen.
    chess::Position bad("4k3/8/3p4/4p3/8/8/4Q3/4K3 w - - 0 1");
    CHECK(see(bad, chess::parse_uci(bad, "e2e5")) == 100 - 950);
    CHECK_FALSE(see_at_least(bad, chess::parse_uci(bad, "e2e5"), 0));
    // Rook takes an undefended rook, x-ray batteries counted.
    chess::Position battery("3rk3/8/8/8/8/8/3R4/3RK3 w - - 0 1");
    CHECK(see(battery, chess::parse_uci(battery, "d2d8")) == 500);
}

TEST_CASE("history rewards depth squared and ages", "[history]") {
    History history;
    history.reward(chess::W_KNIGHT, chess::F3, 4);
    history.reward(chess::W_KNIGHT, chess::F3, 3);
    CHECK(history.score(chess::W_KNIGHT, chess::F3) == 25);
    history.age();
    CHECK(history.score(chess::W_KNIGHT, chess::F3) == 25 / params::kHistoryAgingDivisor);
    history.add_killer(3, chess::Move(chess::E2, chess::E4));
    history.add_killer(3, chess::Move(chess::D2, chess::D4));
    CHECK(history.is_killer(3, chess::Move(chess::E2, chess::E4)));
    CHECK(history.killer(3, 0) == chess::Move(chess::D2, chess::D4));
    history.clear();
    CHECK_FALSE(history.is_killer(3, chess::Move(chess::E2, chess::E4)));
}
