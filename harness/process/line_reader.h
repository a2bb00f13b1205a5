// Background reader for a child's stdout: one thread drains the pipe, splits it into lines stamped
// with the time the bytes arrived, and queues them for the owner, which waits with a deadline.
#pragma once

#include "harness/process/unique_fd.h"

#include "harness/process/process_types.h"

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace arbiter::process::detail {

class LineReader {
public:
    // Takes ownership of `fd` (the read end of the child's stdout pipe).
    LineReader(UniqueFd fd, std::size_t max_line_bytes, std::size_t max_buffered_bytes);
    ~LineReader();  // stop() + join

    LineReader(const LineReader&) = delete;
    LineReader& operator=(const LineReader&) = delete;

    std::optional<OutputLine> pop(Clock::time_point deadline);
    bool drained() const;  // EOF seen and queue empty
    // Makes the thread exit even if the pipe never reaches EOF (a grandchild may still hold it).
    void stop();

private:
    void run();
    bool wait_readable();
    bool wait_for_space();
    void split_chunk(const char* data, std::size_t size, Clock::time_point received);
    void append_partial(const char* data, std::size_t size);
    void mark_eof(Clock::time_point received);

    UniqueFd fd_;
    UniqueFd wake_;  // eventfd: written by stop() to interrupt poll()
    const std::size_t max_line_bytes_;
    const std::size_t max_buffered_bytes_;

    // Touched by the reader thread only.
    std::string partial_;
    bool partial_truncated_ = false;

    mutable std::mutex mutex_;
    std::condition_variable line_ready_;
    std::condition_variable space_ready_;
    std::deque<OutputLine> queue_;
    std::size_t queued_bytes_ = 0;
    bool eof_ = false;
    bool stopping_ = false;

    std::thread thread_;  // last member: starts after everything above is constructed
};

}  // namespace arbiter::process::detail
