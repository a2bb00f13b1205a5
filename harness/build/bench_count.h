#pragma once
// The node count of an engine's `bench` and the `Bench: N` of a commit message, read the way
// OpenBench reads them, so a repository that passes OpenBench's checks passes ours.

#include <cstdint>
#include <optional>
#include <string>

namespace arbiter::build {

// The bench node count in `output` (stdout and stderr of `<engine> bench`). From the last line up,
// each line with runs of characters other than letters, digits and spaces turned into one space, the
// first line holding "N nodes", "nodes N" or "nodes searched N" (any case) gives N. Covers tempo's
// and Stockfish's "Nodes searched  : N" and OpenBench-style "N nodes N nps". nullopt when none does.
std::optional<std::uint64_t> bench_nodes_in_output(const std::string& output);

// The count a commit message announces: the last "bench" or "nodes" (any case) followed by spaces,
// ':' or '=' and digits, commas allowed ("Bench: 1,234,567"). nullopt when the message has none.
std::optional<std::uint64_t> bench_in_commit_message(const std::string& message);

}  // namespace arbiter::build
