// fastchess's -use-affinity, -force-concurrency and -testEnv, run for real with tempo at fixed
// nodes; the same settings as JSON keys. An engine wrapper writes the CPUs it may run on
// (/proc/self/status Cpus_allowed_list) to a file of its own before it becomes tempo.

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <thread>
#include <vector>
#include <nlohmann/json.hpp>

#include "harness/config/match_config.h"
#include "harness/config/runner_settings.h"
#include "harness/runner/cpu_slots.h"
#include "tests/runner/affinity_probe.h"
#include "tests/support/match_test_support.h"

using namespace match_test;
using namespace arbiter;

namespace {

std::vector<std::string> pair_of(const std::string& engine, const TempDir& dir, const std::string& db,
                                 unsigned concurrency = 1) {
    return {"-engine",
            "cmd=" + engine,
            "name=a",
            "-engine",
            "cmd=" + engine,
            "name=b",
            "-each",
            "nodes=300",
            "-games",
            "2",
            "-repeat",
            "-concurrency",
            std::to_string(concurrency),
            "-logdir",
            "off",
            "-db",
            dir.file(db)};
}

unsigned hardware_threads() { return std::max(1u, std::thread::hardware_concurrency()); }

}  // namespace

TEST_CASE("CPU lists read and print as Linux writes them", "[unit][runner_flags]") {
    CHECK(config::parse_cpu_list("3,5,7-11,13", "-use-affinity") == std::vector<int>{3, 5, 7, 8, 9, 10, 11, 13});
    CHECK(config::parse_cpu_list("1", "x") == std::vector<int>{1});
    CHECK(config::cpu_list_text({0, 1, 2, 5, 7, 8}) == "0-2,5,7-8");
    CHECK(config::cpu_list_text({3}) == "3");
    for (const char* bad : {"", "1,,2", "4-2", "1,1", "-1", "a", "5000"}) {
        INFO(bad);
        CHECK_THROWS_WITH(config::parse_cpu_list(bad, "-use-affinity"), Catch::StartsWith("-use-affinity: "));
    }
}

TEST_CASE("CPUs are handed out first thread of every core first, as fastchess does", "[unit][runner_flags]") {
    // Two packages of two cores with two threads each, numbered as Linux often numbers them.
    std::string cpuinfo;
    const int layout[8][3] = {{0, 0, 0}, {1, 0, 1}, {2, 1, 0}, {3, 1, 1}, {4, 0, 0}, {5, 0, 1}, {6, 1, 0}, {7, 1, 1}};
    for (const auto& [processor, package, core] : layout)
        cpuinfo += "processor\t: " + std::to_string(processor) +
                   "\nmodel name\t: x\nphysical id\t: " + std::to_string(package) +
                   "\ncore id\t\t: " + std::to_string(core) + "\n\n";
    CHECK(runner::cpus_in_core_order(cpuinfo, {0, 1, 2, 3, 4, 5, 6, 7}) == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7});
    // Hyperthread siblings numbered next to each other: 0/1 share a core, 2/3 another.
    std::string siblings;
    for (int processor = 0; processor < 4; ++processor)
        siblings += "processor\t: " + std::to_string(processor) +
                    "\nphysical id\t: 0\ncore id\t\t: " + std::to_string(processor / 2) + "\n\n";
    CHECK(runner::cpus_in_core_order(siblings, {0, 1, 2, 3}) == std::vector<int>{0, 2, 1, 3});
    // Only CPUs arbiter may use; ones the text does not place come last.
    CHECK(runner::cpus_in_core_order(siblings, {1, 2, 3, 9}) == std::vector<int>{2, 1, 3, 9});
    CHECK(runner::cpus_in_core_order("", {4, 6}) == std::vector<int>{4, 6});
}

TEST_CASE("flag -use-affinity leaves engines with several threads unpinned, with a warning", "[unit][runner_flags]") {
    config::MatchConfig config;
    config.use_affinity = true;
    std::vector<runner::PreparedEngine> engines(2);
    engines[0].name = "one";
    engines[1].name = "many";
    engines[1].client.options = {{"Threads", "4"}};
    std::ostringstream err;
    runner::CpuSlots slots(config, engines, 64, err);
    CHECK(slots.take().engine_cpus.empty());
    CHECK(err.str().find("engine many runs 4 threads") != std::string::npos);
    engines[1].client.options = {{"Threads", "1"}};
    config.affinity_cpus = {runner::allowed_cpus().front()};
    runner::CpuSlots pinned(config, engines, 1, err);
    CHECK(pinned.take().engine_cpus == config.affinity_cpus);
    CHECK(pinned.take().engine_cpus.empty());
}

TEST_CASE("flag -use-affinity pins each game's engines to the CPU of its slot", "[integration][runner_flags]") {
    const std::vector<int> allowed = runner::allowed_cpus();
    if (allowed.size() < 2) {
        WARN("arbiter may run on one CPU only here: pinning could not be told apart from not pinning");
        return;
    }
    TempDir dir;
    const std::string engine = cpu_reporting_engine(dir);
    const std::string everywhere = config::cpu_list_text(allowed);
    const std::string last = std::to_string(allowed.back());
    // Without the flag every engine may run anywhere.
    REQUIRE(run_match(pair_of(engine, dir, "free.db")).code == 0);
    const auto free = reported_cpus(dir);
    CHECK(free.size() == 1);
    CHECK(free.count(everywhere) == 1);
    // The game's two engines run on the CPU given; the start-up check that runs each engine once
    // before the games is not a game and stays unpinned.
    const auto pinned_to = [&](const std::map<std::string, int>& lists, const std::string& cpu) {
        INFO("CPU " << cpu);
        for (const auto& [list, processes] : lists) CHECK((list == cpu || list == everywhere));
        REQUIRE(lists.count(cpu) == 1);
        CHECK(lists.at(cpu) == 2);
    };
    const RunOutput listed =
        run_match(pair_of(engine, dir, "listed.db") + std::vector<std::string>{"-use-affinity", last});
    INFO(listed.err);
    REQUIRE(listed.code == 0);
    pinned_to(reported_cpus(dir), last);
    // Without a list: the first CPU in fastchess's core order.
    const std::string first = std::to_string(runner::cpus_in_core_order(runner::read_cpuinfo(), allowed).front());
    REQUIRE(run_match(pair_of(engine, dir, "auto.db") + std::vector<std::string>{"-use-affinity"}).code == 0);
    pinned_to(reported_cpus(dir), first);
}

// Fewer CPUs than games at once is not refused: test_affinity_shared.cpp.
TEST_CASE("flag -use-affinity refuses CPUs arbiter may not use", "[integration][runner_flags]") {
    TempDir dir;
    const RunOutput foreign =
        run_match(pair_of(TEMPO_BIN, dir, "f.db") + std::vector<std::string>{"-use-affinity", "4095"});
    CHECK(foreign.code == 2);
    CHECK(foreign.err.find("-use-affinity: CPU 4095 is not available") != std::string::npos);
    CHECK(!std::filesystem::exists(dir.file("f.db")));
    CHECK(run_match(pair_of(TEMPO_BIN, dir, "b.db") + std::vector<std::string>{"-use-affinity", "1-x"}).code == 2);
}

TEST_CASE("flag -force-concurrency: the fastchess dialect plays as many games at once as hardware threads without it",
          "[integration][runner_flags]") {
    TempDir dir;
    const unsigned too_many = hardware_threads() + 1;
    const std::vector<std::string> fastchess{"-dialect", "fastchess"};
    const RunOutput clamped = run_match(fastchess + pair_of(TEMPO_BIN, dir, "r.db", too_many));
    INFO(clamped.err);
    CHECK(clamped.code == 0);
    CHECK(clamped.err.find("-concurrency: " + std::to_string(too_many) + " games at once exceed the " +
                           std::to_string(hardware_threads()) + " hardware threads; playing " +
                           std::to_string(hardware_threads()) + " at once") != std::string::npos);
    CHECK(clamped.err.find("-force-concurrency") != std::string::npos);
    const RunOutput forced = run_match(fastchess + pair_of(TEMPO_BIN, dir, "f.db", too_many) +
                                       std::vector<std::string>{"-force-concurrency"});
    INFO(forced.err);
    CHECK(forced.code == 0);
    // Not cut down: all of them play, and the start-up warning says the engines are starved.
    CHECK(forced.err.find("hardware threads; playing") == std::string::npos);
    CHECK(forced.err.find("engines will be starved") != std::string::npos);
    // cutechess-cli runs them; arbiter and its cutechess dialect say so and go on.
    for (const char* dialect : {"arbiter", "cutechess"}) {
        const RunOutput warned = run_match(std::vector<std::string>{"-dialect", dialect} +
                                           pair_of(TEMPO_BIN, dir, std::string(dialect) + ".db", too_many));
        CHECK(warned.code == 0);
        CHECK(warned.err.find("Warning: -concurrency: " + std::to_string(too_many) + " games at once exceed") !=
              std::string::npos);
    }
    CHECK(run_match(pair_of(TEMPO_BIN, dir, "v.db") + std::vector<std::string>{"-force-concurrency", "yes"}).code == 2);
}

// fastchess's -testEnv prints each of its PV warnings on one line (" :: " between the parts) for
// test frameworks that read warnings line by line; every warning arbiter prints is one line.
TEST_CASE("flag -testEnv runs, and every warning is one line", "[integration][runner_flags]") {
    TempDir dir;
    const std::vector<std::string> crashing{
        "-engine",        "cmd=" MISBEHAVE_BIN, "name=crashy", "arg=--mode=crash", "arg=--ply=4", "-engine",
        "cmd=" TEMPO_BIN, "name=tempo",         "-each",       "nodes=300",        "-games",      "2",
        "-repeat",        "-concurrency",       "1",           "-recover",         "-logdir",     "off"};
    for (const char* dialect : {"arbiter", "fastchess"}) {
        const RunOutput run =
            run_match(std::vector<std::string>{"-dialect", dialect} + crashing +
                      std::vector<std::string>{"-testEnv", "-db", dir.file(std::string(dialect) + ".db")});
        INFO(run.err);
        REQUIRE(run.code == 0);
        std::istringstream lines(run.err);
        std::size_t warnings = 0;
        for (std::string line; std::getline(lines, line);) {
            warnings += line.rfind("Warning", 0) == 0 ? 1 : 0;
            CHECK(line.rfind("Info;", 0) != 0);
            CHECK(line.rfind("Position;", 0) != 0);
            CHECK(line.rfind("Moves;", 0) != 0);
        }
        CHECK(warnings >= 1);
    }
    CHECK(run_match(crashing + std::vector<std::string>{"-testEnv", "on", "-db", dir.file("x.db")}).code == 2);
}

TEST_CASE("the runner settings as JSON keys, outside the run's identity", "[integration][runner_flags]") {
    TempDir dir;
    const std::string log = dir.file("json.log");
    const std::string cpu = std::to_string(runner::allowed_cpus().back());
    const std::string path =
        dir.write("run.json", R"({"engines": [{"cmd": ")" TEMPO_BIN R"(", "name": "a"}, {"cmd": ")" TEMPO_BIN
                              R"(", "name": "b"}], "each": {"nodes": 300}, "games": 2, "repeat": true, "concurrency": 1,
           "logdir": "off", "db": ")" +
                                  dir.file("json.db") + R"(", "debug": true,
           "log": {"file": ")" + log +
                                  R"(", "level": "info", "engine": true, "realtime": false},
           "use_affinity": ")" + cpu +
                                  R"(", "force_concurrency": true, "test_env": true,
           "thread_affinity": false})");
    const config::MatchConfig loaded = config::load_match_config_file(path);
    CHECK(loaded.debug);
    REQUIRE(loaded.log);
    CHECK(loaded.log->level == config::LogLevel::info);
    CHECK(loaded.log->engine);
    CHECK(!loaded.log->realtime);
    CHECK(loaded.use_affinity);
    CHECK(loaded.affinity_cpus == std::vector<int>{std::stoi(cpu)});
    CHECK(loaded.force_concurrency);
    CHECK(loaded.test_env);
    CHECK(!loaded.thread_affinity);
    const auto written = config::match_config_to_json(loaded);
    CHECK(written.at("log").at("level") == "info");
    CHECK(written.at("use_affinity") == cpu);
    CHECK(written.at("thread_affinity") == false);
    config::MatchConfig plain = loaded;
    plain.debug = plain.use_affinity = plain.force_concurrency = plain.test_env = false;
    plain.thread_affinity = true;
    plain.affinity_cpus.clear();
    plain.log.reset();
    CHECK(config::run_identity(plain) == config::run_identity(loaded));
    CHECK(config::match_config_to_json(plain).count("debug") == 0);
    CHECK(config::match_config_to_json(plain).count("thread_affinity") == 0);  // the default is not written

    const RunOutput run = run_match({"-config", path});
    INFO(run.err.substr(0, 1000));
    REQUIRE(run.code == 0);
    CHECK(run.err.find(" >a(0): uci") != std::string::npos);
    CHECK(read_text(log).find("a <--- uci") != std::string::npos);

    const std::string bad = dir.write("bad.json", R"({"log": {"file": "x", "colour": "red"}})");
    CHECK_THROWS_WITH(config::load_match_config_file(bad), Catch::Contains("log.colour: unknown key"));
    const std::string level = dir.write("level.json", R"({"log": {"file": "x", "level": "debug"}})");
    CHECK_THROWS_WITH(config::load_match_config_file(level), Catch::Contains("log.level"));
    const std::string threads = dir.write("threads.json", R"({"thread_affinity": "off"})");
    CHECK_THROWS_WITH(config::load_match_config_file(threads),
                      Catch::Contains("thread_affinity: expected true or false"));
}
