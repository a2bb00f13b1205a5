// Ordo-style maximum-likelihood ratings.
// Expected values: tests/stats/derive_expected.py ("== ratings"), which fits the same model with
// Hunter's minorization-maximization iteration (not Newton) and inverts matrices by Gauss-Jordan
// (not Cholesky). Closed forms: two players -> diff = ln(s/(1-s))/k (= -400 log10(1/s - 1) on the
// Elo scale); the 75%/75%/90% triangle -> steps of exactly 400 log10(3).
#include <catch2/catch.hpp>
#include <cmath>
#include <nlohmann/json.hpp>

#include "tests/stats/near.h"
#include "harness/stats/ratings.h"
#include "harness/stats/ratings_output.h"

using namespace arbiter::stats;
using stats_test::near;

namespace {

// A scores 64 of 100 against B, half the games with each colour.
PairMatrix two_players() {
    PairMatrix m;
    const auto a = m.add_player("A");
    const auto b = m.add_player("B");
    m.add_counts(a, b, CellCounts{25, 14, 11});
    m.add_counts(b, a, CellCounts{11, 14, 25});
    return m;
}

// The unequal four-player schedule of derive_expected.py; cells are {white wins, draws, black wins}.
PairMatrix four_players() {
    PairMatrix m;
    for (const char* name : {"P", "Q", "R", "S"}) m.add_player(name);
    const auto at = [&](const char* n) { return *m.find(n); };
    m.add_counts(at("P"), at("Q"), {30, 40, 20});
    m.add_counts(at("Q"), at("P"), {22, 38, 30});
    m.add_counts(at("P"), at("R"), {40, 30, 10});
    m.add_counts(at("R"), at("S"), {25, 50, 25});
    m.add_counts(at("S"), at("P"), {5, 20, 35});
    m.add_counts(at("Q"), at("S"), {30, 30, 20});
    m.add_counts(at("R"), at("Q"), {12, 30, 18});
    return m;
}

const PlayerRating& player(const RatingTable& t, const std::string& name) { return t.players[*t.results.find(name)]; }

}  // namespace

TEST_CASE("two players: closed-form MLE difference and its error", "[stats][ratings]") {
    RatingOptions options;
    options.anchors["B"] = 2000.0;
    const RatingTable t = compute_ratings(two_players(), options);
    CHECK(player(t, "B").rating == near(2000.0));
    CHECK(player(t, "A").rating == near(2000.0 - 400.0 * std::log10(1.0 / 0.64 - 1.0)));
    CHECK(player(t, "A").rating == near(2099.95098928663997));
    CHECK(*player(t, "A").error95 == near(59.18506117865437));
    CHECK(*player(t, "B").error95 == near(0.0));
    CHECK(*cfs_percent(t, 0, 1) == near(99.95334578171553));
    CHECK(player(t, "A").score == near(0.64));
    CHECK(player(t, "A").record.wins == 50);
}

TEST_CASE("Ordo's 202 scale: 76% expectation at 202 points", "[stats][ratings]") {
    const double k = scale_constant(RatingScale::ordo);
    CHECK(1.0 / (1.0 + std::exp(-k * 202.0)) == near(0.76));
    RatingOptions options;
    options.anchors["B"] = 2000.0;
    options.scale = RatingScale::ordo;
    const RatingTable t = compute_ratings(two_players(), options);
    CHECK(player(t, "A").rating - 2000.0 == near(100.82903033188474));
    CHECK(*player(t, "A").error95 == near(59.704985126892204));
    // Any fit rescales by the ratio of the constants, since only k * difference enters the model.
    const RatingTable elo = compute_ratings(four_players());
    const RatingTable ordo = compute_ratings(four_players(), RatingOptions{{}, 2300.0, RatingScale::ordo});
    const double ratio = scale_constant(RatingScale::logistic) / k;
    CHECK(player(ordo, "P").rating - player(ordo, "S").rating ==
          near(ratio * (player(elo, "P").rating - player(elo, "S").rating)));
}

TEST_CASE("three players 75% / 75% / 90%: steps of 400 log10(3)", "[stats][ratings]") {
    std::vector<GameRecord> games;
    const auto play = [&](const char* w, const char* b, int wins, int losses) {
        for (int i = 0; i < wins; ++i) games.push_back({w, b, 1.0});
        for (int i = 0; i < losses; ++i) games.push_back({w, b, 0.0});
    };
    play("X", "Y", 15, 5);
    play("Y", "Z", 15, 5);
    play("X", "Z", 18, 2);
    const RatingTable t = compute_ratings(games);
    const double step = 400.0 * std::log10(3.0);
    CHECK(player(t, "X").rating - player(t, "Y").rating == near(step));
    CHECK(player(t, "Y").rating - player(t, "Z").rating == near(step));
    CHECK(player(t, "Y").rating == near(2300.0));  // symmetric, so the middle player is the mean
}

TEST_CASE("four players, mean pinned at 2300 (Ordo default)", "[stats][ratings]") {
    const RatingTable t = compute_ratings(four_players());
    CHECK(player(t, "P").rating == near(2377.41298371767));
    CHECK(player(t, "Q").rating == near(2319.9477807142384));
    CHECK(player(t, "R").rating == near(2255.0469137137666));
    CHECK(player(t, "S").rating == near(2247.5923218543244));
    // errors relative to the pool average
    CHECK(*player(t, "P").error95 == near(22.940495726833785));
    CHECK(*player(t, "Q").error95 == near(23.00393706317778));
    CHECK(*player(t, "R").error95 == near(24.55390510988561));
    CHECK(*player(t, "S").error95 == near(25.26060731696965));
    const auto p = *t.results.find("P"), q = *t.results.find("Q"), r = *t.results.find("R"), s = *t.results.find("S");
    CHECK(*difference_sd(t, p, q) == near(16.963425224676186));
    CHECK(*cfs_percent(t, p, q) == near(99.96474576589556));
    CHECK(*difference_sd(t, q, r) == near(20.610083539321334));
    CHECK(*cfs_percent(t, q, r) == near(99.91808101165637));
    CHECK(*difference_sd(t, r, s) == near(19.605079839885917));
    CHECK(*cfs_percent(t, r, s) == near(64.81155380817228));
    CHECK(t.ranking == std::vector<std::size_t>{p, q, r, s});
}

TEST_CASE("several anchors stay fixed", "[stats][ratings]") {
    RatingOptions options;
    options.anchors = {{"P", 2400.0}, {"S", 2250.0}};
    const RatingTable t = compute_ratings(four_players(), options);
    CHECK(player(t, "P").rating == near(2400.0));
    CHECK(player(t, "S").rating == near(2250.0));
    CHECK(player(t, "Q").rating == near(2335.5714402951066));
    CHECK(player(t, "R").rating == near(2267.0193593297195));
    CHECK(*player(t, "Q").error95 == near(30.70081510864084));
    CHECK(*player(t, "R").error95 == near(33.67812823797217));
    CHECK(player(t, "P").anchor);
}

TEST_CASE("a perfect loser gets Ordo's ceiling", "[stats][ratings]") {
    std::vector<GameRecord> games = {{"A", "B", 1.0}, {"B", "A", 0.5}, {"A", "B", 0.0}, {"B", "A", 0.5}};
    for (int i = 0; i < 10; ++i) games.push_back({i % 2 ? "A" : "C", i % 2 ? "C" : "A", i % 2 ? 1.0 : 0.0});
    RatingOptions options;
    options.anchors["A"] = 2000.0;
    const RatingTable t = compute_ratings(games, options);
    // one of C's ten losses counted as a draw: 0.5 / 10 against A
    CHECK(player(t, "C").rating == near(1488.4985596188685));
    CHECK(player(t, "C").bound == RatingBound::at_most);
    CHECK_FALSE(player(t, "C").error95.has_value());
    CHECK(player(t, "B").rating == near(2000.0));  // B scored exactly 50% against A
    CHECK(format_player_header(t, *t.results.find("C")) == "C <1488 : 10 (+0,=0,-10), 0.0 %");
}

TEST_CASE("a pool where everyone is perfect or null gets bounds, not a refusal", "[stats][ratings]") {
    // Two players, 2-0, no anchor: A - B > 190.85 (one of A's wins as a draw), mean 2300
    // (derive_expected.py "two players 2-0"). This used to throw "every player has a perfect or null score".
    const RatingTable two = compute_ratings(std::vector<GameRecord>{{"A", "B", 1.0}, {"B", "A", 0.0}});
    CHECK(player(two, "A").rating == near(2395.4242509439323));
    CHECK(player(two, "A").bound == RatingBound::at_least);
    CHECK(player(two, "B").rating == near(2204.5757490560677));
    CHECK(player(two, "B").bound == RatingBound::at_most);
    CHECK_FALSE(player(two, "A").error95.has_value());
    CHECK_FALSE(player(two, "B").error95.has_value());
    std::ostringstream text;
    print_ratings_table(text, two, RatingsPrintOptions{1, true});
    CHECK_THAT(text.str(),
               Catch::Contains("A      > :   2395.4   ----") && Catch::Contains("B      < :   2204.6   ----"));
    CHECK(text.str().find("nan") == std::string::npos);
    CHECK(text.str().find("inf") == std::string::npos);
    // A beats B and C, B beats C, all 2-0: B holds the scale at the mean, A and C one draw's gap away.
    const std::vector<GameRecord> chain = {{"A", "B", 1.0}, {"B", "A", 0.0}, {"A", "C", 1.0},
                                           {"C", "A", 0.0}, {"B", "C", 1.0}, {"C", "B", 0.0}};
    const RatingTable three = compute_ratings(chain);
    const double gap = 400.0 * std::log10(3.0);
    CHECK(player(three, "B").rating == near(2300.0));
    CHECK(player(three, "B").bound == RatingBound::exact);
    CHECK(player(three, "A").rating == near(2300.0 + gap));
    CHECK(player(three, "A").bound == RatingBound::at_least);
    CHECK(player(three, "C").rating == near(2300.0 - gap));
    CHECK(player(three, "C").bound == RatingBound::at_most);
}

TEST_CASE("unrateable inputs fail with a message naming players", "[stats][ratings]") {
    // Each pair is balanced within itself, but the pairs never met.
    const std::vector<GameRecord> split = {{"A", "B", 1.0}, {"B", "A", 1.0}, {"C", "D", 0.5}, {"D", "C", 1.0}};
    CHECK_THROWS_WITH(compute_ratings(split), Catch::Contains("never scored a point against"));
    RatingOptions two_anchors;
    two_anchors.anchors = {{"A", 2000.0}, {"C", 2100.0}};
    const std::vector<GameRecord> anchored_groups = {
        {"A", "B", 1.0}, {"B", "A", 0.5}, {"C", "D", 0.5}, {"D", "C", 1.0}};
    CHECK_NOTHROW(compute_ratings(anchored_groups, two_anchors));
    RatingOptions unknown;
    unknown.anchors["Nobody"] = 2000.0;
    CHECK_THROWS_WITH(compute_ratings(split, unknown), Catch::Contains("Nobody"));
    CHECK_THROWS_AS(compute_ratings(std::vector<GameRecord>{}), std::invalid_argument);
    CHECK_THROWS_WITH(aggregate_games({{"A", "B", 0.7}}), Catch::Contains("game #1"));
}

TEST_CASE("Ordo-style header and opponent lines", "[stats][ratings]") {
    // MadChess scores 48.75% in 800 games; anchoring the opponent 8.69 above 2115 puts it at 2115.
    PairMatrix m;
    const auto mad = m.add_player("MadChess 2.0");
    const auto ref = m.add_player("Reference");
    m.add_counts(mad, ref, {153, 85, 162});
    m.add_counts(ref, mad, {163, 85, 152});
    RatingOptions options;
    options.anchors["Reference"] = 2115.0 - 400.0 * std::log10(0.4875 / 0.5125);
    const RatingTable t = compute_ratings(m, options);
    CHECK(format_player_header(t, mad) == "MadChess 2.0 2115 : 800 (+305,=170,-325), 48.8 %");
    const auto lines = opponent_lines(t, mad);
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].record.games() == 800);
    CHECK(lines[0].diff == near(400.0 * std::log10(0.4875 / 0.5125)));
    std::ostringstream block;
    print_player_block(block, t, mad);
    CHECK_THAT(block.str(), Catch::Contains("Diff,   SD, CFS (%)") && Catch::Contains("Reference") &&
                                Catch::Contains("(  305,  170,  325),  48.8 :     -9,"));
}

TEST_CASE("ratings JSON and table", "[stats][ratings]") {
    const RatingTable t = compute_ratings(four_players());
    const nlohmann::json j = ratings_to_json(t);
    REQUIRE(j.is_array());
    REQUIRE(j.size() == 4);
    for (const char* key : {"name", "rating", "error95", "games", "score"}) CHECK(j[0].contains(key));
    CHECK(j[0]["name"] == "P");
    CHECK(j[0]["rating"].get<double>() == near(2377.41298371767));
    CHECK(j[0]["games"] == 320);
    std::ostringstream table;
    print_ratings_table(table, t, RatingsPrintOptions{1, true});
    CHECK_THAT(table.str(), Catch::Contains("RATING") && Catch::Contains("2377.4") && Catch::Contains("vs."));
    CHECK(table.str().find("nan") == std::string::npos);
}

TEST_CASE("a large synthetic pool recovers its ratings", "[stats][ratings]") {
    // 200,000 games among 10 players 60 Elo apart; results are dealt out deterministically in the
    // expected proportions (rounded to whole games), so the MLE returns the true ratings closely.
    PairMatrix m;
    for (const char* name : {"E0", "E1", "E2", "E3", "E4", "E5", "E6", "E7", "E8", "E9"}) m.add_player(name);
    for (std::size_t w = 0; w < 10; ++w)
        for (std::size_t b = 0; b < 10; ++b) {
            if (w == b) continue;
            const double e = 1.0 / (1.0 + std::pow(10.0, -60.0 * (double(w) - double(b)) / 400.0));
            const std::int64_t games = 2222;
            const auto draws = static_cast<std::int64_t>(std::llround(0.3 * 4.0 * e * (1.0 - e) * games));
            const auto wins = static_cast<std::int64_t>(std::llround(e * games - draws / 2.0));
            m.add_counts(w, b, {wins, draws, games - draws - wins});
        }
    RatingOptions options;
    options.anchors["E0"] = 1000.0;
    const RatingTable t = compute_ratings(m, options);
    for (std::size_t p = 0; p < 10; ++p) CHECK(t.players[p].rating == Approx(1000.0 + 60.0 * p).margin(0.5));
}

TEST_CASE("the bound of a difference of bounded ratings", "[stats][ratings]") {
    using B = RatingBound;
    CHECK(difference_bound(B::exact, B::exact) == B::exact);
    CHECK(difference_bound(B::at_least, B::exact) == B::at_least);
    CHECK(difference_bound(B::at_least, B::at_most) == B::at_least);
    CHECK(difference_bound(B::exact, B::at_least) == B::at_most);
    CHECK(difference_bound(B::exact, B::at_most) == B::at_least);
    CHECK(difference_bound(B::at_most, B::at_least) == B::at_most);
    CHECK_FALSE(difference_bound(B::at_least, B::at_least).has_value());
    CHECK_FALSE(difference_bound(B::at_most, B::at_most).has_value());
}
