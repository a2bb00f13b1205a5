// The feature report's "Precision and cost" section on a synthetic ladder: the target and whether
// the stored games meet it (against a fit made here), the games of each step's gauntlet, and the
// CPU-hours from stored game times and the engines' Threads.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>

#include <nlohmann/json.hpp>

#include "harness/stats/ratings.h"
#include "reports/feature_report.h"
#include "tests/reports/synthetic_ladder.h"
#include "tests/support/temp_dir.h"

using namespace arbiter;

namespace {

const reports::Section& section(const reports::Report& report, const std::string& heading) {
    for (const auto& s : report.sections)
        if (s.heading == heading) return s;
    FAIL("no section " << heading);
    return report.sections.front();
}

// The synthetic ladder's plan again, newer, with a precision target.
void add_target(db::Database& database, const testing::SyntheticLadder& ladder, double error95,
                std::int64_t max_games) {
    db::RunRecord run;
    run.kind = db::RunKind::ladder;
    run.config_json = nlohmann::json{{"ladder", ladder.name},
                                     {"smoke", false},
                                     {"time_control", "nodes=1000"},
                                     {"anchors", {{ladder.opponents[0], ladder.anchor}}},
                                     {"target", {{"error95", error95}, {"max_games", max_games}}}}
                          .dump();
    run.ladder = ladder.name;
    database.find_or_create_run(run);
}

// The synthetic ladder's games, fitted here, independently of the report.
stats::RatingTable fit_here(const testing::SyntheticLadder& ladder) {
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

// The widest improvement's 95% error.
double widest_error(const testing::SyntheticLadder& ladder) {
    const auto table = fit_here(ladder);
    double widest = 0.0;
    for (std::size_t i = 1; i < ladder.players.size(); ++i)
        widest =
            std::max(widest, 1.959963984540054 * *stats::difference_sd(table, *table.results.find(ladder.players[i]),
                                                                       *table.results.find(ladder.players[i - 1])));
    return widest;
}

// Each improvement's likelihood of being above zero: Phi(value / sd).
std::vector<double> improvement_los(const testing::SyntheticLadder& ladder) {
    const auto table = fit_here(ladder);
    std::vector<double> los{0.0};
    for (std::size_t i = 1; i < ladder.players.size(); ++i) {
        const auto step = *table.results.find(ladder.players[i]);
        const auto previous = *table.results.find(ladder.players[i - 1]);
        const double gain = table.players[step].rating - table.players[previous].rating;
        los.push_back(0.5 * std::erfc(-gain / *stats::difference_sd(table, step, previous) / std::sqrt(2.0)));
    }
    return los;
}

std::string percent(double share) {
    char text[16];
    std::snprintf(text, sizeof text, "%.1f %%", 100.0 * share);
    return text;
}

}  // namespace

TEST_CASE("precision section: the target is met exactly when the widest improvement is within it", "[unit]") {
    test_support::TempDir dir;
    db::Database database(dir.file("ladder.db"));
    const testing::SyntheticLadder ladder;
    testing::write_synthetic_ladder(database, ladder);
    const double widest = widest_error(ladder);

    add_target(database, ladder, std::ceil(widest), 1000);
    const auto met = section(reports::build_feature_report(database, {}), "Precision and cost");
    CHECK(met.paragraphs.at(0).find("MET with 70 games") != std::string::npos);
    CHECK(met.paragraphs.at(0).find("NOT MET") == std::string::npos);

    add_target(database, ladder, std::floor(widest), 70);
    const auto unmet = section(reports::build_feature_report(database, {}), "Precision and cost");
    INFO(unmet.paragraphs.at(0));
    CHECK(unmet.paragraphs.at(0).find("NOT MET with 70 games: the widest is step") != std::string::npos);
    CHECK(unmet.paragraphs.at(0).find("the budget is spent") != std::string::npos);
    const auto& table = unmet.tables.at(0);
    CHECK(table.columns.at(5) == "Within \xC2\xB1" + std::to_string(static_cast<int>(std::floor(widest))));
    CHECK(table.rows.at(0).at(5).empty());  // the baseline has no improvement
    CHECK((table.rows.at(1).at(5) == "no" || table.rows.at(2).at(5) == "no"));
}

TEST_CASE("precision section: games per step and CPU-hours from game times and Threads", "[unit]") {
    test_support::TempDir dir;
    db::Database database(dir.file("ladder.db"));
    const testing::SyntheticLadder ladder;
    testing::write_synthetic_ladder(database, ladder);
    // Two more games in step 2's gauntlet, 90 s each, against an opponent running 4 threads.
    db::EngineRecord big;
    big.name = "big";
    big.command = "/bin/big";
    big.options_json = R"({"Threads": "4"})";
    const std::int64_t big_id = database.upsert_engine(big);
    std::int64_t step_two_run = 0;
    for (const auto& run : database.runs_of_ladder(ladder.name))
        if (run.kind == db::RunKind::gauntlet &&
            nlohmann::json::parse(run.config_json)["engines"][0]["name"] == ladder.players[1])
            step_two_run = run.id;
    REQUIRE(step_two_run != 0);
    for (int i = 0; i < 2; ++i) {
        db::GameRecord game;
        game.run_id = step_two_run;
        game.pair_index = 1000;
        game.game_index = i;
        game.white = i == 0 ? ladder.players[1] : "big";
        game.black = i == 0 ? "big" : ladder.players[1];
        game.white_engine_id = i == 0 ? std::nullopt : std::optional<std::int64_t>(big_id);
        game.black_engine_id = i == 0 ? std::optional<std::int64_t>(big_id) : std::nullopt;
        game.result = db::GameResult::draw;
        game.started_at = "2025-01-04T10:00:00.000Z";
        game.finished_at = "2025-01-04T10:01:30.000Z";
        database.insert_game(game);
    }
    const auto report = reports::build_feature_report(database, {});
    const auto& cost = section(report, "Precision and cost");
    const auto& table = cost.tables.at(0);
    REQUIRE(table.columns ==
            std::vector<std::string>{"#", "Feature", "Improvement", "95% error", "LOS", "Games", "CPU-hours"});
    const auto steps = testing::synthetic_games(ladder);
    for (std::size_t i = 0; i < 3; ++i) {
        std::int64_t games = 0;
        for (const auto& r : steps[i]) games += r.count;
        INFO("step " << i + 1);
        CHECK(table.rows.at(i).at(5) == std::to_string(games + (i == 1 ? 2 : 0)));
    }
    // The synthetic games took no time; the two added ones 2 x 90 s x 4 threads = 0.2 hours.
    CHECK(table.rows.at(1).at(6) == "0.20");
    CHECK(table.rows.at(0).at(6) == "0.00");
    CHECK(table.rows.back().at(1) == "Total");
    CHECK(table.rows.back().at(5) == "72");
    CHECK(table.rows.back().at(6) == "0.20");
}

TEST_CASE("precision section: each improvement's LOS, and the steps below 95 % named", "[unit]") {
    test_support::TempDir dir;
    db::Database database(dir.file("ladder.db"));
    const testing::SyntheticLadder ladder;
    testing::write_synthetic_ladder(database, ladder);
    const reports::Report report = reports::build_feature_report(database, {});
    const auto& cost = section(report, "Precision and cost");
    const auto& table = cost.tables.at(0);
    const std::vector<double> los = improvement_los(ladder);
    CHECK(table.rows.at(0).at(4).empty());
    std::string expected;
    for (std::size_t i = 1; i < ladder.players.size(); ++i) {
        INFO("step " << i + 1);
        CHECK(table.rows.at(i).at(4) == percent(los[i]));
        if (los[i] < 0.95)
            expected += (expected.empty() ? "" : ", ") + std::string("step ") + std::to_string(i + 1) + " (" +
                        ladder.labels[i] + ", LOS " + percent(los[i]) + ")";
    }
    // No target in this ladder's plan: the cost paragraph, the finding if there is one, then what the
    // games were worth (test_ladder_information.cpp).
    if (expected.empty()) {
        CHECK(cost.paragraphs.size() == 2);
    } else {
        REQUIRE(cost.paragraphs.size() == 3);
        CHECK(cost.paragraphs[1] == "Not shown to gain (LOS below 95 %): " + expected + ".");
    }
    CHECK(cost.paragraphs.back().starts_with("Information efficiency "));
}

TEST_CASE("precision section: the games sentence names head to head only when the ladder played it", "[unit]") {
    test_support::TempDir dir;
    db::Database database(dir.file("ladder.db"));
    const testing::SyntheticLadder ladder;
    testing::write_synthetic_ladder(database, ladder);
    const std::string with = "Games: the step's own gauntlet runs (its opponents and the previous step head to head).";
    const std::string without = "Games: the step's own gauntlet runs (its opponents).";
    auto games_sentence = [&] {
        const reports::Report report = reports::build_feature_report(database, {});
        const std::string& paragraph = section(report, "Precision and cost").paragraphs.at(0);
        return paragraph.substr(paragraph.find("Games:"));
    };
    // The synthetic plan predates the key: its ladders played head to head.
    CHECK(games_sentence() == with);
    for (const bool head_to_head : {false, true}) {
        db::RunRecord run;
        run.kind = db::RunKind::ladder;
        run.config_json = nlohmann::json{
            {"ladder", ladder.name},
            {"smoke", false},
            {"time_control", "nodes=1000"},
            {"anchors", {{ladder.opponents[0], ladder.anchor}}},
            {"head_to_head",
             head_to_head}}.dump();
        run.ladder = ladder.name;
        database.find_or_create_run(run);
        INFO("head_to_head " << head_to_head);
        CHECK(games_sentence() == (head_to_head ? with : without));
    }
}
