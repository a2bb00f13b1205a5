// The feature report's "Precision and cost" section on what the games were worth: the information
// efficiency and the correlation of adjacent improvements (checked against a fit and formulas worked
// here), the pool sentence of a pool ladder, and a target played to its margin.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "harness/stats/ratings.h"
#include "reports/feature_report.h"
#include "tests/reports/synthetic_ladder.h"
#include "tests/support/temp_dir.h"

using namespace arbiter;

namespace {

const reports::Section& precision_of(const reports::Report& report) {
    for (const auto& s : report.sections)
        if (s.heading == "Precision and cost") return s;
    FAIL("no Precision and cost section");
    return report.sections.front();
}

stats::RatingTable fit_of_synthetic(const testing::SyntheticLadder& ladder) {
    stats::PairMatrix matrix;
    for (const auto& step : testing::synthetic_games(ladder))
        for (const auto& r : step)
            for (int i = 0; i < r.count; ++i)
                matrix.add_game(matrix.add_player(r.white), matrix.add_player(r.black),
                                r.result == db::GameResult::white_win ? 1.0
                                : r.result == db::GameResult::draw    ? 0.5
                                                                      : 0.0);
    stats::RatingOptions options;
    options.anchors[ladder.opponents[0]] = ladder.anchor;
    return stats::compute_ratings(matrix, options);
}

std::string two_places(double value) {
    char text[16];
    std::snprintf(text, sizeof text, "%.2f", value);
    return text;
}

void add_plan(db::Database& database, const testing::SyntheticLadder& ladder, const nlohmann::json& extra) {
    nlohmann::json plan{{"ladder", ladder.name},
                        {"smoke", false},
                        {"time_control", "nodes=1000"},
                        {"anchors", {{ladder.opponents[0], ladder.anchor}}}};
    plan.update(extra);
    db::RunRecord run;
    run.kind = db::RunKind::ladder;
    run.config_json = plan.dump();
    run.ladder = ladder.name;
    database.find_or_create_run(run);
}

}  // namespace

TEST_CASE("precision section: information efficiency and adjacent correlation, as worked here", "[unit]") {
    test_support::TempDir dir;
    db::Database database(dir.file("ladder.db"));
    const testing::SyntheticLadder ladder;
    testing::write_synthetic_ladder(database, ladder);
    const auto table = fit_of_synthetic(ladder);
    // Efficiency: every game's E(1-E) from the fitted ratings, over 0.25 a game.
    double information = 0.0;
    std::int64_t games = 0;
    for (const auto& step : testing::synthetic_games(ladder)) {
        for (const auto& r : step) {
            const double white = table.players[*table.results.find(r.white)].rating;
            const double black = table.players[*table.results.find(r.black)].rating;
            const double expected = 1.0 / (1.0 + std::pow(10.0, -(white - black) / 400.0));
            information += r.count * expected * (1.0 - expected);
            games += r.count;
        }
    }
    // Correlation of improvements 2 and 3: Cov(r2 - r1, r3 - r2) over the product of their SDs.
    const std::size_t n = table.players.size();
    const auto c = [&](const std::string& a, const std::string& b) {
        return table.covariance[*table.results.find(a) * n + *table.results.find(b)];
    };
    const auto& p = ladder.players;
    const double covariance = c(p[1], p[2]) - c(p[1], p[1]) - c(p[0], p[2]) + c(p[0], p[1]);
    const double first = c(p[1], p[1]) + c(p[0], p[0]) - 2 * c(p[0], p[1]);
    const double second = c(p[2], p[2]) + c(p[1], p[1]) - 2 * c(p[1], p[2]);
    const double correlation = covariance / std::sqrt(first * second);

    const std::string paragraph = precision_of(reports::build_feature_report(database, {})).paragraphs.back();
    INFO(paragraph);
    CHECK(paragraph.starts_with("Information efficiency " + two_places(information / (0.25 * games)) +
                                ": the sum over the " + std::to_string(games) + " games"));
    const std::string value = two_places(correlation);
    CHECK(paragraph.find("Adjacent improvements correlate " + value + " on average (from " + value + " to " + value) !=
          std::string::npos);
    CHECK(paragraph.find("Opponents:") == std::string::npos);  // not a pool ladder
}

TEST_CASE("precision section: a pool ladder says how its opponents were chosen", "[unit]") {
    test_support::TempDir dir;
    db::Database database(dir.file("ladder.db"));
    const testing::SyntheticLadder ladder;
    testing::write_synthetic_ladder(database, ladder);
    add_plan(database, ladder,
             {{"pool", {{"opponents_per_step", 1}, {"priors", {{"anchor-a", 2000}, {"floater", 2100}}}}}});
    const std::string paragraph = precision_of(reports::build_feature_report(database, {})).paragraphs.back();
    CHECK(
        paragraph.starts_with("Opponents: each step played the 1 of a pool of 2 whose expected score against it "
                              "was nearest 50%, chosen when the step started"));
    // Under a precision target a step's first batch is chosen so, and every later one for the widest improvement.
    add_plan(database, ladder,
             {{"pool", {{"opponents_per_step", 1}, {"priors", {{"anchor-a", 2000}, {"floater", 2100}}}}},
              {"target", {{"error95", 30}, {"max_games", nullptr}}}});
    CHECK(precision_of(reports::build_feature_report(database, {}))
              .paragraphs.back()
              .find("a step's first batch those whose expected score against it was nearest 50%, every later batch "
                    "those (and the step, of the widest improvement's two) predicted from the ratings fitted so far to "
                    "narrow the widest improvement most") != std::string::npos);
}

TEST_CASE("precision section: a target with a margin is judged at the margin", "[unit]") {
    test_support::TempDir dir;
    db::Database database(dir.file("ladder.db"));
    const testing::SyntheticLadder ladder;
    testing::write_synthetic_ladder(database, ladder);
    const auto table = fit_of_synthetic(ladder);
    double widest = 0.0;
    for (std::size_t i = 1; i < ladder.players.size(); ++i)
        widest =
            std::max(widest, 1.959963984540054 * *stats::difference_sd(table, *table.results.find(ladder.players[i]),
                                                                       *table.results.find(ladder.players[i - 1])));
    // A target just above the widest error is met, unless the ladder stops at 0.9 of it.
    const double target = std::ceil(widest);
    REQUIRE(0.9 * target < widest);
    add_plan(database, ladder, {{"target", {{"error95", target}, {"max_games", 1000}}}});
    CHECK(precision_of(reports::build_feature_report(database, {})).paragraphs.at(0).find("MET with 70 games") !=
          std::string::npos);
    add_plan(database, ladder, {{"target", {{"error95", target}, {"max_games", 1000}, {"margin", 0.9}}}});
    const reports::Report report = reports::build_feature_report(database, {});
    const auto& section = precision_of(report);
    INFO(section.paragraphs.at(0));
    CHECK(section.paragraphs.at(0).find("NOT MET with 70 games") != std::string::npos);
    char stop[16];
    std::snprintf(stop, sizeof stop, "%.0f", 0.9 * target);
    CHECK(section.paragraphs.at(0).find("played to \xC2\xB1" + std::string(stop) + " (target_margin 0.90") !=
          std::string::npos);
    CHECK(section.tables.at(0).columns.at(5) == "Within \xC2\xB1" + std::string(stop));
}
