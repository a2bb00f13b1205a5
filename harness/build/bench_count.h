#pragma once
// The node count of an engine's `bench` and the `Bench: N` of a commit message, read the way
// OpenBench reads them, so a repository that passes OpenBench's checks passes ours. Counts are kept
// as digit strings (leading zeros and commas dropped), so counts of any length compare exactly:
// a count too long for an integer is never mistaken for no count at all.

#include <cstddef>
#include <optional>
#include <string>

namespace arbiter::build {

// Lines longer than this are skipped when the count is looked for: a bench's count line is short,
// and a pattern search over a megabyte-long line costs time and stack for nothing.
inline constexpr std::size_t kMaxBenchLineBytes = 4096;

// The bench node count in `output` (stdout and stderr of `<engine> bench`). From the last line up,
// each line with runs of characters other than letters, digits and spaces turned into one space, the
// first line holding "N nodes", "nodes N" or "nodes searched N" (any case) gives N. Covers tempo's
// and Stockfish's "Nodes searched  : N" and OpenBench-style "N nodes N nps". nullopt when none does.
std::optional<std::string> bench_nodes_in_output(const std::string& output);

// The count a commit message announces: the last "bench" or "nodes" (any case) followed by spaces,
// ':' or '=' and digits, commas allowed ("Bench: 1,234,567"). nullopt when the message has none.
std::optional<std::string> bench_in_commit_message(const std::string& message);

// `digits` without commas and leading zeros ("0" for zeros only); nullopt unless it holds digits and
// commas only, and at least one digit.
std::optional<std::string> normalised_count(const std::string& digits);

}  // namespace arbiter::build
