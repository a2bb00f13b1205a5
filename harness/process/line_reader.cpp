#include "harness/process/line_reader.h"

#include "harness/process/read_watchdog.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <poll.h>
#include <unistd.h>

namespace arbiter::process::detail {

namespace {

// 64 KiB matches the default Linux pipe capacity: one read empties a full pipe, and at most
// this much output is ever held unread.
constexpr std::size_t kPipeCapacity = 64 * 1024;

}  // namespace

LineReader::LineReader(UniqueFd fd, std::size_t max_line_bytes)
    : fd_(std::move(fd)),
      max_line_bytes_(std::max<std::size_t>(max_line_bytes, 1)),
      buffer_(std::make_unique_for_overwrite<char[]>(kPipeCapacity)) {}

std::optional<OutputLine> LineReader::pop(Clock::time_point deadline) {
    // A deadline already past still gets one look at the pipe (wait_readable polls with a zero
    // timeout then): lines that are there are not late.
    while (queue_.empty() && !eof_) {
        if (ReadAlarm* alarm = enrolled_alarm(); alarm && alarm->arm(deadline)) {
            read_blocking(*alarm);
            continue;  // an interrupted read: the deadline is near now, or it was a stray signal
        }
        if (!wait_readable(deadline)) return std::nullopt;
        read_available();
    }
    if (queue_.empty()) return std::nullopt;
    OutputLine line = std::move(queue_.front());
    queue_.pop_front();
    return line;
}

bool LineReader::drained() const { return eof_ && queue_.empty(); }

void LineReader::stop() { eof_ = true; }

bool LineReader::wait_readable(Clock::time_point deadline) {
    pollfd fd{fd_.get(), POLLIN, 0};
    for (;;) {
        timespec timeout{};
        timespec* wait = nullptr;  // no deadline: wait as long as it takes
        if (deadline != Clock::time_point::max()) {
            const auto left = std::max(Clock::duration::zero(), deadline - Clock::now());
            const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(left).count();
            timeout = timespec{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
            wait = &timeout;
        }
        const int rc = ::ppoll(&fd, 1, wait, nullptr);
        if (rc < 0 && errno == EINTR) continue;
        if (rc < 0) {
            mark_eof(Clock::now());  // the descriptor is unusable: nothing more will come
            return true;
        }
        // POLLHUP/POLLERR without POLLIN still means read() will return EOF/error: let it.
        return rc > 0;
    }
}

void LineReader::read_blocking(ReadAlarm& alarm) {
    const ssize_t n = ::read(fd_.get(), buffer_.get(), kPipeCapacity);
    const int error = errno;
    const auto received = Clock::now();
    alarm.disarm();
    if (n > 0) return split_chunk(buffer_.get(), static_cast<std::size_t>(n), received);
    if (n < 0 && (error == EINTR || error == EAGAIN)) return;
    mark_eof(received);  // 0 = EOF; other errors mean the pipe is unusable anyway
}

void LineReader::read_available() {
    for (;;) {
        const ssize_t n = ::read(fd_.get(), buffer_.get(), kPipeCapacity);
        const auto received = Clock::now();
        if (n > 0) return split_chunk(buffer_.get(), static_cast<std::size_t>(n), received);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == EAGAIN) return;
        return mark_eof(received);  // 0 = EOF; other errors mean the pipe is unusable anyway
    }
}

void LineReader::split_chunk(const char* data, std::size_t size, Clock::time_point received) {
    const char* end = data + size;
    while (data < end) {
        const char* newline = static_cast<const char*>(std::memchr(data, '\n', end - data));
        if (newline == nullptr) {
            append_partial(data, end - data);
            break;
        }
        append_partial(data, newline - data);
        if (!partial_.empty() && partial_.back() == '\r') partial_.pop_back();
        queue_.push_back(OutputLine{std::move(partial_), received, partial_truncated_});
        partial_.clear();
        partial_truncated_ = false;
        data = newline + 1;
    }
}

void LineReader::append_partial(const char* data, std::size_t size) {
    const std::size_t room = max_line_bytes_ - std::min(max_line_bytes_, partial_.size());
    if (size > room) partial_truncated_ = true;
    partial_.append(data, std::min(size, room));
}

void LineReader::mark_eof(Clock::time_point received) {
    if (!partial_.empty()) {
        // A last line without '\n' (engine died mid-write) is still worth showing.
        queue_.push_back(OutputLine{std::move(partial_), received, partial_truncated_});
        partial_.clear();
    }
    eof_ = true;
}

}  // namespace arbiter::process::detail
