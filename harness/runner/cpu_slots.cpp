#include "harness/runner/cpu_slots.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include <sched.h>

#include "harness/runner/cpu_budget.h"

namespace arbiter::runner {
namespace {

using config::ConfigError;

// "key\t: value" lines of /proc/cpuinfo; -1 when the line is not `key`.
int field_value(const std::string& line, const std::string& key) {
    if (line.rfind(key, 0) != 0) return -1;
    const auto colon = line.find(':');
    if (colon == std::string::npos || line.find_first_not_of(" \t", key.size()) != colon) return -1;
    try {
        return std::stoi(line.substr(colon + 1));
    } catch (const std::exception&) {
        return -1;
    }
}

// Threads of each (package, core), in the order the text lists them.
std::map<std::pair<int, int>, std::vector<int>> threads_per_core(const std::string& cpuinfo) {
    std::map<std::pair<int, int>, std::vector<int>> cores;
    std::istringstream lines(cpuinfo);
    int processor = -1, package = -1, core = -1;
    for (std::string line; std::getline(lines, line);) {
        if (int v = field_value(line, "processor"); v >= 0) processor = v;
        if (int v = field_value(line, "physical id"); v >= 0) package = v;
        if (int v = field_value(line, "core id"); v >= 0) core = v;
        if (processor >= 0 && package >= 0 && core >= 0) {
            cores[{package, core}].push_back(processor);
            processor = package = core = -1;
        }
    }
    return cores;
}

std::vector<int> listed_cpus(const std::vector<int>& listed, const std::vector<int>& allowed) {
    for (int cpu : listed) {
        if (std::find(allowed.begin(), allowed.end(), cpu) == allowed.end())
            throw ConfigError("-use-affinity", "CPU " + std::to_string(cpu) +
                                                   " is not available to arbiter (it may use " +
                                                   config::cpu_list_text(allowed) + ")");
    }
    return listed;
}

// `cpus` turned to begin at the CPU this thread runs on: several arbiters started side by side (GNU
// parallel, shards on one node) then spread their first game threads instead of all taking the
// first CPU, while one run still covers the cores in order.
std::vector<int> starting_here(std::vector<int> cpus) {
    const auto here = std::find(cpus.begin(), cpus.end(), sched_getcpu());
    if (here != cpus.end()) std::rotate(cpus.begin(), here, cpus.end());
    return cpus;
}

// -use-affinity's engines get CPUs only when each runs one thread, as fastchess intends.
bool engines_pinnable(const config::MatchConfig& config, const std::vector<PreparedEngine>& engines,
                      std::ostream& err) {
    if (!config.use_affinity) return false;
    for (const auto& engine : engines) {
        if (const long threads = engine_threads(engine); threads != 1) {
            err << "Warning: -use-affinity: engine " << engine.name << " runs " << threads
                << " threads; engines are pinned only when each runs one thread\n";
            return false;
        }
    }
    return true;
}

}  // namespace

int usable_concurrency(const config::MatchConfig& config, std::ostream& err) {
    const auto hardware = static_cast<int>(std::thread::hardware_concurrency());
    if (config.force_concurrency || hardware < 1 || config.concurrency <= hardware) return config.concurrency;
    // Without the cap all are played, as cutechess-cli does; Tournament::run then warns once
    // that the engines are starved (warn_if_oversubscribed, which also counts the engines'
    // threads, the affinity mask and a cgroup quota).
    if (!config.behaviour.cap_concurrency_at_hardware_threads) return config.concurrency;
    // fastchess refuses here; a script written on a bigger machine should still run on this one,
    // and playing more games than threads would only turn the clocks unfair.
    err << "Warning: -concurrency: " << config.concurrency << " games at once exceed the " << hardware
        << " hardware threads; playing " << hardware
        << " at once (fastchess refuses this; add -force-concurrency to play them all at once)\n";
    return hardware;
}

std::vector<int> allowed_cpus() {
    cpu_set_t mask;
    CPU_ZERO(&mask);
    std::vector<int> cpus;
    if (sched_getaffinity(0, sizeof mask, &mask) != 0) return cpus;
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
        if (CPU_ISSET(cpu, &mask)) cpus.push_back(cpu);
    return cpus;
}

std::string read_cpuinfo() {
    std::ifstream in("/proc/cpuinfo");
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<int> cpus_in_core_order(const std::string& cpuinfo, const std::vector<int>& allowed) {
    const auto cores = threads_per_core(cpuinfo);
    std::vector<int> ordered;
    const auto usable = [&](int cpu) {
        return std::find(allowed.begin(), allowed.end(), cpu) != allowed.end() &&
               std::find(ordered.begin(), ordered.end(), cpu) == ordered.end();
    };
    for (std::size_t rank = 0;; ++rank) {
        bool any = false;
        for (const auto& [core, threads] : cores) {
            if (rank >= threads.size()) continue;
            any = true;
            if (usable(threads[rank])) ordered.push_back(threads[rank]);
        }
        if (!any) break;
    }
    for (int cpu : allowed)
        if (usable(cpu)) ordered.push_back(cpu);
    return ordered;
}

CpuSlots::CpuSlots(const config::MatchConfig& config, const std::vector<PreparedEngine>& engines, int slots,
                   std::ostream& err) {
    const std::vector<int> allowed = allowed_cpus();
    if (engines_pinnable(config, engines, err)) {
        const std::vector<int> cpus = config.affinity_cpus.empty() ? cpus_in_core_order(read_cpuinfo(), allowed)
                                                                   : listed_cpus(config.affinity_cpus, allowed);
        if (cpus.empty()) throw ConfigError("-use-affinity", "arbiter may run on no CPU to hand out");
        // Fewer CPUs than slots is not an error: Tournament::run's oversubscription warning names the
        // shared CPUs once, next to the cores the run has.
        per_slot_ = slot_cpus(cpus, slots);
    }
    if (!config.thread_affinity) return;
    // A game thread stays beside its engines. With them free, each slot's thread gets a CPU of its
    // own, spread over the cores as -use-affinity would spread engines; with more slots than CPUs
    // they stay free too: measured with 4 to 64 slots on 2 CPUs, threads stacked on one CPU cost
    // more than the scheduler's moving them (bench/runner/README.md).
    if (!per_slot_.empty()) thread_per_slot_ = per_slot_;
    else if (allowed.size() > 1 && static_cast<std::size_t>(slots) <= allowed.size())
        thread_per_slot_ = slot_cpus(starting_here(cpus_in_core_order(read_cpuinfo(), allowed)), slots);
}

std::vector<int> slot_cpus(const std::vector<int>& cpus, int slots) {
    std::vector<int> per_slot;
    if (cpus.empty()) return per_slot;
    for (int slot = 0; slot < slots; ++slot) per_slot.push_back(cpus[static_cast<std::size_t>(slot) % cpus.size()]);
    return per_slot;
}

SlotPlacement CpuSlots::take() {
    SlotPlacement placement;
    if (next_ < per_slot_.size()) placement.engine_cpus = {per_slot_[next_]};
    if (next_ < thread_per_slot_.size()) placement.thread_cpu = thread_per_slot_[next_];
    ++next_;
    return placement;
}

std::vector<int> CpuSlots::pinned_cpus() const {
    std::vector<int> distinct;
    for (int cpu : per_slot_)
        if (std::find(distinct.begin(), distinct.end(), cpu) == distinct.end()) distinct.push_back(cpu);
    return distinct;
}

}  // namespace arbiter::runner
