#pragma once
// `-use-affinity [CPUS]`, as fastchess assigns cores: every game slot (a worker playing one game
// at a time) gets one CPU, and both engines of its games are pinned to it. Without a list the CPUs
// are taken from /proc/cpuinfo physical core first: the first hardware thread of each core, then
// the second ones, so two slots share a core only when there are more slots than cores. Only CPUs
// arbiter itself may run on are handed out. More slots than CPUs share them round-robin (fastchess
// stops with "No cores available" there): a game's engines still never leave their slot's CPU, and
// the start-up warning of cpu_budget.h says how many slots each CPU serves. Each slot's own thread
// is pinned too, to its engines' CPU or, with them free, to a CPU of its own in the same order
// while there are enough (`-thread-affinity off` leaves it free): see process::PinThread.

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "harness/config/match_config.h"
#include "harness/runner/engine_setup.h"

namespace arbiter::runner {

// How many games to play at once. More than hardware threads: fastchess refuses it unless
// -force-concurrency is given; with ToolBehaviour::cap_concurrency_at_hardware_threads arbiter
// plays as many games as threads instead, with a warning, so that scripts written for bigger
// machines still run. Without it the number stays (cutechess-cli runs them); the run warns at
// start that the engines are starved (cpu_budget.h). Silent with -force-concurrency.
int usable_concurrency(const config::MatchConfig& config, std::ostream& err);

// The CPUs this process may run on (sched_getaffinity), ascending.
std::vector<int> allowed_cpus();

// The text of /proc/cpuinfo; empty where there is none.
std::string read_cpuinfo();

// `allowed` ordered as fastchess orders /proc/cpuinfo's processors: per physical package and core,
// the first thread of every core, then the second ones, and so on. CPUs the text does not place
// follow in their own order.
std::vector<int> cpus_in_core_order(const std::string& cpuinfo, const std::vector<int>& allowed);

// The CPU of each of `slots` game slots: slot i gets cpus[i mod n], so with more slots than CPUs
// each CPU serves ceil(slots / n) or floor(slots / n) of them. Empty when `cpus` is.
std::vector<int> slot_cpus(const std::vector<int>& cpus, int slots);

// Where one game slot runs: its engines' CPU under -use-affinity (empty: anywhere), and the CPU
// its own thread is pinned to (process::PinThread; none with -thread-affinity off).
struct SlotPlacement {
    std::vector<int> engine_cpus;
    std::optional<int> thread_cpu;
};

class CpuSlots {
public:
    // The CPUs to hand out to `slots` game slots. Engines get one only with -use-affinity: throws
    // config::ConfigError ("-use-affinity") for a CPU arbiter may not use, or when it may use none;
    // engines set to more than one thread are not pinned (a warning on `err`), as fastchess
    // intends. Each slot's thread goes to its engines' CPU when they have one, else to a CPU of its
    // own, in core order from the one the caller runs on; nowhere when there are more slots than
    // CPUs arbiter may use, or only one.
    CpuSlots(const config::MatchConfig& config, const std::vector<PreparedEngine>& engines, int slots,
             std::ostream& err);

    // The placement of the next slot, in order; nothing pinned once every slot has taken its own.
    SlotPlacement take();

    // The distinct CPUs the slots' engines are pinned to, in the order handed out; empty when none are.
    std::vector<int> pinned_cpus() const;

private:
    std::vector<int> per_slot_;         // slot_cpus(): each game slot's engines' CPU
    std::vector<int> thread_per_slot_;  // each game slot's thread's CPU
    std::size_t next_ = 0;
};

}  // namespace arbiter::runner
