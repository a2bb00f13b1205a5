#include "harness/runlog/run_log.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <sstream>
#include <thread>
#include <utility>

#include <zlib.h>

#include "harness/config/match_config.h"

namespace arbiter::runlog {

// Held-back records are written once they pass this size, so a long game cannot hold much.
constexpr std::size_t kBlockBytes = std::size_t{1} << 20;

// write and close return the reason they failed ("No space left on device"), empty on success.
class RunLog::Sink {
public:
    virtual ~Sink() = default;
    virtual std::string write(const std::string& bytes) = 0;
    virtual std::string close() = 0;
};

namespace {

std::string error_text() { return std::strerror(errno); }

class PlainSink final : public RunLog::Sink {
public:
    PlainSink(const std::string& path, bool append) : file_(std::fopen(path.c_str(), append ? "ae" : "we")) {
        if (file_ == nullptr) throw config::ConfigError("-log file", "cannot open '" + path + "': " + error_text());
    }
    ~PlainSink() override {
        if (file_ != nullptr) std::fclose(file_);
    }
    std::string write(const std::string& bytes) override {
        if (std::fwrite(bytes.data(), 1, bytes.size(), file_) != bytes.size() || std::fflush(file_) != 0)
            return error_text();
        return {};
    }
    std::string close() override {
        std::FILE* file = std::exchange(file_, nullptr);
        if (file != nullptr && std::fclose(file) != 0) return error_text();
        return {};
    }

private:
    std::FILE* file_;
};

// zlib keeps its own buffer: the stream is complete, and a full disk seen, only once it is finished.
class GzipSink final : public RunLog::Sink {
public:
    explicit GzipSink(const std::string& path) : path_(path), file_(gzopen(path.c_str(), "wbe")) {
        if (file_ == nullptr) throw config::ConfigError("-log file", "cannot open '" + path + "': " + error_text());
    }
    ~GzipSink() override {
        if (file_ != nullptr) gzclose(file_);
    }
    std::string write(const std::string& bytes) override {
        if (!bytes.empty() && gzwrite(file_, bytes.data(), static_cast<unsigned>(bytes.size())) == 0)
            return zlib_error();
        return {};
    }
    // Finishing the stream first, so that zlib can still say what failed (gzclose frees its state).
    std::string close() override {
        if (file_ == nullptr) return {};
        std::string error = gzflush(file_, Z_FINISH) == Z_OK ? "" : zlib_error();
        if (gzclose(std::exchange(file_, nullptr)) != Z_OK && error.empty()) error = error_text();
        return error;
    }

private:
    // zlib words a failed write "PATH: REASON"; the caller names the path already.
    std::string zlib_error() const {
        int code = Z_OK;
        std::string message = gzerror(file_, &code);
        if (message.starts_with(path_ + ": ")) message.erase(0, path_.size() + 2);
        return message;
    }

    std::string path_;
    gzFile file_;
};

std::string thread_text() {
    std::ostringstream id;
    id << std::this_thread::get_id();
    return id.str();
}

// "15:21:18.097371", local time as fastchess stamps its records.
std::string clock_text(std::chrono::system_clock::time_point when) {
    const std::time_t seconds = std::chrono::system_clock::to_time_t(when);
    const auto micros =
        std::chrono::duration_cast<std::chrono::microseconds>(when.time_since_epoch()).count() % 1'000'000;
    std::tm local{};
    localtime_r(&seconds, &local);
    char text[32];
    std::snprintf(text, sizeof text, "%02d:%02d:%02d.%06lld", local.tm_hour, local.tm_min, local.tm_sec,
                  static_cast<long long>(micros < 0 ? micros + 1'000'000 : micros));
    return text;
}

std::string prefix(const char* label, std::chrono::system_clock::time_point when) {
    char text[96];
    std::snprintf(text, sizeof text, "[%-6s] [%15s] <%20s> ", label, clock_text(when).c_str(), thread_text().c_str());
    return text;
}

const char* label_of(config::LogLevel level) {
    switch (level) {
        case config::LogLevel::trace: return "TRACE";
        case config::LogLevel::info: return "INFO";
        case config::LogLevel::warn: return "WARN";
        case config::LogLevel::err: return "ERR";
        case config::LogLevel::fatal: return "FATAL";
    }
    return "INFO";
}

std::unique_ptr<RunLog::Sink> open_sink(const config::LogSpec& spec, const std::string& path) {
    if (spec.compress) return std::make_unique<GzipSink>(path);
    return std::make_unique<PlainSink>(path, spec.append);
}

}  // namespace

std::string compressed_log_name(const std::string& file, std::chrono::system_clock::time_point when) {
    const std::time_t seconds = std::chrono::system_clock::to_time_t(when);
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char stamp[40];
    std::strftime(stamp, sizeof stamp, "%Y-%m-%dT.%H.%M.%S", &utc);
    return file + stamp + ".gz";
}

RunLog::RunLog(const config::LogSpec& spec)
    : spec_(spec),
      path_(spec.compress ? compressed_log_name(spec.file, std::chrono::system_clock::now()) : spec.file),
      sink_(open_sink(spec, path_)) {}

RunLog::~RunLog() { close(); }

void RunLog::close() {
    std::lock_guard lock(mutex_);
    write_pending();
    if (!sink_) return;
    const std::string error = sink_->close();
    sink_.reset();
    if (!error.empty()) keep_failure(error);
}

std::string RunLog::failure() const {
    std::lock_guard lock(mutex_);
    return failure_;
}

void RunLog::message(config::LogLevel level, std::string_view text) {
    if (!keeps(level)) return;
    const std::string head = prefix(label_of(level), std::chrono::system_clock::now()) + "arbiter --- ";
    std::string records;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        records += head;
        records.append(text.substr(start, end - start));
        records += '\n';
        if (end == text.size()) break;
        start = end + 1;
    }
    add(records);
}

void RunLog::engine_line(bool to_engine, std::string_view name, std::string_view line,
                         std::chrono::system_clock::time_point when) {
    if (!spec_.engine) return;
    std::string record = prefix("Engine", when) + ' ';
    record.append(name);
    record += to_engine ? " <--- " : " ---> ";
    record.append(line);
    record += '\n';
    add(record);
}

void RunLog::end_of_game() {
    std::lock_guard lock(mutex_);
    write_pending();
}

void RunLog::add(const std::string& record) {
    std::lock_guard lock(mutex_);
    if (!sink_) return;
    pending_ += record;
    if (spec_.realtime || pending_.size() >= kBlockBytes) write_pending();
}

// After a failed write the later records are dropped, not written after a gap that nothing would
// show; the games go on to the end of the one in play, which then fails the run.
void RunLog::write_pending() {
    if (pending_.empty()) return;
    if (sink_ && failure_.empty()) {
        const std::string error = sink_->write(pending_);
        if (!error.empty()) keep_failure(error);
    }
    pending_.clear();
}

void RunLog::keep_failure(const std::string& reason) {
    if (failure_.empty()) failure_ = "-log file " + path_ + ": write failed: " + reason;
}

}  // namespace arbiter::runlog
