#include "serve/sources.h"

#include <sys/stat.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>

#include "db/database.h"
#include "db/merge.h"

namespace arbiter::serve {
namespace {

namespace fs = std::filesystem;

bool is_database_name(const fs::path& path) { return path.extension() == ".db"; }

std::vector<std::string> databases_in(const std::string& directory) {
    std::vector<std::string> found;
    std::error_code error;
    for (const fs::directory_entry& entry : fs::directory_iterator(directory, error))
        if (entry.is_regular_file() && is_database_name(entry.path())) found.push_back(entry.path().string());
    if (error) throw SourcesError("--db " + directory + ": cannot list the directory: " + error.message());
    if (found.empty()) throw SourcesError("--db " + directory + ": the directory holds no *.db file");
    std::sort(found.begin(), found.end());
    return found;
}

// Each file opened read-only, as pages will open it: a missing, damaged or newer file fails here.
// Returns its schema version.
int check_readable(const std::string& file) {
    if (!fs::exists(file)) throw SourcesError("--db " + file + ": no such file");
    try {
        db::OpenOptions options;
        options.read_only = true;
        db::Database database(file, options);
        database.list_runs();
        return database.schema_version();
    } catch (const std::exception& error) {
        throw SourcesError("--db " + file + ": " + error.what());
    }
}

std::string stamp_of(const std::string& file) {
    struct stat info {};
    if (::stat(file.c_str(), &info) != 0) return "-";
    return std::to_string(info.st_size) + "." + std::to_string(info.st_mtim.tv_sec) + "." +
           std::to_string(info.st_mtim.tv_nsec);
}

std::string private_directory() {
    const char* base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/arbiter-serve-XXXXXX";
    if (!::mkdtemp(pattern.data())) throw SourcesError("cannot make a temporary directory for the merged snapshot");
    return pattern;
}

}  // namespace

Sources::Sources(const std::vector<std::string>& given) {
    if (given.empty()) throw SourcesError("give at least one --db");
    for (const std::string& path : given) {
        if (fs::is_directory(path)) {
            for (std::string& file : databases_in(path)) files_.push_back(std::move(file));
        } else {
            files_.push_back(path);
        }
    }
    for (const std::string& file : files_) {
        const int schema = check_readable(file);
        if (schema < db::kSchemaVersion)
            warnings_.push_back(file + " is at schema " + std::to_string(schema) + " (this arbiter's is " +
                                std::to_string(db::kSchemaVersion) +
                                "): it is read as it is, without the summaries and indexes that keep pages fast on "
                                "a large file; the next arbiter command that writes to it migrates it");
    }
    if (files_.size() > 1) snapshot_dir_ = private_directory();
}

Sources::~Sources() {
    if (snapshot_dir_.empty()) return;
    std::error_code ignored;
    fs::remove_all(snapshot_dir_, ignored);
}

std::string Sources::version() const {
    std::string stamps;
    for (const std::string& file : files_) stamps += stamp_of(file) + "|" + stamp_of(file + "-wal") + "|";
    // The minute counts too: what a page says can change with the clock alone (a run whose writer
    // died turns "interrupted"), so an open page is rebuilt at least once a minute.
    const auto minute =
        std::chrono::duration_cast<std::chrono::minutes>(std::chrono::system_clock::now().time_since_epoch()).count();
    return std::to_string(std::hash<std::string>{}(stamps)) + "-" + std::to_string(minute);
}

std::string Sources::read_path() {
    if (snapshot_dir_.empty()) return files_.front();
    const std::string now_version = version();
    std::lock_guard<std::mutex> lock(snapshot_mutex_);
    const bool stale = now_version != snapshot_version_;
    const bool due = std::chrono::steady_clock::now() - snapshot_built_ >= kSnapshotInterval;
    if (snapshot_path_.empty() || (stale && due)) snapshot_path_ = rebuild_snapshot(now_version);
    return snapshot_path_;
}

// A new file each time: pages still reading the previous snapshot keep their open file, and
// db::merge would take an existing output as one more input.
std::string Sources::rebuild_snapshot(const std::string& version) {
    const std::string path = snapshot_dir_ + "/merged-" + std::to_string(++snapshot_count_) + ".db";
    db::merge(path, files_, false);
    snapshot_version_ = version;
    snapshot_built_ = std::chrono::steady_clock::now();
    // The one before the previous goes: a page may still be about to open the previous one.
    if (snapshot_count_ > 2) {
        const std::string old = snapshot_dir_ + "/merged-" + std::to_string(snapshot_count_ - 2) + ".db";
        std::error_code ignored;
        for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(old + suffix, ignored);
    }
    return path;
}

}  // namespace arbiter::serve
