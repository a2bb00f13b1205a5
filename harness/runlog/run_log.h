#pragma once
// The file of fastchess's `-log file= level= append= compress= realtime= engine=`: one record per
// line, in fastchess's layout,
//   [INFO  ] [15:21:18.097371] <     140653872010944> arbiter --- Started game 1 of 2 (a vs b)
//   [Engine] [15:21:18.099447] <     140653872010944>  a <--- uci
//   [Engine] [15:21:18.113817] <     140653872010944>  a ---> id name tempo 0.1
// (label, local time to the microsecond, the writing thread, the text). Messages below the level
// are dropped; engine lines only with engine=true. compress=true writes gzip to
// FILE<YYYY-MM-DDT.HH.MM.SS>.gz (UTC), as fastchess names it, and ignores append. realtime=true
// writes and flushes every record at once; realtime=false keeps records back and writes them in
// blocks: at the end of each game (end_of_game), when a block grows large, and on close.
// A write that fails (disk full) is kept as failure() and the records after it are dropped, so the
// run can stop at its next game's end as a failed -pgnout write stops it; zlib writes most of a
// compressed log only when it is closed, so close() can fail too. Thread-safe.

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "harness/config/runner_settings.h"

namespace arbiter::runlog {

class RunLog {
public:
    // Opens (or creates) the file now. Throws config::ConfigError naming "-log file" and the path.
    explicit RunLog(const config::LogSpec& spec);
    ~RunLog();
    RunLog(const RunLog&) = delete;
    RunLog& operator=(const RunLog&) = delete;

    const std::string& path() const { return path_; }
    bool keeps(config::LogLevel level) const { return level >= spec_.level; }
    bool keeps_engine_lines() const { return spec_.engine; }

    // One record per line of `text`, when `level` is kept.
    void message(config::LogLevel level, std::string_view text);
    // A line sent to (`to_engine`) or read from engine `name`, stamped with `when`.
    void engine_line(bool to_engine, std::string_view name, std::string_view line,
                     std::chrono::system_clock::time_point when);
    // With realtime=false, writes the records kept back so far.
    void end_of_game();
    // Writes the records kept back and closes the file; records after it are dropped. A failure
    // here (gzip's buffer, or fclose's) is failure() from then on. The destructor closes too, but
    // nobody hears of a failure there.
    void close();
    // "-log file PATH: write failed: REASON" for the first write or close that failed; empty while
    // none has.
    std::string failure() const;

    class Sink;  // the open file: plain or gzip

private:
    void add(const std::string& record);
    void write_pending();
    void keep_failure(const std::string& reason);

    config::LogSpec spec_;
    std::string path_;
    mutable std::mutex mutex_;
    std::unique_ptr<Sink> sink_;  // null once closed
    std::string pending_;         // realtime=false: records not written yet
    std::string failure_;         // the first write that failed, worded for the user
};

// "log.txt" + "2026-11-24T.15.21.36.gz": the name fastchess gives a compressed log started at `when`.
std::string compressed_log_name(const std::string& file, std::chrono::system_clock::time_point when);

}  // namespace arbiter::runlog
