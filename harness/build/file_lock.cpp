#include "harness/build/file_lock.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/file.h>
#include <unistd.h>

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
        if (errno == EINTR) continue;
        const int error = errno;
        ::close(fd_);
        throw std::runtime_error("cannot lock " + path.string() + ": " + std::strerror(error));
    }
}

FileLock::~FileLock() {
    if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the flock
}

}  // namespace arbiter::build
