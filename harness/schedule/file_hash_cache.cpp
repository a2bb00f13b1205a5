#include "harness/schedule/file_hash_cache.h"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string_view>
#include <system_error>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include "harness/cachedir/cache_base.h"

namespace arbiter::schedule {
namespace {

constexpr const char* kFileName = "file-hashes";
constexpr const char* kHeader = "# arbiter engine file hashes: device inode size mtime_ns ctime_ns hash path";

struct Entry {
    FileStamp stamp;
    std::string hash;
    std::string path;
};

std::int64_t nanoseconds(const timespec& time) {
    return static_cast<std::int64_t>(time.tv_sec) * 1'000'000'000 + time.tv_nsec;
}

// "v2:" and 16 lowercase hex digits, as file_content_hash writes it: a damaged value must not
// become a run's identity.
bool well_formed(const std::string& hash) {
    constexpr std::string_view kPrefix = "v2:";
    if (hash.size() != kPrefix.size() + 16 || hash.compare(0, kPrefix.size(), kPrefix) != 0) return false;
    return std::all_of(hash.begin() + kPrefix.size(), hash.end(),
                       [](char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'); });
}

// A line as remember() writes it; anything else (a torn or hand-edited line) is skipped.
std::optional<Entry> parse_entry(const std::string& line) {
    if (line.empty() || line.front() == '#') return std::nullopt;
    std::istringstream fields(line);
    Entry entry;
    FileStamp& s = entry.stamp;
    if (!(fields >> s.device >> s.inode >> s.size >> s.mtime_ns >> s.ctime_ns >> entry.hash)) return std::nullopt;
    if (!well_formed(entry.hash) || fields.get() != ' ') return std::nullopt;
    std::getline(fields, entry.path);
    return entry;
}

std::vector<Entry> read_entries(const std::filesystem::path& file) {
    std::vector<Entry> entries;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);)
        if (auto entry = parse_entry(line)) entries.push_back(std::move(*entry));
    return entries;
}

// Whole or not at all: written beside the cache and renamed over it, so a reader never sees half a
// file and concurrent runs lose at most each other's newest entry.
void write_entries(const std::filesystem::path& file, const std::vector<Entry>& entries) {
    std::error_code error;
    std::filesystem::create_directories(file.parent_path(), error);
    const std::filesystem::path temporary = file.string() + ".tmp." + std::to_string(::getpid());
    {
        std::ofstream out(temporary, std::ios::trunc);
        if (!out) return;
        out << kHeader << '\n';
        for (const Entry& e : entries) {
            const FileStamp& s = e.stamp;
            out << s.device << ' ' << s.inode << ' ' << s.size << ' ' << s.mtime_ns << ' ' << s.ctime_ns << ' '
                << e.hash << ' ' << e.path << '\n';
        }
        if (!out.flush()) {
            out.close();
            std::filesystem::remove(temporary, error);
            return;
        }
    }
    std::filesystem::rename(temporary, file, error);
    if (error) std::filesystem::remove(temporary, error);
}

bool settled(const FileStamp& stamp, std::chrono::seconds settle) {
    timespec now{};
    ::clock_gettime(CLOCK_REALTIME, &now);
    const std::int64_t newest = std::max(stamp.mtime_ns, stamp.ctime_ns);
    return nanoseconds(now) - newest >= std::chrono::nanoseconds(settle).count();
}

}  // namespace

FileStamp stamp_of(const struct stat& status) {
    return FileStamp{static_cast<std::uint64_t>(status.st_dev), static_cast<std::uint64_t>(status.st_ino),
                     static_cast<std::uint64_t>(status.st_size), nanoseconds(status.st_mtim),
                     nanoseconds(status.st_ctim)};
}

FileHashCache::FileHashCache(const std::filesystem::path& directory, std::chrono::seconds settle)
    : file_(directory / kFileName), settle_(settle) {}

FileHashCache FileHashCache::from_environment() {
    if (auto directory = cachedir::cache_base(cachedir::EmptySetting::turns_off)) return FileHashCache(*directory);
    return FileHashCache();
}

std::optional<std::string> FileHashCache::find(const FileStamp& stamp) const {
    if (!file_) return std::nullopt;
    for (Entry& entry : read_entries(*file_))
        if (entry.stamp == stamp) return std::move(entry.hash);
    return std::nullopt;
}

void FileHashCache::remember(const std::string& path, const FileStamp& stamp, const std::string& hash) const {
    if (!file_ || !settled(stamp, settle_)) return;
    // One line per entry: a path with a line break is hashed every time rather than stored.
    if (path.find('\n') != std::string::npos || !well_formed(hash)) return;
    std::vector<Entry> entries{{stamp, hash, path}};
    for (Entry& old : read_entries(*file_)) {
        if (entries.size() >= kMaxEntries) break;
        if (old.stamp.device == stamp.device && old.stamp.inode == stamp.inode) continue;
        entries.push_back(std::move(old));
    }
    write_entries(*file_, entries);
}

}  // namespace arbiter::schedule
