// "Speed and knowledge" in `arbiter report features` (#40) on a synthetic ladder whose measurement
// runs the test writes itself: every cell worked out here from the rows written, independently of
// the report's code (the Elo by fishtest's pentanomial formulas: tests/support/pentanomial_elo.h).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "reports/feature_report.h"
#include "reports/speed_knowledge.h"
#include "tests/reports/synthetic_ladder.h"
#include "tests/support/pentanomial_elo.h"
#include "tests/support/temp_dir.h"

using namespace arbiter;
using nlohmann::json;

namespace {

const json kDepth = {{"depth", 4}, {"positions", ""}};
const json kNodes = {{"nodes", 1000}, {"pairs", 5}};

std::int64_t engine_of(db::Database& database, const std::string& name) {
    db::EngineRecord engine;
    engine.name = name;
    engine.command = "/bin/" + name;
    return database.upsert_engine(engine);
}

std::int64_t new_run(db::Database& database, db::RunKind kind, const json& config) {
    db::RunRecord run;
    run.kind = kind;
    run.config_json = config.dump();
    return database.find_or_create_run(run).id;
}

struct Answer {
    const char* position;
    std::int64_t nodes, time_ms;
};

// A time-to-depth run (or another search run: `kind`) of `player` linked to `step` under `settings`;
// finished unless told.
void store_depth_run(db::Database& database, const std::string& player, int step, const json& settings,
                     const std::vector<Answer>& answers, bool finished = true,
                     db::MeasurementKind kind = db::MeasurementKind::time_to_depth) {
    const std::int64_t run = new_run(database, db::RunKind::epd, {{"ttd", player}, {"settings", settings}});
    std::vector<db::EpdResultRecord> rows;
    for (const Answer& answer : answers) {
        db::EpdResultRecord row;
        row.run_id = run;
        row.suite = "bench";
        row.position_id = answer.position;
        row.engine_id = engine_of(database, player);
        row.engine = player;
        row.nodes = answer.nodes;
        row.time_ms = answer.time_ms;
        row.depth = 4;
        rows.push_back(row);
    }
    database.insert_epd_results(rows);
    database.set_run_status(run, finished ? db::RunStatus::finished : db::RunStatus::failed);
    database.link_ladder_measurement({"synthetic", step, kind, settings.dump(), run});
}

// A fixed-node run of `player` against `previous`, one pair per entry: the player's results with
// white and then with black ('1' win, '=' draw, '0' loss).
void store_fixed_node_run(db::Database& database, const std::string& player, const std::string& previous, int step,
                          const std::vector<std::string>& pairs) {
    const std::int64_t run = new_run(database, db::RunKind::match, {{"fixed", player}});
    std::vector<db::GameRecord> games;
    for (std::size_t pair = 0; pair < pairs.size(); ++pair) {
        for (int game = 0; game < 2; ++game) {
            db::GameRecord record;
            record.run_id = run;
            record.pair_index = static_cast<std::int64_t>(pair);
            record.game_index = game;
            record.white = game == 0 ? player : previous;
            record.black = game == 0 ? previous : player;
            const char mine = pairs[pair][static_cast<std::size_t>(game)];
            const bool player_white = game == 0;
            record.result = mine == '='                     ? db::GameResult::draw
                            : (mine == '1') == player_white ? db::GameResult::white_win
                                                            : db::GameResult::black_win;
            games.push_back(record);
        }
    }
    database.insert_games(games);
    database.link_ladder_measurement({"synthetic", step, db::MeasurementKind::fixed_nodes, kNodes.dump(), run});
}

json measured_plan(const testing::SyntheticLadder& ladder, const json& measure) {
    return {{"ladder", ladder.name}, {"anchors", {{ladder.opponents[0], ladder.anchor}}}, {"measure", measure}};
}

// The ladder's own run, whose plan asks for both measurements unless told.
void store_measured_plan(db::Database& database, const testing::SyntheticLadder& ladder,
                         const json& measure = {{"time_to_depth", kDepth}, {"fixed_nodes", kNodes}}) {
    db::RunRecord plan_run;
    plan_run.kind = db::RunKind::ladder;
    plan_run.ladder = ladder.name;
    plan_run.config_json = measured_plan(ladder, measure).dump();
    database.find_or_create_run(plan_run);
}

// A database holding the synthetic ladder's games, for the measurements each test adds.
struct SyntheticDatabase {
    test_support::TempDir dir;
    db::Database database{dir.file("ladder.db")};
    testing::SyntheticLadder ladder;
    SyntheticDatabase() { testing::write_synthetic_ladder(database, ladder); }
};

const reports::Section* section_named(const reports::Report& report, const std::string& heading) {
    for (const auto& section : report.sections)
        if (section.heading == heading) return &section;
    return nullptr;
}

}  // namespace

TEST_CASE("speed and knowledge: nodes, speed and fixed-node Elo per step, from the plan's measurements", "[unit]") {
    SyntheticDatabase synthetic;
    db::Database& database = synthetic.database;
    const testing::SyntheticLadder& ladder = synthetic.ladder;
    const auto& p = ladder.players;
    // Not measured yet, not asked for: no section (the published tables keep their pages).
    CHECK(section_named(reports::build_feature_report(database, {}), "Speed and knowledge") == nullptr);

    store_depth_run(database, p[0], 0, kDepth, {{"b.01", 25000, 250}, {"b.02", 30000, 300}, {"b.03", 5000, 50}});
    // Step 2 stopped after two positions: its ratios compare those two only.
    store_depth_run(database, p[1], 1, kDepth, {{"b.01", 15000, 200}, {"b.02", 30000, 400}}, false);
    // Step 3 was measured at another depth only: not what the plan's columns say.
    store_depth_run(database, p[2], 2, {{"depth", 6}, {"positions", ""}}, {{"b.01", 9, 1}});
    // Step 2 against step 1: pairs scoring 1, 3/4, 1/2, 1/4 and 1/2 (WL) of a point per game.
    store_fixed_node_run(database, p[1], p[0], 1, {"11", "1=", "==", "0=", "10"});
    store_measured_plan(database, ladder);

    const reports::Report report = reports::build_feature_report(database, {});
    const reports::Section* section = section_named(report, "Speed and knowledge");
    REQUIRE(section != nullptr);
    REQUIRE(section->tables.size() == 1);
    const reports::Table& table = section->tables[0];
    CHECK(table.caption == "Speed and knowledge: depth 4 over bench.epd; 1000 nodes per move, 5 pairs");
    CHECK(table.columns == std::vector<std::string>{"Feature", "Improvement", "Nodes to depth", "Nodes vs previous",
                                                    "kN/s", "Speed vs previous", "Fixed-node Elo vs previous"});
    REQUIRE(table.rows.size() == 3);
    const auto& steps_table = section_named(report, "Steps")->tables.at(0);
    // Step 1: 60000 nodes in 600 ms; nothing to compare with.
    CHECK(table.rows[0] == std::vector<std::string>{ladder.labels[0], "", "60000", "", "100", "", ""});
    // Step 2: 45000 nodes in 600 ms over b.01 and b.02, where step 1 took 55000 nodes in 550 ms.
    CHECK(table.rows[1][1] == steps_table.rows[1][6]);  // the gauntlet's improvement, as in Steps
    CHECK(table.rows[1][2] == "45000 (incomplete: 2 positions)");
    CHECK(table.rows[1][3] == "0.82");
    CHECK(table.rows[1][4] == "75");
    CHECK(table.rows[1][5] == "0.75");  // 75 against 100 nodes a millisecond
    CHECK(table.rows[1][6] == test_support::pentanomial_elo_cell({1.0, 0.75, 0.5, 0.25, 0.5}));
    // Step 3: its depth-6 run is not the plan's, and it has no fixed-node run: empty, not zero.
    CHECK(table.rows[2] == std::vector<std::string>{ladder.labels[2], steps_table.rows[2][6], "", "", "", "", ""});
    REQUIRE(section->charts.size() == 1);
    CHECK(section->charts[0].series.points.size() == 3);
    CHECK_FALSE(section->charts[0].series.points[0].value.has_value());
    CHECK(section->paragraphs.size() == 3);
    CHECK(section->paragraphs[1].find("load") != std::string::npos);  // time-based figures depend on the load
}

TEST_CASE("speed and knowledge: searches too short to time give no speed and no speed ratio", "[unit]") {
    SyntheticDatabase synthetic;
    db::Database& database = synthetic.database;
    const testing::SyntheticLadder& ladder = synthetic.ladder;
    const auto& p = ladder.players;
    const std::int64_t enough = reports::kShortestTimedSearchMs;
    // Step 1 took exactly the shortest time that is timed, step 2 one millisecond less.
    store_depth_run(database, p[0], 0, kDepth, {{"b.01", 1000 * enough, enough}});
    store_depth_run(database, p[1], 1, kDepth, {{"b.01", 500 * (enough - 1), enough - 1}});
    store_measured_plan(database, ladder);

    const reports::Report report = reports::build_feature_report(database, {});
    const reports::Section* section = section_named(report, "Speed and knowledge");
    REQUIRE(section != nullptr);
    const reports::Table& table = section->tables.at(0);
    CHECK(table.rows[0][4] == "1000");
    CHECK(table.rows[1][2] == std::to_string(500 * (enough - 1)));  // nodes to depth do not need a clock
    CHECK(table.rows[1][3] == "0.50");
    CHECK(table.rows[1][4] == "too short to time (" + std::to_string(enough - 1) + " ms)");
    CHECK(table.rows[1][5].empty());
    CHECK(section->paragraphs[1].find("too short to time") != std::string::npos);
}

TEST_CASE("speed and knowledge: with measure.speed the speed comes from the node-limited searches", "[unit]") {
    SyntheticDatabase synthetic;
    db::Database& database = synthetic.database;
    const testing::SyntheticLadder& ladder = synthetic.ladder;
    const auto& p = ladder.players;
    const json speed = {{"nodes", 2000000}, {"positions", ""}};
    // To depth both steps were too short to time; searching 2,000,000 nodes took 600 and 800 ms.
    store_depth_run(database, p[0], 0, kDepth, {{"b.01", 40000, 100}});
    store_depth_run(database, p[1], 1, kDepth, {{"b.01", 20000, 50}});
    store_depth_run(database, p[0], 0, speed, {{"b.01", 2000000, 600}}, true, db::MeasurementKind::speed);
    store_depth_run(database, p[1], 1, speed, {{"b.01", 2000000, 800}}, true, db::MeasurementKind::speed);
    // A speed run under other settings is not the plan's.
    store_depth_run(database, p[1], 1, {{"nodes", 5}, {"positions", ""}}, {{"b.01", 5, 1000}}, true,
                    db::MeasurementKind::speed);
    // Step 3 was searched to depth long enough to time, but has no speed run: the plan times steps
    // by their speed runs only, so it shows no speed rather than one measured another way.
    store_depth_run(database, p[2], 2, kDepth, {{"b.01", 900000, 600}});
    store_measured_plan(database, ladder, {{"time_to_depth", kDepth}, {"speed", speed}});

    const reports::Report report = reports::build_feature_report(database, {});
    const reports::Section* section = section_named(report, "Speed and knowledge");
    REQUIRE(section != nullptr);
    const reports::Table& table = section->tables.at(0);
    CHECK(table.caption.find("speed at 2000000 nodes a position") != std::string::npos);
    CHECK(table.rows[0][2] == "40000");  // nodes to depth still from the searches to depth
    CHECK(table.rows[0][4] == "3333");   // 2,000,000 nodes in 600 ms
    CHECK(table.rows[1][2] == "20000");
    CHECK(table.rows[1][3] == "0.50");
    CHECK(table.rows[1][4] == "2500");  // in 800 ms
    CHECK(table.rows[1][5] == "0.75");  // 2500 / 3333.3
    CHECK(table.rows[2][2] == "900000");
    CHECK(table.rows[2][4].empty());
    CHECK(table.rows[2][5].empty());
    CHECK(section->paragraphs[1].find("go nodes N") != std::string::npos);
}
