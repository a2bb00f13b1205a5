// `arbiter ladder --target-error` end to end on a three-step test ladder at 400 nodes (games are
// deterministic: fixed nodes, fresh tables per game, sequential openings). What the runner decides
// is checked against a fit made here from the stored games: it stops when every improvement is
// within the target, each batch goes to the step whose improvement was the widest, --max-games
// stops it unmet and the report says so, a SIGKILLed run re-run ends with the target met, and so
// do shards merged with `arbiter merge` once the command is re-run on the merged file.
#include <catch2/catch.hpp>

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>

#include <nlohmann/json.hpp>

#include "db/database.h"
#include "harness/stats/ratings.h"
#include "tests/support/child.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"
#include "tests/support/wait_until.h"
#include "tests/ladder/ladder_workspace.h"

namespace {

namespace fs = std::filesystem;
using test_support::read_text;

constexpr const char* kLadder = "precision-steps-smoke-target";
const std::vector<std::string> kSteps{"tempo 01 Plain", "tempo 02 Mobility", "tempo 03 King"};
constexpr double kZ95 = 1.959963984540054;
constexpr std::int64_t kFirstRound =
    12;  // 4 games a step at concurrency 2 (2 pairs: one slot of 2 pairings, or 2 slots of 1)

struct Workspace : ladder_test::LadderWorkspace {
    Workspace() : LadderWorkspace("precision-steps.json") {}
};

arbiter::db::Database open_read_only(const std::string& path) {
    arbiter::db::OpenOptions options;
    options.read_only = true;
    return arbiter::db::Database(path, options);
}

std::int64_t ladder_games(const std::string& db_path) {
    auto database = open_read_only(db_path);
    arbiter::db::ResultFilter filter;
    filter.ladder = kLadder;
    return database.count_games(filter);
}

// Games per step's gauntlet run (the run whose first engine is the step's).
std::map<std::string, std::int64_t> games_per_step(const std::string& db_path) {
    auto database = open_read_only(db_path);
    std::map<std::string, std::int64_t> games;
    for (const auto& run : database.runs_of_ladder(kLadder)) {
        const auto config = nlohmann::json::parse(run.config_json, nullptr, false);
        if (run.kind == arbiter::db::RunKind::ladder || run.kind == arbiter::db::RunKind::epd) continue;
        games[config["engines"][0]["name"].get<std::string>()] += database.count_games({{run.id}, std::nullopt});
    }
    return games;
}

// The improvements' 95% errors from the stored games, fitted here (infinity: no finite error).
std::vector<double> improvement_errors(const std::string& db_path) {
    auto database = open_read_only(db_path);
    arbiter::db::ResultFilter filter;
    filter.ladder = kLadder;
    arbiter::stats::PairMatrix matrix;
    for (const auto& pair : database.pair_results(filter))
        matrix.add_counts(matrix.add_player(pair.white), matrix.add_player(pair.black),
                          {pair.white_wins, pair.draws, pair.black_wins});
    arbiter::stats::RatingOptions options;
    options.anchors["tempo-ref"] = 2000.0;
    const auto table = arbiter::stats::compute_ratings(matrix, options);
    std::vector<double> errors;
    for (std::size_t i = 1; i < kSteps.size(); ++i) {
        const auto sd =
            arbiter::stats::difference_sd(table, *table.results.find(kSteps[i]), *table.results.find(kSteps[i - 1]));
        errors.push_back(sd ? kZ95 * *sd : std::numeric_limits<double>::infinity());
    }
    return errors;
}

// The step (1-based, >= 2) whose improvement is the widest; the earlier one on a tie.
std::size_t widest_step(const std::vector<double>& errors) {
    std::size_t widest = 0;
    for (std::size_t i = 1; i < errors.size(); ++i)
        if (errors[i] > errors[widest]) widest = i;
    return widest + 2;
}

std::string precision_paragraph(const Workspace& work, const std::string& db_path) {
    const std::string out = (work.dir / "report.json").string();
    REQUIRE(work.arbiter({"report", "features", "--db", db_path, "--format", "json", "--out", out}, "report.log") == 0);
    const auto report = nlohmann::json::parse(read_text(out));
    for (const auto& section : report["sections"])
        if (section["heading"] == "Precision and cost") return section["paragraphs"][0].get<std::string>();
    FAIL("no Precision and cost section in the report");
    return {};
}

void check_met(const std::string& db_path, double target) {
    for (double error : improvement_errors(db_path)) CHECK(error <= target);
}

}  // namespace

TEST_CASE("ladder --target-error stops as soon as every improvement is within the target", "[integration]") {
    Workspace work;
    const std::string db = work.db("met.db");
    const int status = work.arbiter(work.ladder_args(db, "--target-error 5000 --max-games 400"), "run.log");
    INFO(work.log("run.log"));
    REQUIRE(status == 0);
    // Each step's first batch gives every improvement a finite error, far inside ±5000: nothing more is played.
    CHECK(ladder_games(db) == kFirstRound);
    CHECK(work.log("run.log").find("target met after 12 games") != std::string::npos);
    CHECK(work.log("run.log").find("batch 1:") == std::string::npos);
    check_met(db, 5000.0);
    CHECK(precision_paragraph(work, db).find("MET with 12 games") != std::string::npos);
}

TEST_CASE("ladder --max-games stops unmet, and each later batch goes to the widest improvement's step",
          "[integration]") {
    Workspace work;
    const std::string db = work.db("budget.db");
    REQUIRE(work.arbiter(work.ladder_args(db, "--target-error 10 --max-games 12"), "first.log") == 0);
    INFO(work.log("first.log"));
    CHECK(ladder_games(db) == kFirstRound);
    CHECK(work.log("first.log").find("budget spent, target NOT met") != std::string::npos);
    const std::string paragraph = precision_paragraph(work, db);
    CHECK(paragraph.find("NOT MET with 12 games") != std::string::npos);
    CHECK(paragraph.find("the budget is spent") != std::string::npos);

    // Raising the budget by one batch (4 games) at a time: the batch goes where the stored games say.
    for (std::int64_t budget = 16; budget <= 28; budget += 4) {
        const std::size_t widest = widest_step(improvement_errors(db));
        const auto before = games_per_step(db);
        const std::string log = "budget" + std::to_string(budget) + ".log";
        REQUIRE(work.arbiter(work.ladder_args(db, "--target-error 10 --max-games " + std::to_string(budget)), log) ==
                0);
        INFO(work.log(log));
        CHECK(work.log(log).find("batch 1: step " + std::to_string(widest) + "'s improvement is the widest") !=
              std::string::npos);
        auto expected = before;
        expected[kSteps[widest - 1]] += 4;
        CHECK(games_per_step(db) == expected);
        CHECK(ladder_games(db) == budget);
    }
}

TEST_CASE("ladder --max-games caps every batch, and a budget below the stored games plays nothing", "[integration]") {
    Workspace work;
    const std::string db = work.db("cap.db");
    // 6 games: step 1's first batch (4), then one pair of step 2's; step 3 gets none.
    REQUIRE(work.arbiter(work.ladder_args(db, "--target-error 10 --max-games 6"), "six.log") == 0);
    INFO(work.log("six.log"));
    CHECK(ladder_games(db) == 6);
    CHECK(games_per_step(db) == std::map<std::string, std::int64_t>{{kSteps[0], 4}, {kSteps[1], 2}});
    CHECK(work.log("six.log").find("budget spent, target NOT met") != std::string::npos);
    // A lower budget on the same ladder: step 3 still has no games, and gets none.
    REQUIRE(work.arbiter(work.ladder_args(db, "--target-error 10 --max-games 4"), "four.log") == 0);
    INFO(work.log("four.log"));
    CHECK(ladder_games(db) == 6);
    CHECK(work.log("four.log").find("budget spent, target NOT met") != std::string::npos);
}

TEST_CASE("a SIGKILLed ladder --target-error run, re-run, ends with the target met", "[integration]") {
    Workspace work;
    const std::string db = work.db("killed.db");
    const std::vector<std::string> args = work.ladder_args(db, "--target-error 150 --max-games 400");
    const std::string out = (work.dir / "killed.log").string();
    test_support::Child arbiter(test_support::logged(ARBITER_BIN, args, out));
    // Killed while the widest-first batches run (the second one is under way).
    const bool started = test_support::wait_until([&] { return read_text(out).find("batch 2:") != std::string::npos; },
                                                  std::chrono::minutes(2));
    arbiter.signal(SIGKILL);
    const auto& killed = arbiter.wait(std::chrono::seconds(30));
    INFO(killed.out);
    REQUIRE(started);
    REQUIRE(killed.signal == SIGKILL);
    const std::int64_t kept = ladder_games(db);
    CHECK(kept >= kFirstRound + 4);
    const auto errors_then = improvement_errors(db);
    CHECK(std::max(errors_then[0], errors_then[1]) > 150.0);  // the target was not met when it died

    REQUIRE(work.arbiter(args, "resumed.log") == 0);
    INFO(work.log("resumed.log"));
    CHECK(work.log("resumed.log").find("target met after") != std::string::npos);
    CHECK(ladder_games(db) >= kept);
    check_met(db, 150.0);
    CHECK(precision_paragraph(work, db).find("MET with") != std::string::npos);
}

TEST_CASE("ladder --target-error shards, merged, end with the target met on the merged games", "[integration]") {
    Workspace work;
    const std::string one = work.db("shard1.db"), two = work.db("shard2.db"), merged = work.db("merged.db");
    REQUIRE(work.arbiter(work.ladder_args(one, "--target-error 150 --max-games 400 --shard 1/2"), "one.log") == 0);
    REQUIRE(work.arbiter(work.ladder_args(two, "--target-error 150 --max-games 400 --shard 2/2"), "two.log") == 0);
    INFO(work.log("one.log") << work.log("two.log"));
    // Each shard aims at 150 * sqrt(2) on its own games.
    CHECK(work.log("one.log").find("target met") != std::string::npos);
    check_met(one, 150.0 * std::sqrt(2.0));
    check_met(two, 150.0 * std::sqrt(2.0));
    const std::int64_t sharded = ladder_games(one) + ladder_games(two);
    REQUIRE(work.arbiter({"merge", merged, one, two}, "merge.log") == 0);
    CHECK(ladder_games(merged) == sharded);

    // The same command on the merged file plays what the rule still asks for, if anything.
    REQUIRE(work.arbiter(work.ladder_args(merged, "--target-error 150 --max-games 400"), "merged.log") == 0);
    INFO(work.log("merged.log"));
    CHECK(work.log("merged.log").find("target met after") != std::string::npos);
    CHECK(ladder_games(merged) >= sharded);
    check_met(merged, 150.0);
    CHECK(precision_paragraph(work, merged).find("MET with") != std::string::npos);
    // Both shards played every step: the merged runs hold games from both halves of each run.
    for (const auto& [step, games] : games_per_step(one)) CHECK(games_per_step(two)[step] > 0);
}
