// `arbiter ladder` end to end on a three-step test ladder at tiny node counts: the database rows,
// resume (a second run adds nothing) and the feature report's rows; with `measure`, each step's
// time to depth and fixed-node match, and the report's Speed and knowledge worked out from the rows.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>

#include <nlohmann/json.hpp>

#include "reports/speed_knowledge.h"
#include "tests/support/child.h"
#include "tests/support/pentanomial_elo.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"
#include "tests/ladder/ladder_workspace.h"
#include "db/database.h"

namespace {

namespace fs = std::filesystem;

using test_support::read_text;

struct Workspace {
    test_support::TempDir scratch;
    fs::path dir = scratch.path();
    fs::path config = dir / "three-steps.json";
    fs::path db = dir / "ladder.db";
    // `more` adds top-level keys to the ladder file (or replaces them).
    explicit Workspace(const nlohmann::json& more = nlohmann::json::object()) {
        nlohmann::json ladder = nlohmann::json::parse(ladder_test::filled_ladder_text("three-steps.json"));
        ladder.merge_patch(more);
        std::ofstream(config) << ladder.dump(2);
    }

    // Runs arbiter to the end; its output goes to `log` in the workspace.
    int arbiter(const std::vector<std::string>& args, const std::string& log) const {
        return test_support::run(test_support::logged(ARBITER_BIN, args, (dir / log).string()),
                                 ladder_test::kLadderRunLimit)
            .exit_code;
    }
};

struct Counts {
    std::int64_t games = 0;
    std::size_t epd_rows = 0;
    std::size_t runs = 0;
};

Counts counts(const fs::path& db_path) {
    arbiter::db::OpenOptions options;
    options.read_only = true;
    arbiter::db::Database database(db_path.string(), options);
    Counts counts;
    arbiter::db::ResultFilter filter;
    filter.ladder = "three-steps-smoke";
    counts.games = database.count_games(filter);
    for (const auto& run : database.runs_of_ladder("three-steps-smoke")) {
        ++counts.runs;
        counts.epd_rows += database.epd_results_of_run(run.id).size();
    }
    return counts;
}

}  // namespace

TEST_CASE("arbiter ladder --smoke plays every step, resumes, and reports one row per step", "[integration]") {
    Workspace work;
    const std::vector<std::string> ladder{"ladder",  work.config.string(), "--db", work.db.string(),
                                          "--smoke", "--concurrency",      "2"};
    const int first_status = work.arbiter(ladder, "first.log");
    INFO(read_text(work.dir / "first.log"));
    REQUIRE(first_status == 0);
    // The folder the engines' stderr logs go to, beside the database, is named once.
    const std::string logs_note = "arbiter: engine logs go to " + (work.dir / "ladder-logs" / "").string();
    CHECK(read_text(work.dir / "first.log").find(logs_note) != std::string::npos);

    {
        arbiter::db::OpenOptions options;
        options.read_only = true;
        arbiter::db::Database database(work.db.string(), options);
        const auto steps = database.ladder_steps("three-steps-smoke");
        REQUIRE(steps.size() == 3);
        CHECK(steps[0].player == "tempo 01 Base");
        CHECK(steps[1].player == "tempo 02 Tapered");
        CHECK(steps[2].player == "tempo 03 All");
        CHECK(steps[0].step_date == "2024-03-01");
        CHECK(nlohmann::json::parse(steps[1].options_json)["Features"] == "none,+AspirationWindows,+TaperedEval");
        CHECK(steps[0].engine_id.has_value());
    }
    const Counts first = counts(work.db);
    // 4 games against tempo-ref per step, plus 4 head to head from step 2 on.
    CHECK(first.games == 4 + 8 + 8);
    CHECK(first.epd_rows == 3 * 3);
    CHECK(first.runs == 1 + 3 + 3);  // the ladder's run, a gauntlet and a WAC run per step

    REQUIRE(work.arbiter(ladder, "second.log") == 0);
    const Counts second = counts(work.db);
    CHECK(second.games == first.games);
    CHECK(second.epd_rows == first.epd_rows);
    CHECK(second.runs == first.runs);

    const fs::path report = work.dir / "report.json";
    REQUIRE(work.arbiter({"report", "features", "--db", work.db.string(), "--format", "json", "--out", report.string()},
                         "report.log") == 0);
    const auto json = nlohmann::json::parse(read_text(report));
    CHECK(json["notes"][0].get<std::string>().starts_with("SMOKE RUN"));
    // How the games were played, for a reader repeating the table: the book and the step binary.
    bool games_noted = false;
    for (const auto& note : json["notes"]) {
        const std::string text = note.get<std::string>();
        if (!text.starts_with("Openings: ")) continue;
        games_noted = true;
        CHECK(text.find("/openings/noob_2moves.epd (epd, sequential order, seed ") != std::string::npos);
        CHECK(text.find("each opening with both colours") != std::string::npos);
        CHECK(std::regex_search(text, std::regex("Step engine: [^ ]*tempo \\(file v2:[0-9a-f]{16}\\)$")));
    }
    CHECK(games_noted);
    const auto& rows = json["sections"][0]["tables"][0]["rows"];
    REQUIRE(rows.size() == 3);
    CHECK(rows[0]["Feature"] == "Baseline: aspiration windows");
    CHECK(rows[2]["Category"] == "Search");
    CHECK(rows[0]["Date"] == "2024-03-01");
    for (const auto& row : rows) CHECK(row["WAC"].get<std::string>().ends_with("/3"));
    // Elo cells carry the games each step played: 4, 8 (4 + 4 head to head), 8.
    INFO(json["sections"].dump(1));
    // Every step is rated: by the maximum-likelihood fit, or by BayesElo when a tiny sample has no
    // finite maximum-likelihood solution (the report then says so in a paragraph).
    CHECK(rows[0]["Elo Rating"].get<std::string>().ends_with("(8)"));  // 4 + 4 against step 2
    CHECK(rows[1]["Elo Rating"].get<std::string>().ends_with("(12)"));
    CHECK(rows[2]["Elo Rating"].get<std::string>().ends_with("(8)"));
    CHECK(rows[0]["Improvement"].get<std::string>().empty());
    CHECK(std::regex_match(rows[1]["Improvement"].get<std::string>(), std::regex("[+-][0-9]+( \xC2\xB1 [0-9]+)?")));
    for (const auto& paragraph : json["sections"][0]["paragraphs"])
        CHECK_FALSE(paragraph.get<std::string>().starts_with("No ratings"));
}

namespace {

// measure as a ladder file gives it; the smoke run measures at depth 3 and 2 pairs at its 400 nodes.
const nlohmann::json kMeasured = {
    {"measure", {{"time_to_depth", {{"depth", 6}}}, {"fixed_nodes", {{"nodes", 50000}, {"pairs", 40}}}}},
    {"smoke", {{"measure_depth", 3}, {"measure_pairs", 2}}}};
const nlohmann::json kSmokeDepth = {{"depth", 3}, {"positions", ""}};
const nlohmann::json kSmokeNodes = {{"nodes", 400}, {"pairs", 2}};

arbiter::db::Database read_only(const fs::path& path) {
    arbiter::db::OpenOptions options;
    options.read_only = true;
    return arbiter::db::Database(path.string(), options);
}

// Everything the database holds, to see that a re-run adds nothing.
struct Stored {
    std::size_t runs = 0, epd_rows = 0, links = 0;
    std::int64_t games = 0;
    bool operator==(const Stored&) const = default;
};

Stored everything(const fs::path& path, const std::string& ladder = "three-steps-smoke") {
    auto database = read_only(path);
    Stored stored;
    for (const auto& run : database.list_runs()) {
        ++stored.runs;
        stored.epd_rows += database.epd_results_of_run(run.id).size();
    }
    stored.games = database.count_games();
    stored.links = database.ladder_measurements(ladder).size();
    return stored;
}

// The step's measuring run of `kind` under the smoke plan's settings.
std::int64_t measuring_run(arbiter::db::Database& database, int step, arbiter::db::MeasurementKind kind) {
    const nlohmann::json wanted = kind == arbiter::db::MeasurementKind::time_to_depth ? kSmokeDepth : kSmokeNodes;
    for (const auto& row : database.ladder_measurements("three-steps-smoke"))
        if (row.step_index == step && row.kind == kind && nlohmann::json::parse(row.settings_json) == wanted)
            return row.run_id;
    FAIL("step " << step << " has no " << arbiter::db::to_string(kind) << " run");
    return 0;
}

struct DepthTotals {
    std::int64_t nodes = 0, time_ms = 0;
};

std::string two_decimals(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", value);
    return text;
}

std::string kilo_nodes_per_second(const DepthTotals& totals) {
    if (totals.time_ms == 0) return "";
    if (totals.time_ms < arbiter::reports::kShortestTimedSearchMs)
        return "too short to time (" + std::to_string(totals.time_ms) + " ms)";
    char text[32];
    std::snprintf(text, sizeof text, "%.0f",
                  std::round(static_cast<double>(totals.nodes) / static_cast<double>(totals.time_ms)));
    return text;
}

using Answers = std::map<std::string, arbiter::db::EpdResultRecord>;

// Two search runs' totals over the positions both answered (every position of `mine`).
std::pair<DepthTotals, DepthTotals> common_totals(const Answers& mine, const Answers& theirs) {
    std::pair<DepthTotals, DepthTotals> totals;
    for (const auto& [position, answer] : mine) {
        totals.first.nodes += *answer.nodes;
        totals.first.time_ms += answer.time_ms.value_or(0);
        totals.second.nodes += *theirs.at(position).nodes;
        totals.second.time_ms += theirs.at(position).time_ms.value_or(0);
    }
    return totals;
}

// "Speed vs previous" worked out here: empty when either run is too short to time.
std::string speed_ratio(const DepthTotals& mine, const DepthTotals& theirs) {
    if (mine.time_ms < arbiter::reports::kShortestTimedSearchMs ||
        theirs.time_ms < arbiter::reports::kShortestTimedSearchMs)
        return "";
    const double speed = static_cast<double>(mine.nodes) / static_cast<double>(mine.time_ms);
    const double before = static_cast<double>(theirs.nodes) / static_cast<double>(theirs.time_ms);
    return two_decimals(speed / before);
}

// The step's points per pair of its fixed-node run, over 2: the pentanomial scores.
std::vector<double> pair_scores(arbiter::db::Database& database, std::int64_t run, const std::string& player) {
    std::map<std::int64_t, double> points;
    for (const auto& game : database.games_of_run(run)) {
        const bool white = game.white == player;
        CHECK((white || game.black == player));
        points[game.pair_index] += game.result == arbiter::db::GameResult::draw                   ? 0.5
                                   : (game.result == arbiter::db::GameResult::white_win) == white ? 1.0
                                                                                                  : 0.0;
    }
    std::vector<double> scores;
    for (const auto& [pair, sum] : points) scores.push_back(sum / 2);
    return scores;
}

// The "Speed and knowledge" table of `arbiter report features --format json` on the workspace's database.
nlohmann::json speed_knowledge_table(Workspace& work) {
    const fs::path report = work.dir / "report.json";
    REQUIRE(work.arbiter({"report", "features", "--db", work.db.string(), "--format", "json", "--out", report.string()},
                         "report.log") == 0);
    const auto json = nlohmann::json::parse(read_text(report));
    for (const auto& section : json["sections"])
        if (section["heading"] == "Speed and knowledge") return section["tables"][0];
    return nlohmann::json::object();
}

}  // namespace

TEST_CASE("arbiter ladder measure: every step's time to depth and fixed-node match, stored once and reported",
          "[integration]") {
    Workspace work(kMeasured);
    const std::vector<std::string> ladder{"ladder",  work.config.string(), "--db", work.db.string(),
                                          "--smoke", "--concurrency",      "2"};
    const int first_status = work.arbiter(ladder, "first.log");
    INFO(read_text(work.dir / "first.log"));
    REQUIRE(first_status == 0);
    const Stored first = everything(work.db);
    CHECK(first.links == 3 + 2);  // a time to depth per step, a fixed-node match from step 2 on
    {
        // The measurements are not the ladder's runs: its fit sees the gauntlets' 20 games only.
        const Counts ladder_only = counts(work.db);
        CHECK(ladder_only.games == 20);
        CHECK(ladder_only.runs == 1 + 3 + 3);
    }
    REQUIRE(work.arbiter(ladder, "second.log") == 0);
    CHECK(everything(work.db) == first);  // resumed: nothing played twice

    const nlohmann::json rows = speed_knowledge_table(work)["rows"];
    REQUIRE(rows.size() == 3);

    auto database = read_only(work.db);
    const auto steps = database.ladder_steps("three-steps-smoke");
    Answers previous;
    for (int step = 0; step < 3; ++step) {
        INFO("step " << step + 1);
        const auto& row = rows[static_cast<std::size_t>(step)];
        Answers answers;
        DepthTotals all;
        for (const auto& answer :
             database.epd_results_of_run(measuring_run(database, step, arbiter::db::MeasurementKind::time_to_depth))) {
            CHECK(answer.engine == steps[static_cast<std::size_t>(step)].player);
            CHECK(answer.depth == 3);  // searched to the fixed depth
            REQUIRE(answer.nodes.has_value());
            all.nodes += *answer.nodes;
            all.time_ms += answer.time_ms.value_or(0);
            answers[answer.position_id] = answer;
        }
        CHECK(answers.size() == 46);  // bench.epd
        CHECK(row["Nodes to depth"] == std::to_string(all.nodes));
        CHECK(row["kN/s"] == kilo_nodes_per_second(all));
        if (step == 0) {
            CHECK(row["Nodes vs previous"] == "");
            CHECK(row["Speed vs previous"] == "");
            CHECK(row["Fixed-node Elo vs previous"] == "");
        } else {
            const auto [mine, theirs] = common_totals(answers, previous);
            CHECK(row["Nodes vs previous"] ==
                  two_decimals(static_cast<double>(mine.nodes) / static_cast<double>(theirs.nodes)));
            CHECK(row["Speed vs previous"] == speed_ratio(mine, theirs));
            const std::int64_t run = measuring_run(database, step, arbiter::db::MeasurementKind::fixed_nodes);
            const auto config = nlohmann::json::parse(database.run_by_id(run)->config_json);
            for (const auto& engine : config["engines"]) {
                CHECK(engine["nodes"] == 400);
                CHECK_FALSE(engine.contains("tc"));
            }
            CHECK(config["engines"][1]["name"] == steps[static_cast<std::size_t>(step - 1)].player);
            const auto scores = pair_scores(database, run, steps[static_cast<std::size_t>(step)].player);
            CHECK(scores.size() == 2);
            CHECK(row["Fixed-node Elo vs previous"] == test_support::pentanomial_elo_cell(scores));
        }
        previous = answers;
    }
}

TEST_CASE("arbiter ladder measure: speed searches at a node count, stored once, time the report's speed",
          "[integration]") {
    // The smoke run searches its own 30,000 nodes a position instead of the file's 2,000,000.
    const nlohmann::json measured = {{"measure", {{"time_to_depth", {{"depth", 6}}}, {"speed", {{"nodes", 2000000}}}}},
                                     {"smoke", {{"measure_depth", 2}, {"measure_speed_nodes", 30000}}}};
    Workspace work(measured);
    const std::vector<std::string> ladder{"ladder",  work.config.string(), "--db", work.db.string(),
                                          "--smoke", "--concurrency",      "2"};
    REQUIRE(work.arbiter(ladder, "first.log") == 0);
    const Stored first = everything(work.db);
    CHECK(first.links == 3 + 3);  // a time to depth and a speed run per step
    REQUIRE(work.arbiter(ladder, "second.log") == 0);
    CHECK(everything(work.db) == first);  // resumed: nothing searched twice

    const nlohmann::json table = speed_knowledge_table(work);
    REQUIRE(table["rows"].size() == 3);
    CHECK(table["caption"].get<std::string>().find("speed at 30000 nodes a position") != std::string::npos);

    auto database = read_only(work.db);
    const nlohmann::json wanted = {{"nodes", 30000}, {"positions", ""}};
    Answers previous;
    for (int step = 0; step < 3; ++step) {
        INFO("step " << step + 1);
        std::optional<std::int64_t> run;
        for (const auto& row : database.ladder_measurements("three-steps-smoke"))
            if (row.step_index == step && row.kind == arbiter::db::MeasurementKind::speed &&
                nlohmann::json::parse(row.settings_json) == wanted)
                run = row.run_id;
        REQUIRE(run);
        CHECK(database.run_by_id(*run)->time_control == "nodes=30000");  // searched to the node count
        Answers answers;
        DepthTotals all;
        for (const auto& answer : database.epd_results_of_run(*run)) {
            // The engine's last report: tempo reports each finished iteration, so up to the limit.
            REQUIRE(answer.nodes.has_value());
            CHECK(*answer.nodes > 0);
            CHECK(*answer.nodes <= 2 * 30000);
            all.nodes += *answer.nodes;
            all.time_ms += answer.time_ms.value_or(0);
            answers[answer.position_id] = answer;
        }
        CHECK(answers.size() == 46);
        const auto& row = table["rows"][static_cast<std::size_t>(step)];
        CHECK(row["kN/s"] == kilo_nodes_per_second(all));
        if (step > 0) {
            const auto [mine, theirs] = common_totals(answers, previous);
            CHECK(row["Speed vs previous"] == speed_ratio(mine, theirs));
        }
        previous = answers;
    }
}

TEST_CASE("arbiter ladder measure: shard 1 measures for all shards; --target-error measures after each first batch",
          "[integration]") {
    Workspace work(kMeasured);
    const auto ladder = [&](const fs::path& db, std::vector<std::string> more) {
        std::vector<std::string> args{"ladder",  work.config.string(), "--db", db.string(),
                                      "--smoke", "--concurrency",      "2"};
        args.insert(args.end(), more.begin(), more.end());
        return args;
    };
    // Shard 2 plays its share of the gauntlets only: WAC runs and measurements are whole runs of shard 1.
    const fs::path shard = work.dir / "shard2.db";
    const int shard_status = work.arbiter(ladder(shard, {"--shard", "2/2"}), "shard.log");
    INFO(read_text(work.dir / "shard.log"));
    REQUIRE(shard_status == 0);
    CHECK(everything(shard).links == 0);
    CHECK(everything(shard).epd_rows == 0);

    const fs::path target = work.dir / "target.db";
    const int target_status =
        work.arbiter(ladder(target, {"--target-error", "1000", "--max-games", "40"}), "target.log");
    INFO(read_text(work.dir / "target.log"));
    REQUIRE(target_status == 0);
    const Stored stored = everything(target, "three-steps-smoke-target");
    CHECK(stored.links == 3 + 2);
    CHECK(stored.epd_rows == 3 * 3 + 3 * 46);  // WAC's 3 positions and bench.epd's 46 per step
}

TEST_CASE("arbiter ladder wac runs: a timed WAC played twice per step, once each, with its spread and depth",
          "[integration]") {
    const nlohmann::json twice = {{"wac", {{"movetime_ms", 3000}, {"runs", 2}}}};
    Workspace work(twice);
    const std::vector<std::string> ladder{"ladder",  work.config.string(), "--db", work.db.string(),
                                          "--smoke", "--concurrency",      "2"};
    const int status = work.arbiter(ladder, "first.log");
    INFO(read_text(work.dir / "first.log"));
    REQUIRE(status == 0);
    const Stored first = everything(work.db);
    REQUIRE(work.arbiter(ladder, "second.log") == 0);
    CHECK(everything(work.db) == first);

    const fs::path report = work.dir / "report.json";
    REQUIRE(work.arbiter({"report", "features", "--db", work.db.string(), "--format", "json", "--out", report.string()},
                         "report.log") == 0);
    const auto json = nlohmann::json::parse(read_text(report));
    const auto& rows = json["sections"][0]["tables"][0]["rows"];
    REQUIRE(rows.size() == 3);
    auto database = read_only(work.db);
    const auto steps = database.ladder_steps("three-steps-smoke");
    for (std::size_t step = 0; step < 3; ++step) {
        INFO("step " << step + 1);
        std::vector<std::int64_t> solved;
        std::vector<double> depths;
        for (const auto& run : database.runs_of_ladder("three-steps-smoke")) {
            if (run.kind != arbiter::db::RunKind::epd) continue;
            const auto answers = database.epd_results_of_run(run.id);
            if (answers.empty() || answers[0].engine != steps[step].player) continue;
            CHECK(run.time_control == "movetime=20");  // the smoke run's time per position
            CHECK(answers.size() == 3);
            std::int64_t count = 0;
            double depth_sum = 0;
            for (const auto& answer : answers) {
                count += answer.solved ? 1 : 0;
                depth_sum += answer.depth.value_or(0);
            }
            solved.push_back(count);
            depths.push_back(depth_sum / 3.0);
        }
        REQUIRE(solved.size() == 2);  // two runs of its own
        char wac[64], depth[16];
        std::snprintf(wac, sizeof wac, "%.1f/3 (%lld\xE2\x80\x93%lld)", (solved[0] + solved[1]) / 2.0,
                      static_cast<long long>(std::min(solved[0], solved[1])),
                      static_cast<long long>(std::max(solved[0], solved[1])));
        std::snprintf(depth, sizeof depth, "%.1f", (depths[0] + depths[1]) / 2.0);
        CHECK(rows[step]["WAC"] == wac);
        CHECK(rows[step]["WAC depth"] == depth);
    }
}
