#pragma once
// Engine files' content hashes, remembered by what fstat() says of each file, so that a run does not
// read a 47 MB engine binary at every start: hashing it was most of a match's fixed CPU cost (about
// 12 ms, half the main thread of a short match), which c-chess-cli and fastchess do not pay because
// they keep no run identity.
//
// A file whose device, inode, size, modification and status-change times all equal an entry's is
// taken to be unchanged, as git's index and make take it. The status-change time cannot be set back
// by any tool short of the system clock, so a rewrite, a copy over the file, `touch` or a rename onto
// it changes the stamp. A file changed again within the filesystem's timestamp granularity of being
// hashed could keep its stamp ("racy git"), so an entry is only written for a file whose times are
// at least `settle` old when it is hashed.
//
// The cache is advisory: a missing, unreadable, malformed or unwritable file only means hashing
// again, never an error. Where it lives: $ARBITER_CACHE_DIR (set but empty: no cache), else
// $XDG_CACHE_HOME/arbiter, else $HOME/.cache/arbiter; the file is `file-hashes`.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

struct stat;

namespace arbiter::schedule {

// What identifies a file's bytes without reading them.
struct FileStamp {
    std::uint64_t device = 0;
    std::uint64_t inode = 0;
    std::uint64_t size = 0;
    std::int64_t mtime_ns = 0;
    std::int64_t ctime_ns = 0;
    bool operator==(const FileStamp&) const = default;
};

FileStamp stamp_of(const struct stat& status);

class FileHashCache {
public:
    static constexpr std::chrono::seconds kSettle{2};
    static constexpr std::size_t kMaxEntries = 256;  // the oldest fall out

    FileHashCache() = default;  // no cache: every lookup misses, nothing is written
    explicit FileHashCache(const std::filesystem::path& directory, std::chrono::seconds settle = kSettle);

    // The location the environment names (see above), or no cache.
    static FileHashCache from_environment();

    bool enabled() const { return file_.has_value(); }
    const std::optional<std::filesystem::path>& file() const { return file_; }

    // The hash stored for a file with exactly this stamp.
    std::optional<std::string> find(const FileStamp& stamp) const;
    // Stores `hash` for `stamp` (`path` is kept for whoever reads the file) when the file has
    // settled; replaces an entry of the same device and inode.
    void remember(const std::string& path, const FileStamp& stamp, const std::string& hash) const;

private:
    std::optional<std::filesystem::path> file_;
    std::chrono::seconds settle_ = kSettle;
};

}  // namespace arbiter::schedule
