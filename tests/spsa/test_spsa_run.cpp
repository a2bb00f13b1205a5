// `arbiter spsa` end to end with tempo at 2000 nodes: bad input, a short tune with its stored
// iterations and paste-back lines, and a SIGKILLed run that continues at its next iteration.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <signal.h>
#include <unistd.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "cli/spsa_command.h"
#include "db/database.h"
#include "harness/spsa/perturbation.h"
#include "tests/support/captured_run.h"
#include "tests/support/child.h"
#include "tests/support/temp_dir.h"
#include "tests/support/wait_until.h"

namespace {

const std::string kParams = "LmrDivisor, int, 300, 100, 600, 20, 0.002\nFutilityMargin1, int, 200, 0, 600, 20, 0.002\n";

std::vector<std::string> spsa_args(const test_support::TempDir& dir, const std::string& params, int iterations) {
    return {"spsa",
            "-engine",
            std::string("cmd=") + TEMPO_BIN,
            "name=tempo",
            "-each",
            "nodes=2000",
            "-concurrency",
            "2",
            "--params",
            params,
            "--iterations",
            std::to_string(iterations),
            "--pairs-per-iteration",
            "2",
            "--db",
            dir.file("spsa.db"),
            "-seed",
            "11",
            "--name",
            "recovery"};
}

// arbiter ARGS to its end, its stdout and stderr in `log`; its exit code.
int run(const std::vector<std::string>& args, const std::string& log) {
    return test_support::run(test_support::logged(ARBITER_BIN, args, log), std::chrono::minutes(2)).exit_code;
}

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

arbiter::db::SpsaRunData stored(const std::string& path) {
    arbiter::db::OpenOptions options;
    options.read_only = true;
    arbiter::db::Database db(path, options);
    return db.spsa_run_data("recovery").value();
}

int finished_iterations(const std::string& path) {
    try {
        arbiter::db::OpenOptions options;
        options.read_only = true;
        arbiter::db::Database db(path, options);
        const auto data = db.spsa_run_data("recovery");
        if (!data) return 0;
        int finished = 0;
        for (const auto& it : data->iterations) finished += it.finished_at ? 1 : 0;
        return finished;
    } catch (const std::exception&) {
        return 0;  // not created yet
    }
}

// Every stored iteration follows the last one's θ, moved by its own result as fishtest moves it.
void check_trajectory(const arbiter::db::SpsaRunData& data, int pairs) {
    std::vector<double> theta{data.params[0].start, data.params[1].start};
    for (const auto& it : data.iterations) {
        INFO("iteration " << it.iteration);
        REQUIRE(it.finished_at);
        CHECK(it.wins + it.draws + it.losses == 2 * pairs);
        CHECK(it.pentanomial[0] + it.pentanomial[1] + it.pentanomial[2] + it.pentanomial[3] + it.pentanomial[4] ==
              pairs);
        const auto drawn = arbiter::spsa::draw_perturbation(static_cast<std::uint64_t>(data.run.seed), it.iteration, 2);
        for (const auto& step : it.steps) {
            const auto p = static_cast<std::size_t>(step.param_index);
            CHECK(step.theta_before == theta[p]);
            CHECK(step.flip == drawn.flips[p]);
            CHECK(step.plus_value == std::floor(step.plus_value));
            CHECK(step.plus_value >= data.params[p].min);
            CHECK(step.minus_value <= data.params[p].max);
            const double moved =
                step.theta_before + step.r * step.c * static_cast<double>(it.wins - it.losses) * step.flip;
            CHECK(*step.theta_after == Approx(std::clamp(moved, data.params[p].min, data.params[p].max)));
            theta[p] = *step.theta_after;
        }
    }
}

}  // namespace

TEST_CASE(
    "arbiter spsa refuses a bad parameter line naming the file and line, a second engine and an undeclared option",
    "[integration]") {
    test_support::TempDir dir;
    const std::string params =
        dir.write("bad.txt", "LmrDivisor, int, 300, 100, 600, 20, 0.002\nFutilityMargin1, int, 200\n");
    auto result = test_support::run_captured(
        arbiter::cli::run_spsa_command,
        {"-engine", std::string("cmd=") + TEMPO_BIN, "--params", params, "--db", dir.file("x.db")});
    CHECK(result.code == 2);
    CHECK(result.err.find(params + ":2: expected 'name,value,min,max,c_end,r_end'") != std::string::npos);
    result = test_support::run_captured(arbiter::cli::run_spsa_command,
                                        {"-engine", "cmd=a", "-engine", "cmd=b", "--params", params});
    CHECK(result.code == 2);
    CHECK(result.err.find("-engine: give the one engine to tune") != std::string::npos);
    result = test_support::run_captured(arbiter::cli::run_spsa_command,
                                        {"-engine", "cmd=a", "--iterations", "0", "--params", params});
    CHECK(result.code == 2);
    CHECK(result.err.find("--iterations") != std::string::npos);
    result = test_support::run_captured(arbiter::cli::run_spsa_command,
                                        {"-engine", "cmd=a", "--A-ratio", "-0.5", "--params=" + params});
    CHECK(result.code == 2);
    CHECK(result.err.find("--A-ratio: expected a share of 0 or more") != std::string::npos);
    result = test_support::run_captured(arbiter::cli::run_spsa_command,
                                        {"-engine", "cmd=a", "--gamma=0", "--params", params});
    CHECK(result.code == 2);
    CHECK(result.err.find("--gamma: expected a number above 0") != std::string::npos);
    // An option the engine does not declare would be tuned on noise.
    const std::string bogus = dir.write("bogus.txt", "Bogus,5,0,10,1,0.002\n");
    CHECK(run({"spsa", "-engine", std::string("cmd=") + TEMPO_BIN, "-each", "nodes=2000", "--params", bogus,
               "--iterations", "1", "--db", dir.file("bogus.db")},
              dir.file("bogus.log")) == 2);
    CHECK(read_text(dir.file("bogus.log")).find("doesn't have option Bogus") != std::string::npos);
    result = test_support::run_captured(arbiter::cli::run_spsa_command, {"--help"});
    CHECK(result.code == 0);
    CHECK(result.out.find("arbiter report spsa") != std::string::npos);
}

TEST_CASE("a short spsa tune of tempo stores every iteration and prints the values to paste back", "[integration]") {
    test_support::TempDir dir;
    const std::string params = dir.write("tune.txt", kParams);
    const std::string log = dir.file("run.log");
    REQUIRE(run(spsa_args(dir, params, 4), log) == 0);
    const std::string out = read_text(log);
    INFO(out);
    CHECK(out.find("iteration 4/4, 16 games:") != std::string::npos);
    const auto data = stored(dir.file("spsa.db"));
    REQUIRE(data.iterations.size() == 4);
    check_trajectory(data, 2);
    arbiter::db::OpenOptions options;
    options.read_only = true;
    arbiter::db::Database db(dir.file("spsa.db"), options);
    for (const auto& it : data.iterations) {
        arbiter::db::ResultFilter filter;
        filter.run_ids.push_back(it.match_run_id.value());
        CHECK(db.count_games(filter) == 4);
    }
    CHECK(data.time.games == 16);
    CHECK(data.time.game_seconds > 0.0);
    REQUIRE(data.time.wall_seconds);
    CHECK(*data.time.wall_seconds >= 0.0);
    const double lmr = *data.iterations.back().steps[0].theta_after;
    const std::string lmr_text = std::to_string(std::llround(lmr));
    CHECK(out.find("LmrDivisor, int, " + lmr_text + ", 100, 600, 20, 0.002\n") != std::string::npos);
    CHECK(out.find("LmrDivisor," + lmr_text + ",100,600,20,0.002\n") != std::string::npos);
    CHECK(out.find("setoption name LmrDivisor value " + lmr_text + "\n") != std::string::npos);
    CHECK(out.find("-each option.LmrDivisor=" + lmr_text + " option.FutilityMargin1=") != std::string::npos);

    // The report reads the same run back: every iteration's θ after, the games and θ+'s results.
    REQUIRE(run({"report", "spsa", "--db", dir.file("spsa.db"), "--format", "json", "--out", dir.file("r.json")},
                dir.file("report.log")) == 0);
    const auto report = nlohmann::json::parse(read_text(dir.file("r.json")));
    INFO(report.dump(1));
    const auto& runs = report.at("runs");
    REQUIRE(runs.size() == 1);
    CHECK(runs[0].at("iterations_done") == 4);
    CHECK(runs[0].at("games") == 16);
    CHECK(runs[0].at("schedule").at("A").get<double>() == Approx(0.4));  // OpenBench: 0.1 of 4 iterations
    const auto& lmr_report = runs[0].at("params")[0];
    CHECK(lmr_report.at("name") == "LmrDivisor");
    REQUIRE(lmr_report.at("trajectory").size() == 4);
    for (std::size_t i = 0; i < 4; ++i)
        CHECK(lmr_report.at("trajectory")[i].get<double>() == Approx(*data.iterations[i].steps[0].theta_after));
    std::int64_t plus_wins = 0;
    for (const auto& it : data.iterations) plus_wins += it.wins;
    CHECK(runs[0].at("plus_results").at("wins") == plus_wins);

    // Run again: nothing left to play, the same values.
    REQUIRE(run(spsa_args(dir, params, 4), dir.file("again.log")) == 0);
    CHECK(stored(dir.file("spsa.db")).iterations.size() == 4);
    CHECK(read_text(dir.file("again.log")).find("-each option.LmrDivisor=" + lmr_text) != std::string::npos);
}

TEST_CASE("a SIGKILLed spsa run continues at its next iteration with the stored θ", "[integration]") {
    test_support::TempDir dir;
    const std::string params = dir.write("tune.txt", kParams);
    const std::string db = dir.file("spsa.db");
    constexpr int kIterations = 16;
    const auto args = spsa_args(dir, params, kIterations);
    test_support::Child arbiter(test_support::logged(ARBITER_BIN, args, dir.file("killed.log")));
    const bool some = test_support::wait_until([&] { return finished_iterations(db) >= 2; }, std::chrono::minutes(1));
    arbiter.signal(SIGKILL);
    const auto& killed = arbiter.wait(std::chrono::seconds(30));
    INFO(killed.out);
    REQUIRE(some);
    REQUIRE(killed.signal == SIGKILL);
    const auto before = stored(db);
    int done = 0;
    for (const auto& it : before.iterations) done += it.finished_at ? 1 : 0;
    REQUIRE(done < kIterations);
    const bool half_played = before.iterations.size() > static_cast<std::size_t>(done);

    REQUIRE(run(spsa_args(dir, params, kIterations), dir.file("resumed.log")) == 0);
    const std::string out = read_text(dir.file("resumed.log"));
    INFO(out);
    CHECK(out.find("resuming at iteration " + std::to_string(done + 1)) != std::string::npos);
    const auto after = stored(db);
    REQUIRE(after.iterations.size() == static_cast<std::size_t>(kIterations));
    check_trajectory(after, 2);
    for (int i = 0; i < done; ++i) {  // the finished iterations are kept as they were
        CHECK(after.iterations[i].finished_at == before.iterations[i].finished_at);
        CHECK(*after.iterations[i].steps[0].theta_after == *before.iterations[i].steps[0].theta_after);
    }
    const auto& next = after.iterations[static_cast<std::size_t>(done)];
    CHECK(next.steps[0].theta_before == *before.iterations[done - 1].steps[0].theta_after);
    if (half_played) {  // played again with the perturbation it was stored with
        CHECK(next.steps[0].plus_value == before.iterations[done].steps[0].plus_value);
        CHECK(next.steps[1].minus_value == before.iterations[done].steps[1].minus_value);
    }
}
