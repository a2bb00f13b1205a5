#pragma once
// An exclusive flock(2) on a lock file, held for the lifetime of the object. The kernel drops it when
// the process dies, so a killed build never leaves a stale lock behind.

#include <filesystem>
#include <ostream>

namespace arbiter::build {

class FileLock {
public:
    // Blocks until the lock is ours. When another process holds it, says so on `progress` first,
    // so a waiting build does not look hung. Throws std::runtime_error naming the file on failure,
    // and when a stop signal ends the wait.
    FileLock(const std::filesystem::path& path, std::ostream& progress, const std::string& waiting_message);
    ~FileLock();
    FileLock(const FileLock&) = delete;
    FileLock& operator=(const FileLock&) = delete;

    // True when another process held the lock when we asked for it.
    bool waited() const { return waited_; }

private:
    int fd_ = -1;
    bool waited_ = false;
};

}  // namespace arbiter::build
