#include "harness/spsa/run_lock.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace arbiter::spsa {

RunLock::RunLock(const std::string& db_path, std::int64_t run_id) {
    const std::string path = db_path + ".spsa-lock";
    // Close-on-exec: an engine started later must not inherit the descriptor, or it would keep the
    // run claimed after this process is killed.
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) throw RunClaimError("cannot open the lock file " + path + ": " + std::strerror(errno));
    struct flock claim {};
    claim.l_type = F_WRLCK;
    claim.l_whence = SEEK_SET;
    claim.l_start = static_cast<off_t>(run_id);
    claim.l_len = 1;
    if (::fcntl(fd_, F_OFD_SETLK, &claim) == 0) return;
    const int error = errno;
    ::close(fd_);
    if (error == EAGAIN || error == EACCES)
        throw RunClaimError("the run is in use by another arbiter spsa process (its claim is held on " + path +
                            "); wait for it to end, or give another --name");
    throw RunClaimError("cannot lock " + path + ": " + std::strerror(error));
}

RunLock::~RunLock() {
    ::close(fd_);  // the last descriptor of the open file description: the claim is released
}

}  // namespace arbiter::spsa
