// -use-affinity with more game slots than CPUs (harness/runner/cpu_slots.h): the slots share the
// CPUs round-robin, each game's engines stay on their slot's CPU, and the start-up oversubscription
// warning (cpu_budget.h) is the one line that says so. Whole runs use tempo at depth 1; an engine
// wrapper writes the CPUs it may run on (/proc/self/status Cpus_allowed_list) to a file of its own
// before it becomes tempo, so every engine process of the run reports where it was pinned.

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "harness/config/runner_settings.h"
#include "harness/runner/cpu_budget.h"
#include "harness/runner/cpu_slots.h"
#include "tests/runner/affinity_probe.h"
#include "tests/support/match_test_support.h"

using namespace match_test;
using namespace arbiter;
using runner::CpuAllowance;

namespace {

std::size_t occurrences(const std::string& text, const std::string& needle) {
    std::size_t count = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++count;
    return count;
}

// Three pairs at depth 1, so that three game slots have games to play.
std::vector<std::string> shared_match(const std::string& engine, const TempDir& dir, const std::string& db,
                                      int concurrency) {
    return {"-engine",   "cmd=" + engine, "name=a",
            "-engine",   "cmd=" + engine, "name=b",
            "-each",     "depth=1",       "-rounds",
            "3",         "-games",        "2",
            "-repeat",   "-concurrency",  std::to_string(concurrency),
            "-logdir",   "off",           "-db",
            dir.file(db)};
}

}  // namespace

TEST_CASE("flag -use-affinity deals game slots to CPUs round-robin when there are more slots than CPUs",
          "[unit][runner_flags]") {
    CHECK(runner::slot_cpus({0, 1}, 4) == std::vector<int>{0, 1, 0, 1});
    CHECK(runner::slot_cpus({3}, 3) == std::vector<int>{3, 3, 3});
    CHECK(runner::slot_cpus({2, 5, 7}, 7) == std::vector<int>{2, 5, 7, 2, 5, 7, 2});
    // As many CPUs as slots or more: one each, in the order handed out.
    CHECK(runner::slot_cpus({4, 6, 1}, 3) == std::vector<int>{4, 6, 1});
    CHECK(runner::slot_cpus({0, 1, 2, 3}, 2) == std::vector<int>{0, 1});
    CHECK(runner::slot_cpus({}, 4).empty());
    // No CPU serves more than ceil(slots / CPUs) slots.
    for (int cpus = 1; cpus <= 5; ++cpus) {
        std::vector<int> handed_out;
        for (int cpu = 0; cpu < cpus; ++cpu) handed_out.push_back(cpu);
        for (int slots = 1; slots <= 17; ++slots) {
            const auto per_slot = runner::slot_cpus(handed_out, slots);
            REQUIRE(per_slot.size() == static_cast<std::size_t>(slots));
            for (int cpu : handed_out) {
                const auto served = std::count(per_slot.begin(), per_slot.end(), cpu);
                CHECK(served <= (slots + cpus - 1) / cpus);
                CHECK(served >= slots / cpus);
            }
        }
    }
}

TEST_CASE("flag -use-affinity hands one CPU to more game slots than CPUs instead of refusing", "[unit][runner_flags]") {
    config::MatchConfig config;
    config.use_affinity = true;
    const int cpu = runner::allowed_cpus().front();
    config.affinity_cpus = {cpu};
    std::vector<runner::PreparedEngine> engines(2);
    engines[0].name = "a";
    engines[1].name = "b";
    std::ostringstream err;
    runner::CpuSlots slots(config, engines, 3, err);
    CHECK(err.str().empty());  // the sharing is said once, by the oversubscription warning
    CHECK(slots.pinned_cpus() == std::vector<int>{cpu});
    for (int slot = 0; slot < 3; ++slot) {
        const runner::SlotPlacement placement = slots.take();
        CHECK(placement.engine_cpus == std::vector<int>{cpu});
        CHECK(placement.thread_cpu == cpu);  // each game's thread beside its engines
    }
    CHECK(slots.take().engine_cpus.empty());
    // A CPU that does not exist is still bad input.
    config.affinity_cpus = {4095};
    CHECK_THROWS_WITH(runner::CpuSlots(config, engines, 3, err), Catch::StartsWith("-use-affinity: CPU 4095"));
}

TEST_CASE("the oversubscription warning says when -use-affinity's CPUs are shared by game slots",
          "[unit][cpu_budget]") {
    // Three slots pinned to CPU 0 of a two-CPU machine have one core, not two.
    const auto one_cpu = runner::oversubscription_warning(3, 1, CpuAllowance{2, 2, std::nullopt, {0}});
    REQUIRE(one_cpu);
    INFO(*one_cpu);
    CHECK(one_cpu->rfind("Warning: -concurrency: 3 games at once exceed the 1 cores free for them", 0) == 0);
    CHECK(one_cpu->find("no cgroup CPU quota, 1 given by -use-affinity (0, shared: up to 3 game slots per CPU, "
                        "each game's engines on its slot's CPU)") != std::string::npos);
    CHECK(one_cpu->find("engines will be starved of CPU and their clocks unfair") != std::string::npos);
    CHECK(occurrences(*one_cpu, "\n") == 1);
    // Five slots on CPUs 2 and 3: the busier serves three.
    const auto two_cpus = runner::oversubscription_warning(5, 1, CpuAllowance{4, 4, std::nullopt, {2, 3}});
    REQUIRE(two_cpus);
    CHECK(two_cpus->find("2 given by -use-affinity (2-3, shared: up to 3 game slots per CPU") != std::string::npos);
    // A slot per CPU is not sharing; pondering engines may still oversubscribe it.
    CHECK_FALSE(runner::oversubscription_warning(2, 1, CpuAllowance{4, 4, std::nullopt, {0, 1}}));
    const auto pondering = runner::oversubscription_warning(2, 2, CpuAllowance{4, 4, std::nullopt, {0, 1}});
    REQUIRE(pondering);
    CHECK(pondering->find("2 given by -use-affinity (0-1)") != std::string::npos);
    CHECK(pondering->find("shared") == std::string::npos);
}

TEST_CASE("flag -use-affinity with three game slots on one CPU plays every game with its engines pinned to it",
          "[integration][runner_flags]") {
    const std::vector<int> allowed = runner::allowed_cpus();
    if (allowed.size() < 2) {
        WARN("arbiter may run on one CPU only here: pinning could not be told apart from not pinning");
        return;
    }
    TempDir dir;
    const std::string engine = cpu_reporting_engine(dir);
    const std::string everywhere = config::cpu_list_text(allowed);
    const std::string cpu = std::to_string(allowed.back());
    // The start-up check runs each engine once before the games, unpinned. Without -use-affinity
    // its processes go on to play the games (engine_probe.h), so the free run starts just those;
    // under -use-affinity they are quit and every slot starts its own, pinned.
    REQUIRE(run_match(shared_match(engine, dir, "free.db", 1)).code == 0);
    const auto unpinned = reported_cpus(dir);
    REQUIRE(unpinned.size() == 1);
    const int unpinned_processes = unpinned.at(everywhere);
    CHECK(unpinned_processes == 2);

    for (const std::string dialect : {"cutechess", "fastchess"}) {
        INFO("dialect " << dialect);
        // The fastchess dialect plays no more games at once than hardware threads unless forced.
        const RunOutput run =
            run_match(shared_match(engine, dir, dialect + ".db", 3) +
                      std::vector<std::string>{"-dialect", dialect, "-use-affinity", cpu, "-force-concurrency"});
        INFO(run.err);
        REQUIRE(run.code == 0);
        CHECK(occurrences(run.out, "Finished game") == 6);
        CHECK(occurrences(run.err, "-use-affinity") == 1);
        CHECK(run.err.find("1 given by -use-affinity (" + cpu + ", shared: up to 3 game slots per CPU") !=
              std::string::npos);
        const auto lists = reported_cpus(dir);
        for (const auto& [list, processes] : lists) CHECK((list == cpu || list == everywhere));
        CHECK((lists.count(everywhere) ? lists.at(everywhere) : 0) == unpinned_processes);
        // Each slot that got a game started its two engines there, and nowhere else.
        REQUIRE(lists.count(cpu) == 1);
        CHECK(lists.at(cpu) >= 2);
        CHECK(lists.at(cpu) <= 6);
        CHECK(lists.at(cpu) % 2 == 0);
    }
}
