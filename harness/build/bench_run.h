#pragma once
// Runs a built engine's bench once per cache entry and keeps the node count beside the binary, so a
// cached build does not run it again.

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>

namespace arbiter::build {

// The bench's time limit when neither --build-timeout nor build.timeout gives one.
inline constexpr int kBenchTimeoutSeconds = 600;
// What of a bench's output is kept, in bench.log and in memory: its first and its last bytes, with a
// line saying how much was cut between (harness/process/capped_log.h). The count is near the end.
inline constexpr std::size_t kBenchLogHeadBytes = std::size_t{1} << 20;
inline constexpr std::size_t kBenchLogTailBytes = std::size_t{1} << 20;

struct BenchRun {
    std::optional<std::string> nodes;  // digits; nullopt: the output held no count (see `log`)
    std::filesystem::path log;         // the bench's output, <entry>/bench.log
    bool cached = false;
    bool timed_out = false;
    int stop_signal = 0;  // the bench was killed because arbiter got this signal
};

// `binary` run with `args` (split at spaces) for at most `timeout_seconds`, its output read with
// OpenBench's rule; or the count stored in <entry>/bench by an earlier run with the same args.
BenchRun run_bench(const std::filesystem::path& binary, const std::string& args, const std::filesystem::path& entry,
                   int timeout_seconds);

}  // namespace arbiter::build
