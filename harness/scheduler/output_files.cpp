#include "scheduler/output_files.h"

#include <stdexcept>

namespace arbiter::scheduler {

AppendFile::AppendFile(const std::string& path, const std::string& flag)
    : path_(path), flag_(flag), file_(path, std::ios::app | std::ios::binary) {
    if (!file_) throw std::runtime_error(flag + " " + path + ": cannot open for appending");
}

void AppendFile::append(const std::string& text) {
    std::lock_guard lock(mutex_);
    file_ << text;
    file_.flush();
    if (!file_) throw std::runtime_error(flag_ + " " + path_ + ": write failed");
}

}  // namespace arbiter::scheduler
