// Pure parts of the scheduler: pairings, pairs, colours, shards and seeds.
#include <catch2/catch.hpp>

#include "harness/output/runner_output.h"

#include <set>

#include "engine/chess/position.h"
#include "harness/schedule/chess960.h"
#include "harness/output/runner_output.h"
#include "harness/schedule/schedule.h"
#include "harness/schedule/tally.h"

using namespace arbiter::schedule;
using namespace arbiter::output;

TEST_CASE("a match with -repeat plays colour-reversed pairs", "[unit]") {
    Schedule schedule(2, TournamentKind::match, 4, 1, true);
    REQUIRE(schedule.total_pairs() == 2);
    REQUIRE(schedule.total_games() == 4);
    const PairTask first = schedule.pair(0);
    REQUIRE(first.games.size() == 2);
    CHECK(first.games[0].white == 0);
    CHECK(first.games[0].black == 1);
    CHECK(first.games[1].white == 1);
    CHECK(first.games[1].black == 0);
    CHECK(schedule.pair(1).slot == 1);
    CHECK(schedule.pair(1).games[1].number == 4);
}

TEST_CASE("an odd game count leaves a last pair of one game", "[unit]") {
    Schedule schedule(2, TournamentKind::match, 5, 1, true);
    REQUIRE(schedule.total_pairs() == 3);
    CHECK(schedule.pair(2).games.size() == 1);
    CHECK(schedule.pair(2).games[0].white == 0);
}

TEST_CASE("without -repeat every game is its own pair and colours still alternate", "[unit]") {
    Schedule schedule(2, TournamentKind::match, 1, 3, false);
    REQUIRE(schedule.total_pairs() == 3);
    CHECK(schedule.pair(0).games[0].white == 0);
    CHECK(schedule.pair(1).games[0].white == 1);
    CHECK(schedule.pair(2).games[0].round == 3);
}

TEST_CASE("gauntlet and round-robin pairings", "[unit]") {
    Schedule gauntlet(4, TournamentKind::gauntlet, 2, 1, true);
    REQUIRE(gauntlet.pairings().size() == 3);
    for (const auto& pairing : gauntlet.pairings()) CHECK(pairing.first == 0);
    Schedule round_robin(4, TournamentKind::round_robin, 2, 2, true);
    CHECK(round_robin.pairings().size() == 6);
    CHECK(round_robin.total_games() == 24);
    // Slot-major: pairings of one slot are consecutive pair indexes and share the slot.
    CHECK(round_robin.pair(5).slot == 0);
    CHECK(round_robin.pair(6).slot == 1);
    CHECK(round_robin.pair(6).pairing == 0);
    CHECK(tournament_kind("round-robin", 2) == TournamentKind::match);
    CHECK(tournament_kind("gauntlet", 3) == TournamentKind::gauntlet);
}

TEST_CASE("shards cover every pair exactly once", "[unit]") {
    for (std::uint64_t total : {1, 7, 10, 101}) {
        for (int shards : {1, 2, 3, 8}) {
            std::uint64_t next = 0;
            for (int k = 1; k <= shards; ++k) {
                const auto range = select_pairs(total, arbiter::config::ShardSpec{k, shards}, std::nullopt);
                CHECK(range.begin == next);
                next = std::max(next, range.end);
            }
            CHECK(next == total);
        }
    }
    using arbiter::config::PairRange;
    const PairRange some = select_pairs(10, std::nullopt, PairRange::from_start_count(3, 4));
    CHECK(some.begin == 3);
    CHECK(some.end == 7);
    const PairRange rest = select_pairs(10, arbiter::config::ShardSpec{2, 2}, PairRange::from_start_count(3, 0));
    CHECK(rest.begin == 5);
    CHECK(rest.end == 10);
    CHECK(select_pairs(10, std::nullopt, PairRange::from_start_count(20, 2)).size() == 0);
    // --pairs START:COUNT reads back as it was given, COUNT 0 (to the end) included.
    CHECK(PairRange::from_start_count(3, 0).count() == 0);
    CHECK(PairRange::from_start_count(3, 4).count() == 4);
}

TEST_CASE("the default seed depends only on the run identity", "[unit]") {
    CHECK(default_seed("abc") == default_seed("abc"));
    CHECK(default_seed("abc") != default_seed("abd"));
}

TEST_CASE("Chess960 start positions", "[unit]") {
    CHECK(chess960_start_fen(518) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
    std::set<std::string> distinct;
    for (int n = 0; n < 960; ++n) {
        const std::string fen = chess960_start_fen(n);
        REQUIRE_NOTHROW(chess::Position(fen, true));
        distinct.insert(fen);
    }
    CHECK(distinct.size() == 960);
    CHECK(chess960_number_for_slot(7, 3) == chess960_number_for_slot(7, 3));
}

TEST_CASE("the tally counts pentanomial pairs from the first engine's side", "[unit]") {
    Schedule schedule(2, TournamentKind::match, 4, 1, true);
    Tally tally(schedule, {"a", "b"});
    const PairTask pair0 = schedule.pair(0), pair1 = schedule.pair(1);
    tally.add(pair0.games[0], 1.0, 2);  // a wins with White
    CHECK(tally.pairing(0).penta.ww == 0);
    tally.add(pair0.games[1], 0.0, 2);  // b loses with White: a wins again
    CHECK(tally.pairing(0).penta.ww == 1);
    tally.add(pair1.games[0], 0.5, 2);
    tally.add(pair1.games[1], 1.0, 2);  // b wins with White: a has a draw and a loss
    CHECK(tally.pairing(0).penta.ld == 1);
    CHECK(tally.pairing(0).wdl.wins == 2);
    CHECK(tally.pairing(0).wdl.draws == 1);
    CHECK(tally.pairing(0).wdl.losses == 1);
    CHECK(tally.games() == 4);
}

TEST_CASE("the games of complete pairs are counted apart, as fastchess's block shows them", "[unit]") {
    Schedule schedule(2, TournamentKind::match, 4, 1, true);
    Tally tally(schedule, {"a", "b"});
    const PairTask pair0 = schedule.pair(0), pair1 = schedule.pair(1);
    tally.add(pair0.games[0], 1.0, 2);
    tally.add(pair0.games[1], 0.5, 2);
    tally.add(pair1.games[0], 0.0, 2);  // its pair is still open
    const PairingResults& results = tally.pairing(0);
    CHECK(results.games() == 3);
    CHECK(results.paired_wdl.wins == 1);
    CHECK(results.paired_wdl.draws == 1);
    CHECK(results.paired_wdl.losses == 0);
    // fishtest reads "Games: N" beside "Ptnml(0-2)" and requires N to be twice the pairs.
    const auto lines = fastchess_results_lines("a", "b", "x", results, true, std::nullopt);
    bool found = false;
    for (const auto& line : lines) found |= line.rfind("Games: 2, Wins: 1, Losses: 0, Draws: 1, Points: 1.5 (", 0) == 0;
    CHECK(found);
}
