#pragma once
// The databases `arbiter serve` shows, read-only. One file is read where it is. Several files, or a
// directory of shard databases as ci/slurm and ci/parallel leave them, are shown as one: they are
// merged (db::merge, the code behind `arbiter merge`) into a snapshot in a private temporary
// directory, rebuilt when one of them changes. The inputs are only ever opened to read.

#include <chrono>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace arbiter::serve {

// A path given to --db that cannot be served: missing, an empty directory, not a database, damaged, or
// from a newer schema. The message names the path.
class SourcesError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class Sources {
public:
    // Each path is a database file or a directory whose *.db files are shards of one set. Every file
    // is opened read-only once here, so a bad one is a startup error rather than a broken page.
    explicit Sources(const std::vector<std::string>& given);
    ~Sources();
    Sources(const Sources&) = delete;
    Sources& operator=(const Sources&) = delete;

    const std::vector<std::string>& files() const { return files_; }
    // What the user should know at startup (a file of an older schema, read as it is).
    const std::vector<std::string>& warnings() const { return warnings_; }

    // Changes whenever a file or its write-ahead log changes (size or modification time), and each
    // minute: what a page polls to learn that a game was stored, without a query.
    std::string version() const;

    // The file a page reads now: the single database, or the merged snapshot of the current version
    // (rebuilt at most once per kSnapshotInterval, so a busy writer does not keep the server merging).
    std::string read_path();

private:
    std::string rebuild_snapshot(const std::string& version);

    std::vector<std::string> files_;
    std::vector<std::string> warnings_;
    std::string snapshot_dir_;  // empty for a single file
    std::mutex snapshot_mutex_;
    std::string snapshot_path_, snapshot_version_;
    std::chrono::steady_clock::time_point snapshot_built_{};
    int snapshot_count_ = 0;
};

inline constexpr std::chrono::milliseconds kSnapshotInterval{1000};

}  // namespace arbiter::serve
