#pragma once
// Runs a built engine's bench once per cache entry and keeps the node count beside the binary, so a
// cached build does not run it again.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace arbiter::build {

inline constexpr int kBenchTimeoutSeconds = 600;

struct BenchRun {
    std::optional<std::uint64_t> nodes;  // nullopt: the output held no count (see `log`)
    std::filesystem::path log;           // the bench's output, <entry>/bench.log
    bool cached = false;
    bool timed_out = false;
};

// `binary` run with `args` (split at spaces) and its output read with OpenBench's rule; or the count
// stored in <entry>/bench by an earlier run with the same args.
BenchRun run_bench(const std::filesystem::path& binary, const std::string& args, const std::filesystem::path& entry);

}  // namespace arbiter::build
