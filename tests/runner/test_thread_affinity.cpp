// arbiter's own -thread-affinity: each game slot's thread on a CPU of its own, its engines on every
// CPU arbiter may use (only -use-affinity pins engines). Engines are started through a wrapper that
// writes the CPUs it may run on and those of each thread of its parent, the test process, which
// plays the match in process.

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "harness/config/runner_settings.h"
#include "harness/runner/cpu_slots.h"
#include "tests/runner/affinity_probe.h"
#include "tests/support/match_test_support.h"

using namespace match_test;
using namespace arbiter;

namespace {

// The single CPUs any thread of the test process was pinned to when an engine started; the
// reports are then removed.
std::set<std::string> pinned_threads(const TempDir& dir, const std::string& everywhere) {
    std::set<std::string> single;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
        if (entry.path().filename().string().rfind("threads_", 0) != 0) continue;
        for (const std::string& list : test_support::lines_of(read_text(entry.path().string())))
            if (list != everywhere && list.find_first_of(",-") == std::string::npos) single.insert(list);
        std::filesystem::remove(entry.path());
    }
    return single;
}

// Two pairs at once; restart=on makes every game start its engines from its slot's thread (the
// start-up check's processes, started by the main thread, are not reused then).
std::vector<std::string> two_slots(const std::string& engine, const TempDir& dir, const std::string& db) {
    return {"-engine", "cmd=" + engine, "name=a",    "-engine",    "cmd=" + engine,
            "name=b",  "-each",         "nodes=300", "restart=on", "-games",
            "2",       "-rounds",       "2",         "-repeat",    "-concurrency",
            "2",       "-logdir",       "off",       "-db",        dir.file(db)};
}

}  // namespace

TEST_CASE("flag -thread-affinity: game threads pinned a CPU each by default, their engines never",
          "[integration][runner_flags]") {
    const std::vector<int> allowed = runner::allowed_cpus();
    if (allowed.size() < 2) {
        WARN("arbiter may run on one CPU only here: a pinned thread could not be told apart from a free one");
        return;
    }
    TempDir dir;
    const std::string engine = cpu_reporting_engine(dir, true);
    const std::string everywhere = config::cpu_list_text(allowed);
    // Two CPUs next to each other in core order (cyclically): the run starts from the one it runs on.
    const std::vector<int> order = runner::cpus_in_core_order(runner::read_cpuinfo(), allowed);
    std::set<std::set<std::string>> neighbours;
    for (std::size_t i = 0; i < order.size(); ++i)
        neighbours.insert({std::to_string(order[i]), std::to_string(order[(i + 1) % order.size()])});

    const RunOutput pinned = run_match(two_slots(engine, dir, "pinned.db"));
    INFO(pinned.err);
    REQUIRE(pinned.code == 0);
    const auto engines = reported_cpus(dir);
    CHECK(engines.size() == 1);
    CHECK(engines.count(everywhere) == 1);  // 8 game engines and 2 start-up checks, all free
    const std::set<std::string> threads = pinned_threads(dir, everywhere);
    CHECK(neighbours.count(threads) == 1);  // one CPU per slot

    const RunOutput free =
        run_match(two_slots(engine, dir, "free.db") + std::vector<std::string>{"-thread-affinity", "off"});
    INFO(free.err);
    REQUIRE(free.code == 0);
    CHECK(reported_cpus(dir).count(everywhere) == 1);
    CHECK(pinned_threads(dir, everywhere).empty());

    // -use-affinity puts each slot's thread beside its engines.
    const std::string last = std::to_string(allowed.back());
    const RunOutput beside =
        run_match(two_slots(engine, dir, "beside.db") + std::vector<std::string>{"-use-affinity", last});
    INFO(beside.err);
    REQUIRE(beside.code == 0);
    CHECK(pinned_threads(dir, everywhere) == std::set<std::string>{last});
    reported_cpus(dir);

    const RunOutput bad =
        run_match(two_slots(TEMPO_BIN, dir, "bad.db") + std::vector<std::string>{"-thread-affinity", "maybe"});
    CHECK(bad.code == 2);
    CHECK(bad.err.find("-thread-affinity: expected true or false, got 'maybe'") != std::string::npos);
}

TEST_CASE("game slots' threads get a CPU each while there are enough, none with -thread-affinity off",
          "[unit][runner_flags]") {
    const std::vector<int> allowed = runner::allowed_cpus();
    const int cpus = static_cast<int>(allowed.size());
    config::MatchConfig config;
    std::vector<runner::PreparedEngine> engines(2);
    engines[0].name = "a";
    engines[1].name = "b";
    std::ostringstream err;
    runner::CpuSlots slots(config, engines, cpus, err);
    std::set<int> taken;
    for (int slot = 0; slot < cpus; ++slot) {
        const runner::SlotPlacement placement = slots.take();
        CHECK(placement.engine_cpus.empty());  // no engine is pinned
        if (cpus < 2) {
            CHECK(placement.thread_cpu == std::nullopt);  // one CPU: nothing to choose
            continue;
        }
        REQUIRE(placement.thread_cpu);
        CHECK(std::find(allowed.begin(), allowed.end(), *placement.thread_cpu) != allowed.end());
        taken.insert(*placement.thread_cpu);
    }
    if (cpus >= 2) CHECK(taken.size() == allowed.size());  // a CPU of its own each
    CHECK(slots.take().thread_cpu == std::nullopt);        // only as many slots as asked for
    CHECK(slots.pinned_cpus().empty());

    // More slots than CPUs: stacked threads cost more than free ones, so none is pinned.
    runner::CpuSlots crowded(config, engines, cpus + 1, err);
    for (int slot = 0; slot <= cpus; ++slot) CHECK(crowded.take().thread_cpu == std::nullopt);
    config.thread_affinity = false;
    runner::CpuSlots free(config, engines, cpus, err);
    for (int slot = 0; slot < cpus; ++slot) CHECK(free.take().thread_cpu == std::nullopt);
    CHECK(err.str().empty());
}
