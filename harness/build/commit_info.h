#pragma once
// What a commit is, for the records that name it: its subject line and its committer date, as the
// run reports and the commits report print them (db's engines.commit_subject and committed_at).

#include <filesystem>
#include <optional>
#include <string>

namespace arbiter::build {

struct CommitInfo {
    std::string subject;       // the first line of the message
    std::string committed_at;  // committer date, ISO-8601 UTC: "2026-01-03T09:00:00Z"
};

// The commit's subject and date in the repository holding `repo` (empty: the current directory);
// nullopt when git cannot tell (no repository, unknown commit).
std::optional<CommitInfo> commit_info(const std::filesystem::path& repo, const std::string& commit);

// Seconds since the epoch as ISO-8601 UTC.
std::string utc_iso_from_epoch(long long seconds);

}  // namespace arbiter::build
