// process::PinThread: a game thread pinned to one CPU, its engines left on every CPU it had.
#include "tests/protocol/test_support.h"

#include "harness/process/child_process.h"
#include "harness/process/thread_affinity.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <pthread.h>
#include <sched.h>

using arbiter::process::ChildProcess;
using arbiter::process::PinThread;
using namespace std::chrono_literals;
using protocol_test::shell;

namespace {

std::vector<int> thread_cpus() {
    cpu_set_t mask;
    CPU_ZERO(&mask);
    std::vector<int> cpus;
    REQUIRE(pthread_getaffinity_np(pthread_self(), sizeof mask, &mask) == 0);
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &mask)) cpus.push_back(cpu);
    return cpus;
}

// The Cpus_allowed_list of /proc/PATH/status, as Linux writes it ("0-1", "0,2-3").
std::string allowed_list_of(const std::string& path) {
    std::ifstream status("/proc/" + path + "/status");
    for (std::string line; std::getline(status, line);)
        if (line.rfind("Cpus_allowed_list:", 0) == 0) return line.substr(line.find_first_not_of(" \t", 18));
    FAIL("no Cpus_allowed_list in /proc/" << path << "/status");
    return {};
}

// The Cpus_allowed_list a child spawned from this thread starts with.
std::string child_cpus() {
    ChildProcess child(shell("sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status"));
    const auto line = child.read_line(5s);
    REQUIRE(line);
    return line->text;
}

}  // namespace

TEST_CASE("process: a pinned thread runs on its CPU, its children on every CPU it had", "[integration][process]") {
    const std::vector<int> before = thread_cpus();
    const std::string everywhere = allowed_list_of("thread-self");
    CHECK(child_cpus() == everywhere);
    CHECK(arbiter::process::unpinned_mask_for_children() == nullptr);
    {
        const PinThread pinned(before.back());
        REQUIRE(pinned.pinned());
        CHECK(thread_cpus() == std::vector<int>{before.back()});
        CHECK(child_cpus() == everywhere);  // an engine is not pinned with its game's thread
        {
            const PinThread inner(before.front());  // a nested pin still hands children the first mask
            CHECK(thread_cpus() == std::vector<int>{before.front()});
            CHECK(child_cpus() == everywhere);
        }
        CHECK(thread_cpus() == std::vector<int>{before.back()});
        CHECK(child_cpus() == everywhere);
        // Threads it starts meanwhile inherit the pin, as Linux has it; only processes get the old mask.
        std::vector<int> other;
        std::thread([&] { other = thread_cpus(); }).join();
        CHECK(other == std::vector<int>{before.back()});
    }
    CHECK(thread_cpus() == before);
    CHECK(arbiter::process::unpinned_mask_for_children() == nullptr);
    CHECK(child_cpus() == everywhere);
}

TEST_CASE("process: a PinThread without a CPU, or with one the kernel refuses, leaves the thread as it was",
          "[integration][process]") {
    const std::vector<int> before = thread_cpus();
    {
        const PinThread none(std::nullopt);
        CHECK_FALSE(none.pinned());
        const PinThread absent(CPU_SETSIZE - 1);  // no machine here has that many CPUs
        CHECK_FALSE(absent.pinned());
        const PinThread negative(-1);
        CHECK_FALSE(negative.pinned());
        CHECK(thread_cpus() == before);
        CHECK(arbiter::process::unpinned_mask_for_children() == nullptr);
    }
    CHECK(thread_cpus() == before);
}
