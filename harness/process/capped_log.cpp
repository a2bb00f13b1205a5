#include "harness/process/capped_log.h"

#include "harness/process/process_types.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <unistd.h>

namespace arbiter::process {

namespace {

// pwrite until done; a failed write is dropped (the log is best effort).
void write_at(int fd, std::string_view bytes, std::size_t offset) {
    while (!bytes.empty()) {
        const ssize_t written = ::pwrite(fd, bytes.data(), bytes.size(), static_cast<off_t>(offset));
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return;
        bytes.remove_prefix(static_cast<std::size_t>(written));
        offset += static_cast<std::size_t>(written);
    }
}

}  // namespace

CappedLog::CappedLog(std::filesystem::path path, Limits limits, std::string label)
    : path_(std::move(path)), limits_(limits), label_(std::move(label)) {}

CappedLog::~CappedLog() {
    if (fd_ < 0) return;
    write_tail_locked();
    ::close(fd_);
}

std::string CappedLog::cut_note(std::size_t head_bytes, std::size_t cut_bytes, std::size_t kept_bytes,
                                const std::string& label) {
    return "\n[arbiter: " + label + " capped at " + std::to_string(head_bytes) +
           " bytes: " + std::to_string(cut_bytes) + " bytes cut here, the last " + std::to_string(kept_bytes) +
           " follow]\n";
}

void CappedLog::open() {
    std::lock_guard lock(mutex_);
    if (fd_ >= 0) return;
    // The directory is made on first use, so a run that fails validation leaves nothing behind.
    std::error_code ignored;
    if (path_.has_parent_path()) std::filesystem::create_directories(path_.parent_path(), ignored);
    // Not O_APPEND: the tail is rewritten in place behind the cut line.
    const int fd = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) throw ProcessError("cannot open " + label_ + " '" + path_.string() + "': " + std::strerror(errno));
    const off_t size = ::lseek(fd, 0, SEEK_END);
    fd_ = fd;
    end_ = size > 0 ? static_cast<std::size_t>(size) : 0;
}

void CappedLog::write(std::string_view bytes) {
    std::lock_guard lock(mutex_);
    if (fd_ < 0 || bytes.empty()) return;
    if (!cutting_) {
        const std::size_t room = limits_.head_bytes > end_ ? limits_.head_bytes - end_ : 0;
        const std::size_t head_part = std::min(room, bytes.size());
        write_at(fd_, bytes.substr(0, head_part), end_);
        end_ += head_part;
        bytes.remove_prefix(head_part);
        if (bytes.empty()) return;
        cutting_ = true;
        cut_at_ = end_;
        keep_in_tail(bytes);
        write_tail_locked();  // the cut line goes in at once: it explains the file if we are killed
        return;
    }
    keep_in_tail(bytes);
}

void CappedLog::keep_in_tail(std::string_view bytes) {
    bytes_after_cut_ += bytes.size();
    if (bytes.size() >= limits_.tail_bytes) {
        tail_.assign(bytes.substr(bytes.size() - limits_.tail_bytes));
        return;
    }
    tail_.append(bytes);
    // Trimmed only once it holds twice the tail: each byte is moved at most once.
    if (tail_.size() > 2 * limits_.tail_bytes) tail_.erase(0, tail_.size() - limits_.tail_bytes);
}

void CappedLog::write_tail() {
    std::lock_guard lock(mutex_);
    write_tail_locked();
}

void CappedLog::write_tail_locked() {
    if (fd_ < 0 || !cutting_) return;
    const std::size_t kept = std::min(tail_.size(), limits_.tail_bytes);
    const std::string note = cut_note(limits_.head_bytes, bytes_after_cut_ - kept, kept, label_);
    std::string text = note;
    text.append(tail_, tail_.size() - kept, kept);
    write_at(fd_, text, cut_at_);
    [[maybe_unused]] const int ignored = ::ftruncate(fd_, static_cast<off_t>(cut_at_ + text.size()));
}

}  // namespace arbiter::process
