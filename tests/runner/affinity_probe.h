#pragma once
// An engine that reports the CPUs it may run on: the -use-affinity tests start tempo through it and
// count, after the run, which CPU lists its processes were given.

#include <filesystem>
#include <map>
#include <string>

#include "tests/support/match_test_support.h"

namespace match_test {

// A tempo that first writes its Cpus_allowed_list into DIR/cpus_<pid> and, with
// `parent_threads`, that of each thread of its parent (arbiter) into DIR/threads_<pid>, a line each.
inline std::string cpu_reporting_engine(const TempDir& dir, bool parent_threads = false) {
    const std::string allowed_list = "sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' ";
    std::string script = "#!/bin/sh\n" + allowed_list + "/proc/self/status > '" + dir.path() + "/cpus_'$$\n";
    if (parent_threads)
        script += "for task in /proc/$PPID/task/*; do " + allowed_list + "$task/status; done > '" + dir.path() +
                  "/threads_'$$\n";
    return dir.write(parent_threads ? "report_threads.sh" : "report_cpus.sh", script + "exec " TEMPO_BIN "\n", true);
}

// How many engine processes reported each CPU list; the reports are then removed.
inline std::map<std::string, int> reported_cpus(const TempDir& dir) {
    std::map<std::string, int> lists;
    for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
        if (entry.path().filename().string().rfind("cpus_", 0) != 0) continue;
        const std::string text = read_text(entry.path().string());
        ++lists[text.substr(0, text.find('\n'))];
        std::filesystem::remove(entry.path());
    }
    return lists;
}

}  // namespace match_test
