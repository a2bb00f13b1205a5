#include "db/merge_check.h"

#include <algorithm>
#include <iterator>

namespace arbiter::db::detail {

namespace {

constexpr std::size_t kListedPairs = 20;  // longer lists are cut, with a count of the rest

std::string list_pairs(const std::vector<std::int64_t>& pairs) {
    std::string text;
    for (std::size_t i = 0; i < pairs.size() && i < kListedPairs; ++i) {
        if (i != 0) text += ", ";
        text += std::to_string(pairs[i]);
    }
    if (pairs.size() > kListedPairs) text += " and " + std::to_string(pairs.size() - kListedPairs) + " more";
    return text;
}

std::string describe_range(const SourceRun& run) {
    // Appended piecewise: g++ 12 warns falsely (-Wrestrict) on "literal" + std::string temporaries here.
    std::string text = "[";
    text += std::to_string(*run.pair_begin);
    text += ", ";
    text += std::to_string(*run.pair_end);
    text += ") (shard ";
    text += std::to_string(run.shard_index);
    text += "/";
    text += std::to_string(run.shard_count);
    text += ")";
    return text;
}

void check_declared_ranges(const std::string& path_a, const SourceRun& a, const std::string& path_b, const SourceRun& b,
                           std::vector<std::string>& conflicts) {
    // Merged runs (shard 0) only cover the hull of their shards, so their range says little; their
    // actual pair indexes are compared instead.
    if (a.shard_index == 0 || b.shard_index == 0) return;
    if (!a.pair_begin || !a.pair_end || !b.pair_begin || !b.pair_end) return;
    const std::int64_t first = std::max(*a.pair_begin, *b.pair_begin);
    const std::int64_t last = std::min(*a.pair_end, *b.pair_end);  // exclusive
    if (first >= last) return;
    conflicts.push_back("run " + a.config_key + ": pair range " + describe_range(a) + " in '" + path_a +
                        "' overlaps pair range " + describe_range(b) + " in '" + path_b + "' (pairs " +
                        std::to_string(first) + ".." + std::to_string(last - 1) + ")");
}

void check_stored_pairs(const std::string& path_a, const SourceRun& a, const std::string& path_b, const SourceRun& b,
                        std::vector<std::string>& conflicts) {
    std::vector<std::int64_t> shared;
    std::set_intersection(a.pairs.begin(), a.pairs.end(), b.pairs.begin(), b.pairs.end(), std::back_inserter(shared));
    if (shared.empty()) return;
    conflicts.push_back("run " + a.config_key + ": pair indexes " + list_pairs(shared) + " have games in both '" +
                        path_a + "' and '" + path_b + "'");
}

}  // namespace

std::vector<std::string> find_merge_conflicts(const std::vector<SourceSurvey>& sources) {
    std::vector<std::string> conflicts;
    for (std::size_t i = 0; i < sources.size(); ++i) {
        for (std::size_t j = i + 1; j < sources.size(); ++j) {
            for (const SourceRun& a : sources[i].runs) {
                for (const SourceRun& b : sources[j].runs) {
                    if (a.config_key != b.config_key) continue;
                    check_declared_ranges(sources[i].path, a, sources[j].path, b, conflicts);
                    check_stored_pairs(sources[i].path, a, sources[j].path, b, conflicts);
                }
            }
        }
    }
    return conflicts;
}

}  // namespace arbiter::db::detail
