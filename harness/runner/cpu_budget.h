#pragma once
// The start-up check that a run has the CPU it asks for. A game keeps its busiest engine's
// threads searching (the side to move searches alone; with ponder its opponent searches too), so
// `games at once x those threads` cores are needed. The cores a run may have are the fewest of
// the online CPUs, the CPUs its affinity mask allows and its cgroup's CPU quota. Asking for more
// does not fail: the engines share the cores, search less than their clocks say they may, and
// lose on time or play weaker the more they are starved. One warning line says so.

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "harness/runner/engine_setup.h"

namespace arbiter::runner {

// How much CPU one engine uses while it searches.
struct EngineLoad {
    long threads = 1;     // its Threads option; 1 when not set or not a number
    bool ponder = false;  // it also searches on its opponent's time
};

// An engine's Threads option; 1 when not set or not a number.
long engine_threads(const PreparedEngine& engine);

std::vector<EngineLoad> engine_loads(const std::vector<PreparedEngine>& engines);

// Threads one game keeps searching at its busiest, among any pairing of `engines`: the largest
// Threads, or the two largest added when one of them ponders.
long threads_per_game(const std::vector<EngineLoad>& engines);

// The CPUs a process may use, as far as the kernel limits it.
struct CpuAllowance {
    int online = 0;               // sysconf(_SC_NPROCESSORS_ONLN)
    int affinity = 0;             // CPUs in sched_getaffinity's mask; 0 when unknown
    std::optional<double> quota;  // the cgroup's quota / period in CPUs; none when unlimited
    std::vector<int> pinned;      // the CPUs -use-affinity pins the game slots to; empty when none

    // The fewest of the three (and of the pinned CPUs, when pinned), in cores (a quota of 1.5 is 1.5).
    double usable() const;
};

// This process's allowance, read from the kernel and /sys/fs/cgroup (v2 cpu.max, or v1
// cpu.cfs_quota_us / cpu.cfs_period_us) along its cgroup and the ones above it.
CpuAllowance machine_cpu_allowance();

// A cgroup v2 cpu.max ("max 100000", "150000 100000") in CPUs; none when unlimited or unreadable.
std::optional<double> cpu_max_quota(const std::string& cpu_max);

// cgroup v1's pair of files: a quota of -1 is unlimited.
std::optional<double> cfs_quota(const std::string& quota_us, const std::string& period_us);

// The warning line (newline-terminated) when `games_at_once` games of `threads_each` threads need
// more cores than `allowance` has; none otherwise. With more game slots than pinned CPUs it also
// says how many slots share each CPU: the one line that -use-affinity shares them.
std::optional<std::string> oversubscription_warning(int games_at_once, long threads_each,
                                                    const CpuAllowance& allowance);

// Prints that warning on `err` for the machine this runs on, whose game slots -use-affinity pins
// to `pinned_cpus` (empty when not pinned).
void warn_if_oversubscribed(int games_at_once, const std::vector<PreparedEngine>& engines,
                            const std::vector<int>& pinned_cpus, std::ostream& err);

}  // namespace arbiter::runner
