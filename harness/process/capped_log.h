// A log file that engines' stderr goes to, with a size cap: one engine flooding its stderr must not
// fill the disk. Every process of one engine (workers, restarts, the start-up check) writes into
// the same CappedLog, so the cap holds for the whole log of a run. `arbiter build` keeps a bench's
// output in one too (harness/build/bench_run.h), labelled "bench output" in the cut line.
//
// The file keeps its first `head_bytes` as they come (what an earlier run left counts too). Later
// bytes are kept only as the last `tail_bytes`, written behind one line that says how many bytes
// were cut at that point:
//   [arbiter: stderr log capped at 3145728 bytes: 17825792 bytes cut here, the last 1048576 follow]
// The tail reaches the file whenever a writing process ends and when the log goes; a run killed
// with SIGKILL keeps the head and the cut line as of the last process end.
#pragma once

#include <cstddef>
#include <filesystem>
#include <mutex>
#include <string>
#include <string_view>

namespace arbiter::process {

struct CappedLogLimits {
    std::size_t head_bytes = std::size_t{3} << 20;
    std::size_t tail_bytes = std::size_t{1} << 20;
};

class CappedLog {
public:
    using Limits = CappedLogLimits;

    // Touches nothing yet: the file (and its directory) are made by the first open(). `label` names
    // what the file holds, in the cut line.
    explicit CappedLog(std::filesystem::path path, Limits limits = {}, std::string label = "stderr log");
    ~CappedLog();  // writes the kept tail
    CappedLog(const CappedLog&) = delete;
    CappedLog& operator=(const CappedLog&) = delete;

    const std::filesystem::path& path() const { return path_; }
    const Limits& limits() const { return limits_; }

    // Creates the directory and the file if needed; idempotent and thread-safe. Throws
    // ProcessError naming the path when the file cannot be opened.
    void open();
    // Thread-safe; open() must have succeeded. Write errors are ignored: a log must not stop a game.
    void write(std::string_view bytes);
    // Puts the cut line and the kept tail into the file now.
    void write_tail();

    // The note written where bytes were cut.
    static std::string cut_note(std::size_t head_bytes, std::size_t cut_bytes, std::size_t kept_bytes,
                                const std::string& label = "stderr log");

private:
    void write_tail_locked();
    void keep_in_tail(std::string_view bytes);

    const std::filesystem::path path_;
    const Limits limits_;
    const std::string label_;
    std::mutex mutex_;
    int fd_ = -1;
    std::size_t end_ = 0;     // file size while nothing is cut
    bool cutting_ = false;    // the head is full: bytes go to tail_
    std::size_t cut_at_ = 0;  // where the cut line starts
    std::size_t bytes_after_cut_ = 0;
    std::string tail_;  // the latest bytes after the cut (up to twice tail_bytes)
};

}  // namespace arbiter::process
