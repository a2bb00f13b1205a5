#pragma once
// Internal: the overlap rules of a merge, kept free of SQL so they can be reasoned about (and tested)
// on plain data gathered from the inputs.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace arbiter::db::detail {

struct SourceRun {
    std::string config_key;
    int shard_index = 1;  // 0: already a combination of several shards
    int shard_count = 1;
    std::optional<std::int64_t> pair_begin;
    std::optional<std::int64_t> pair_end;
    std::vector<std::int64_t> pairs;  // distinct pair indexes with at least one stored game, ascending
};

struct SourceSurvey {
    std::string path;
    std::vector<SourceRun> runs;
};

// One line per conflict, naming both files, the run key and the pair indexes; empty when the inputs
// can be merged. Rules: for a run key present in two inputs, no pair index may have games in both, and
// two genuine shards (shard_index >= 1) with known ranges may not declare overlapping pair ranges.
std::vector<std::string> find_merge_conflicts(const std::vector<SourceSurvey>& sources);

}  // namespace arbiter::db::detail
