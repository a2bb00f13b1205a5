#include "harness/process/stderr_pump.h"

#include "harness/process/process_types.h"

#include <array>
#include <cerrno>
#include <cstring>
#include <vector>

#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

namespace arbiter::process::detail {

StderrPump::StderrPump(UniqueFd fd, std::shared_ptr<CappedLog> log)
    : fd_(std::move(fd)), wake_(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)), log_(std::move(log)) {
    if (!wake_.valid()) throw ProcessError(std::string("eventfd failed: ") + std::strerror(errno));
    if (::fcntl(fd_.get(), F_SETFL, O_NONBLOCK) != 0)
        throw ProcessError(std::string("fcntl(O_NONBLOCK) failed: ") + std::strerror(errno));
    thread_ = std::thread([this] { run(); });
}

StderrPump::~StderrPump() {
    stop();
    if (thread_.joinable()) thread_.join();
}

void StderrPump::stop() {
    if (stop_requested_) return;
    stop_requested_ = true;
    const std::uint64_t one = 1;
    [[maybe_unused]] auto ignored = ::write(wake_.get(), &one, sizeof one);
}

bool StderrPump::drain() {
    // 64 KiB matches the default Linux pipe capacity: one read empties a full pipe.
    std::vector<char> buffer(64 * 1024);
    for (;;) {
        const ssize_t n = ::read(fd_.get(), buffer.data(), buffer.size());
        if (n > 0) {
            log_->write(std::string_view(buffer.data(), static_cast<std::size_t>(n)));
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            return n < 0 && errno == EAGAIN;  // 0 = EOF
        }
    }
}

void StderrPump::run() {
    std::array<pollfd, 2> fds{pollfd{fd_.get(), POLLIN, 0}, pollfd{wake_.get(), POLLIN, 0}};
    for (;;) {
        const int rc = ::poll(fds.data(), fds.size(), -1);
        if (rc < 0 && errno == EINTR) continue;
        if (rc < 0) break;
        if (fds[0].revents != 0 && !drain()) break;
        if (fds[1].revents != 0) {
            drain();  // the child is reaped: what it wrote is all in the pipe
            break;
        }
    }
    log_->write_tail();
}

}  // namespace arbiter::process::detail
