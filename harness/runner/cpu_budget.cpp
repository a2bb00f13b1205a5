#include "harness/runner/cpu_budget.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>

#include <sched.h>
#include <unistd.h>

#include "harness/config/runner_settings.h"
#include "harness/runner/cpu_slots.h"

namespace arbiter::runner {
namespace {

std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::optional<double> number_in(const std::string& text) {
    try {
        return std::stod(text);
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

std::optional<double> fewest(std::optional<double> a, std::optional<double> b) {
    if (!a) return b;
    if (!b) return a;
    return std::min(*a, *b);
}

// The cgroup path of `controller` in /proc/self/cgroup ("" for v2's unified line "0::/path").
std::optional<std::string> cgroup_path(const std::string& proc_cgroup, const std::string& controller) {
    std::istringstream lines(proc_cgroup);
    for (std::string line; std::getline(lines, line);) {
        const auto first = line.find(':');
        const auto second = first == std::string::npos ? first : line.find(':', first + 1);
        if (second == std::string::npos) continue;
        std::istringstream names(line.substr(first + 1, second - first - 1));
        const bool v2 = controller.empty() && line.compare(0, first, "0") == 0 && second == first + 1;
        bool listed = false;
        for (std::string name; std::getline(names, name, ',');) listed = listed || name == controller;
        if (v2 || (!controller.empty() && listed)) return line.substr(second + 1);
    }
    return std::nullopt;
}

// A quota binds at every level: the tightest of the cgroup's and its parents' below `root`.
template <typename ReadQuota>
std::optional<double> tightest_quota(const std::filesystem::path& root, const std::string& path, ReadQuota read) {
    std::optional<double> quota;
    std::filesystem::path dir = root / std::filesystem::path(path).relative_path();
    for (;; dir = dir.parent_path()) {
        quota = fewest(quota, read(dir));
        if (dir == root || !dir.has_relative_path() || dir.parent_path() == dir) break;
    }
    return quota;
}

std::optional<double> cgroup_quota() {
    const std::string proc_cgroup = read_text("/proc/self/cgroup");
    std::optional<double> quota;
    if (const auto v2 = cgroup_path(proc_cgroup, "")) {
        quota = fewest(quota, tightest_quota("/sys/fs/cgroup", *v2, [](const std::filesystem::path& dir) {
                           return cpu_max_quota(read_text(dir / "cpu.max"));
                       }));
    }
    if (const auto v1 = cgroup_path(proc_cgroup, "cpu")) {
        for (const char* mount : {"/sys/fs/cgroup/cpu", "/sys/fs/cgroup/cpu,cpuacct"}) {
            if (!std::filesystem::exists(mount)) continue;
            quota =
                fewest(quota, tightest_quota(mount, *v1, [](const std::filesystem::path& dir) {
                           return cfs_quota(read_text(dir / "cpu.cfs_quota_us"), read_text(dir / "cpu.cfs_period_us"));
                       }));
            break;
        }
    }
    return quota;
}

std::string cores_text(double cores) {
    std::ostringstream text;
    text << std::setprecision(3) << cores;
    return text.str();
}

// The warning's clause for -use-affinity's CPUs, and how many game slots each serves (slot_cpus()
// deals them round-robin, so the busiest serves the rounded-up share).
std::string pinned_text(int games_at_once, const std::vector<int>& pinned) {
    if (pinned.empty()) return "";
    const auto cpus = static_cast<int>(pinned.size());
    std::ostringstream text;
    text << ", " << cpus << " given by -use-affinity (" << config::cpu_list_text(pinned);
    if (games_at_once > cpus) {
        text << ", shared: up to " << (games_at_once + cpus - 1) / cpus
             << " game slots per CPU, each game's engines on its slot's CPU";
    }
    text << ")";
    return text.str();
}

}  // namespace

long engine_threads(const PreparedEngine& engine) {
    for (const auto& [name, value] : engine.client.options) {
        if (name != "Threads") continue;
        try {
            return std::stol(value);
        } catch (const std::exception&) {
            return 1;
        }
    }
    return 1;
}

std::vector<EngineLoad> engine_loads(const std::vector<PreparedEngine>& engines) {
    std::vector<EngineLoad> loads;
    for (const auto& engine : engines) loads.push_back({std::max(1L, engine_threads(engine)), engine.spec.ponder});
    return loads;
}

long threads_per_game(const std::vector<EngineLoad>& engines) {
    long most = 1;
    for (std::size_t i = 0; i < engines.size(); ++i) {
        most = std::max(most, engines[i].threads);
        // A pondering engine searches while its opponent does: the pair's threads add up.
        for (std::size_t j = i + 1; j < engines.size(); ++j) {
            if (engines[i].ponder || engines[j].ponder) most = std::max(most, engines[i].threads + engines[j].threads);
        }
    }
    return most;
}

double CpuAllowance::usable() const {
    double cores = online > 0 ? online : 1;
    if (affinity > 0) cores = std::min<double>(cores, affinity);
    if (quota) cores = std::min(cores, *quota);
    if (!pinned.empty()) cores = std::min<double>(cores, static_cast<double>(pinned.size()));
    return cores;
}

CpuAllowance machine_cpu_allowance() {
    CpuAllowance allowance;
    allowance.online = static_cast<int>(std::max(0L, sysconf(_SC_NPROCESSORS_ONLN)));
    allowance.affinity = static_cast<int>(allowed_cpus().size());
    allowance.quota = cgroup_quota();
    return allowance;
}

std::optional<double> cpu_max_quota(const std::string& cpu_max) {
    std::istringstream fields(cpu_max);
    std::string quota, period;
    if (!(fields >> quota) || quota == "max") return std::nullopt;
    fields >> period;
    const auto quota_us = number_in(quota);
    const auto period_us = number_in(period.empty() ? "100000" : period);
    if (!quota_us || !period_us || *quota_us <= 0 || *period_us <= 0) return std::nullopt;
    return *quota_us / *period_us;
}

std::optional<double> cfs_quota(const std::string& quota_us, const std::string& period_us) {
    const auto quota = number_in(quota_us);
    const auto period = number_in(period_us);
    if (!quota || !period || *quota <= 0 || *period <= 0) return std::nullopt;
    return *quota / *period;
}

std::optional<std::string> oversubscription_warning(int games_at_once, long threads_each,
                                                    const CpuAllowance& allowance) {
    const double needed = static_cast<double>(games_at_once) * static_cast<double>(std::max(1L, threads_each));
    const double usable = allowance.usable();
    if (needed <= usable) return std::nullopt;
    std::ostringstream line;
    line << "Warning: -concurrency: " << games_at_once << " games at once exceed the " << cores_text(usable)
         << " cores free for them: up to " << cores_text(needed) << " engine threads search at once (" << threads_each
         << " per game) on " << allowance.online << " online CPUs, " << allowance.affinity
         << " in arbiter's affinity mask, "
         << (allowance.quota ? cores_text(*allowance.quota) + " by the cgroup's CPU quota" : "no cgroup CPU quota")
         << pinned_text(games_at_once, allowance.pinned)
         << "; engines will be starved of CPU and their clocks unfair\n";
    return line.str();
}

void warn_if_oversubscribed(int games_at_once, const std::vector<PreparedEngine>& engines,
                            const std::vector<int>& pinned_cpus, std::ostream& err) {
    if (games_at_once < 1) return;
    CpuAllowance allowance = machine_cpu_allowance();
    allowance.pinned = pinned_cpus;
    const auto warning = oversubscription_warning(games_at_once, threads_per_game(engine_loads(engines)), allowance);
    if (warning) err << *warning;
}

}  // namespace arbiter::runner
