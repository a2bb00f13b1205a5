#include "harness/process/line_reader.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstring>
#include <vector>

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

namespace arbiter::process::detail {

namespace {

// Per-line bookkeeping charged against max_buffered_bytes so a flood of empty lines is bounded
// too, not just long ones.
constexpr std::size_t kLineOverhead = 64;

std::size_t charge(const OutputLine& line) { return line.text.size() + kLineOverhead; }

}  // namespace

LineReader::LineReader(UniqueFd fd, std::size_t max_line_bytes, std::size_t max_buffered_bytes)
    : fd_(std::move(fd)),
      wake_(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)),
      max_line_bytes_(std::max<std::size_t>(max_line_bytes, 1)),
      max_buffered_bytes_(std::max<std::size_t>(max_buffered_bytes, 1)) {
    if (!wake_.valid()) throw ProcessError(std::string("eventfd failed: ") + std::strerror(errno));
    thread_ = std::thread([this] { run(); });
}

LineReader::~LineReader() {
    stop();
    if (thread_.joinable()) thread_.join();
}

void LineReader::stop() {
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return;
        stopping_ = true;
        eof_ = true;  // nobody will read further; waiting owners must not sit until their deadline
    }
    line_ready_.notify_all();
    space_ready_.notify_all();
    const std::uint64_t one = 1;
    [[maybe_unused]] auto ignored = ::write(wake_.get(), &one, sizeof one);
}

std::optional<OutputLine> LineReader::pop(Clock::time_point deadline) {
    std::unique_lock lock(mutex_);
    auto ready = [this] { return !queue_.empty() || eof_; };
    if (deadline == Clock::time_point::max()) {
        line_ready_.wait(lock, ready);  // avoids overflow in the timed wait's conversion
    } else if (!line_ready_.wait_until(lock, deadline, ready)) {
        return std::nullopt;
    }
    if (queue_.empty()) return std::nullopt;

    OutputLine line = std::move(queue_.front());
    queue_.pop_front();
    const bool was_full = queued_bytes_ >= max_buffered_bytes_;
    queued_bytes_ -= charge(line);
    if (was_full && queued_bytes_ < max_buffered_bytes_) space_ready_.notify_one();
    return line;
}

bool LineReader::drained() const {
    std::lock_guard lock(mutex_);
    return eof_ && queue_.empty();
}

void LineReader::run() {
    // 64 KiB matches the default Linux pipe capacity: one read empties a full pipe.
    std::vector<char> buffer(64 * 1024);
    while (wait_for_space() && wait_readable()) {
        const ssize_t n = ::read(fd_.get(), buffer.data(), buffer.size());
        const auto received = Clock::now();
        if (n > 0) {
            split_chunk(buffer.data(), static_cast<std::size_t>(n), received);
        } else if (n < 0 && (errno == EINTR || errno == EAGAIN)) {
            continue;
        } else {
            mark_eof(received);  // 0 = EOF; other errors mean the pipe is unusable anyway
            return;
        }
    }
}

bool LineReader::wait_for_space() {
    std::unique_lock lock(mutex_);
    space_ready_.wait(lock, [this] { return queued_bytes_ < max_buffered_bytes_ || stopping_; });
    return !stopping_;
}

bool LineReader::wait_readable() {
    std::array<pollfd, 2> fds{pollfd{fd_.get(), POLLIN, 0}, pollfd{wake_.get(), POLLIN, 0}};
    for (;;) {
        const int rc = ::poll(fds.data(), fds.size(), -1);
        if (rc < 0 && errno == EINTR) continue;
        if (rc < 0) return false;
        if (fds[1].revents != 0) return false;
        // POLLHUP/POLLERR without POLLIN still means read() will return EOF/error: let it.
        if (fds[0].revents != 0) return true;
    }
}

void LineReader::split_chunk(const char* data, std::size_t size, Clock::time_point received) {
    std::vector<OutputLine> batch;
    const char* end = data + size;
    while (data < end) {
        const char* newline = static_cast<const char*>(std::memchr(data, '\n', end - data));
        if (newline == nullptr) {
            append_partial(data, end - data);
            break;
        }
        append_partial(data, newline - data);
        if (!partial_.empty() && partial_.back() == '\r') partial_.pop_back();
        batch.push_back(OutputLine{std::move(partial_), received, partial_truncated_});
        partial_.clear();
        partial_truncated_ = false;
        data = newline + 1;
    }
    if (batch.empty()) return;

    {
        // One lock per read() rather than per line keeps floods cheap.
        std::lock_guard lock(mutex_);
        for (auto& line : batch) {
            queued_bytes_ += charge(line);
            queue_.push_back(std::move(line));
        }
    }
    line_ready_.notify_all();
}

void LineReader::append_partial(const char* data, std::size_t size) {
    const std::size_t room = max_line_bytes_ - std::min(max_line_bytes_, partial_.size());
    if (size > room) partial_truncated_ = true;
    partial_.append(data, std::min(size, room));
}

void LineReader::mark_eof(Clock::time_point received) {
    {
        std::lock_guard lock(mutex_);
        if (!partial_.empty()) {
            // A last line without '\n' (engine died mid-write) is still worth showing.
            OutputLine line{std::move(partial_), received, partial_truncated_};
            queued_bytes_ += charge(line);
            queue_.push_back(std::move(line));
            partial_.clear();
        }
        eof_ = true;
    }
    line_ready_.notify_all();
}

}  // namespace arbiter::process::detail
