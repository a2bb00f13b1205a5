// Reader for a child's stdout, run by the owner thread itself: while the owner waits for a line it
// polls the pipe, reads whatever is there in one read(), splits it into lines stamped with the time
// the bytes came out of read(), and hands them out in order.
//
// No thread of its own: a reader thread costs two wake-ups and a hand-over per line, and the owner
// is blocked waiting for the engine's reply anyway. A thread enrolled with a ReadWatchdog waits in
// read() itself while its deadline is far (read_watchdog.h), in ppoll() otherwise. Output is read only while the owner waits for
// it, so an engine flooding its output blocks on a full pipe instead of growing our memory.
#pragma once

#include "harness/process/unique_fd.h"

#include "harness/process/process_types.h"

#include <cstddef>
#include <deque>
#include <memory>
#include <optional>
#include <string>

namespace arbiter::process::detail {

class ReadAlarm;  // read_watchdog.h

class LineReader {
public:
    // Takes ownership of `fd` (the read end of the child's stdout pipe).
    LineReader(UniqueFd fd, std::size_t max_line_bytes);

    LineReader(const LineReader&) = delete;
    LineReader& operator=(const LineReader&) = delete;

    // Next line; nullopt at the deadline, or at once when the output is closed and drained.
    std::optional<OutputLine> pop(Clock::time_point deadline);
    bool drained() const;  // EOF seen and every line handed out
    // Reads nothing more: the child is being torn down (a grandchild may keep the pipe open).
    void stop();

private:
    bool wait_readable(Clock::time_point deadline);
    void read_blocking(ReadAlarm& alarm);
    void read_available();
    void split_chunk(const char* data, std::size_t size, Clock::time_point received);
    void append_partial(const char* data, std::size_t size);
    void mark_eof(Clock::time_point received);

    UniqueFd fd_;
    const std::size_t max_line_bytes_;
    // Left uninitialised: only the bytes read() writes are ever touched (and made resident).
    std::unique_ptr<char[]> buffer_;
    std::string partial_;
    bool partial_truncated_ = false;
    std::deque<OutputLine> queue_;
    bool eof_ = false;
};

}  // namespace arbiter::process::detail
