#pragma once
// -pgnout and -epdout: files appended to as games finish (completion order), one write and a flush
// per game so that a crash or Ctrl-C never leaves half a game behind a finished one.

#include <fstream>
#include <mutex>
#include <string>

namespace arbiter::scheduler {

class AppendFile {
public:
    // Opens for appending (creating the file). Throws std::runtime_error naming the flag and path.
    AppendFile(const std::string& path, const std::string& flag);
    // Thread-safe; throws std::runtime_error when the write fails (disk full, ...).
    void append(const std::string& text);

private:
    std::string path_;
    std::string flag_;
    std::ofstream file_;
    std::mutex mutex_;
};

}  // namespace arbiter::scheduler
