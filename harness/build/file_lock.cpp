#include "harness/build/file_lock.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/file.h>
#include <unistd.h>

#include "harness/build/stop_signals.h"

namespace arbiter::build {

FileLock::FileLock(const std::filesystem::path& path, std::ostream& progress, const std::string& waiting_message) {
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) throw std::runtime_error("cannot open the lock file " + path.string() + ": " + std::strerror(errno));
    if (::flock(fd_, LOCK_EX | LOCK_NB) == 0) return;
    if (errno != EWOULDBLOCK) {
        const int error = errno;
        ::close(fd_);
        throw std::runtime_error("cannot lock " + path.string() + ": " + std::strerror(error));
    }
    waited_ = true;
    progress << waiting_message << std::endl;
    while (::flock(fd_, LOCK_EX) != 0) {
        // A stop signal interrupts the wait (harness/build/stop_signals.h); any other just resumes it.
        if (errno == EINTR && stop_signal_arrived() == 0) continue;
        const std::string why = errno == EINTR ? "stopped by a signal" : std::strerror(errno);
        ::close(fd_);
        throw std::runtime_error("cannot lock " + path.string() + ": " + why);
    }
}

FileLock::~FileLock() {
    if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the flock
}

}  // namespace arbiter::build
