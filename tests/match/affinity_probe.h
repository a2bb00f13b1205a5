#pragma once
// An engine that reports the CPUs it may run on: the -use-affinity tests start tempo through it and
// count, after the run, which CPU lists its processes were given.

#include <filesystem>
#include <map>
#include <string>

#include "tests/match/match_test_support.h"

namespace match_test {

// A tempo that first writes its Cpus_allowed_list into DIR/cpus_<pid>.
inline std::string cpu_reporting_engine(const TempDir& dir) {
    return dir.write("report_cpus.sh",
                     "#!/bin/sh\nsed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status > '" + dir.path() +
                         "/cpus_'$$\nexec " TEMPO_BIN "\n",
                     true);
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
