#include "db/sqlite_handle.h"

#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <thread>

namespace arbiter::db::detail {

namespace {

struct ErrorWording {
    ErrorKind kind;
    std::string head;
};

ErrorWording wording_for(int primary, const std::string& path) {
    const std::string quoted = "'" + path + "'";
    switch (primary) {
        case SQLITE_BUSY:
        case SQLITE_LOCKED: return {ErrorKind::busy, "database " + quoted + " is locked by another connection"};
        case SQLITE_NOTADB:
            return {ErrorKind::not_a_database,
                    quoted + " is not an arbiter database (not an SQLite file, or its header is damaged)"};
        case SQLITE_CORRUPT: return {ErrorKind::corrupt, "database " + quoted + " is corrupt"};
        case SQLITE_READONLY:
            return {ErrorKind::read_only, "database " + quoted +
                                              " is read-only (check the permissions of the file, its directory "
                                              "and the mount)"};
        case SQLITE_FULL:
            return {ErrorKind::disk_full, "database " + quoted +
                                              " is full (disk full or size limit reached); the failed write was "
                                              "rolled back, earlier data is intact"};
        case SQLITE_CANTOPEN:
            return {ErrorKind::cannot_open,
                    "cannot open database " + quoted + " (does the file or its directory exist and is it accessible?)"};
        case SQLITE_PERM:
        case SQLITE_AUTH: return {ErrorKind::cannot_open, "access to database " + quoted + " denied"};
        case SQLITE_IOERR: return {ErrorKind::io, "I/O error on database " + quoted};
        case SQLITE_CONSTRAINT: return {ErrorKind::constraint, "database " + quoted + " rejected a record"};
        default: return {ErrorKind::other, "database " + quoted + " failed"};
    }
}

}  // namespace

DbError make_error(const std::string& path, std::string_view purpose, int rc, std::string_view detail) {
    ErrorWording wording = wording_for(rc & 0xff, path);
    std::string message = wording.head + ": " + std::string(purpose) + ": " + std::string(detail) + " (SQLite code " +
                          std::to_string(rc) + ")";
    return DbError(wording.kind, path, std::string(purpose), message, rc);
}

namespace {

bool uri_safe(unsigned char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '/' || c == '-' ||
           c == '.' || c == '_' || c == '~';
}

bool folder_writable(const std::string& path) {
    const std::filesystem::path folder = std::filesystem::path(path).parent_path();
    return ::access(folder.empty() ? "." : folder.c_str(), W_OK) == 0;
}

bool wal_holds_commits(const std::string& path) {
    std::error_code missing;
    const auto size = std::filesystem::file_size(path + "-wal", missing);
    return !missing && size > 0;
}

// The result code of a first read through a plain read-only connection.
int probe_read_only(const std::string& path) {
    sqlite3* probe = nullptr;
    int rc = sqlite3_open_v2(file_uri(path, false).c_str(), &probe, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nullptr);
    if (rc == SQLITE_OK) rc = sqlite3_exec(probe, "SELECT count(*) FROM sqlite_schema", nullptr, nullptr, nullptr);
    sqlite3_close(probe);
    return rc;
}

}  // namespace

std::string file_uri(const std::string& path, bool immutable) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    // "file://" + "/abs" keeps an empty authority, so a path starting with "//" stays a path.
    std::string uri = !path.empty() && path[0] == '/' ? "file://" : "file:";
    for (const char c : path) {
        const auto byte = static_cast<unsigned char>(c);
        if (uri_safe(byte)) {
            uri += c;
        } else {
            uri += '%';
            uri += kHex[byte >> 4];
            uri += kHex[byte & 15];
        }
    }
    if (immutable) uri += "?immutable=1";
    return uri;
}

bool reads_immutable(const std::string& path) {
    if (folder_writable(path) || !std::filesystem::is_regular_file(path)) return false;
    const int primary = probe_read_only(path) & 0xff;
    // Anything else (readable, or not a database at all) the normal open handles and reports itself.
    if (primary != SQLITE_CANTOPEN && primary != SQLITE_READONLY) return false;
    if (wal_holds_commits(path)) {
        throw DbError(ErrorKind::cannot_open, path, "open read-only",
                      "database '" + path + "' cannot be read where it is: its folder is read-only and '" + path +
                          "-wal' holds commits not yet written into the file; copy both files to a writable "
                          "folder and read the copy there");
    }
    return true;
}

bool is_busy_code(int rc) noexcept {
    const int primary = rc & 0xff;
    return primary == SQLITE_BUSY || primary == SQLITE_LOCKED;
}

// --- Statement ---

Statement::Statement(Connection& conn, std::string_view sql, std::string_view purpose)
    : conn_(&conn), purpose_(purpose) {
    const int rc = sqlite3_prepare_v2(conn.handle(), sql.data(), static_cast<int>(sql.size()), &stmt_, nullptr);
    if (rc != SQLITE_OK) {
        sqlite3_finalize(stmt_);  // harmless on nullptr
        stmt_ = nullptr;
        conn.fail(rc, purpose_);
    }
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

void Statement::fail(int rc) const { conn_->fail(rc, purpose_); }

void Statement::bind(int index, std::int64_t value) {
    if (int rc = sqlite3_bind_int64(stmt_, index, value); rc != SQLITE_OK) fail(rc);
}

void Statement::bind(int index, double value) {
    if (int rc = sqlite3_bind_double(stmt_, index, value); rc != SQLITE_OK) fail(rc);
}

void Statement::bind(int index, std::string_view text) {
    // SQLITE_TRANSIENT: SQLite copies, so callers may pass temporaries.
    const int rc = sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
    if (rc != SQLITE_OK) fail(rc);
}

void Statement::bind_borrowed(int index, std::string_view text) {
    const int rc = sqlite3_bind_text64(stmt_, index, text.data(), text.size(), SQLITE_STATIC, SQLITE_UTF8);
    if (rc != SQLITE_OK) fail(rc);
}

void Statement::bind_null(int index) {
    if (int rc = sqlite3_bind_null(stmt_, index); rc != SQLITE_OK) fail(rc);
}

bool Statement::step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    fail(rc);
}

void Statement::run() {
    while (step()) {}
}

void Statement::reset() noexcept {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
}

bool Statement::is_null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }

std::int64_t Statement::int64(int col) const { return sqlite3_column_int64(stmt_, col); }

double Statement::real(int col) const { return sqlite3_column_double(stmt_, col); }

std::string Statement::text(int col) const {
    const auto* chars = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    if (chars == nullptr) return {};
    return std::string(chars, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col)));
}

std::optional<std::int64_t> Statement::opt_int64(int col) const {
    if (is_null(col)) return std::nullopt;
    return int64(col);
}

std::optional<int> Statement::opt_int32(int col) const {
    if (is_null(col)) return std::nullopt;
    return int32(col);
}

std::optional<double> Statement::opt_real(int col) const {
    if (is_null(col)) return std::nullopt;
    return real(col);
}

std::optional<std::string> Statement::opt_text(int col) const {
    if (is_null(col)) return std::nullopt;
    return text(col);
}

// --- Connection ---

Connection::Connection(std::string path, const ConnectionOptions& options) : path_(std::move(path)) {
    int flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI;  // the owning Database serializes access itself
    flags |= options.read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE;
    if (!options.read_only && options.create) flags |= SQLITE_OPEN_CREATE;
    const bool immutable = options.read_only && reads_immutable(path_);
    const int rc = sqlite3_open_v2(file_uri(path_, immutable).c_str(), &db_, flags, nullptr);
    if (rc != SQLITE_OK) {
        const std::string detail = db_ != nullptr ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        db_ = nullptr;
        throw make_error(path_, "open", rc, detail);
    }
    sqlite3_extended_result_codes(db_, 1);
    sqlite3_busy_timeout(db_, options.busy_timeout_ms);
}

Connection::~Connection() {
    cache_.clear();  // statements must be finalized before the connection closes
    sqlite3_close(db_);
}

void Connection::fail(int rc, std::string_view purpose) const {
    throw make_error(path_, purpose, rc, db_ != nullptr ? sqlite3_errmsg(db_) : "no connection");
}

void Connection::exec(std::string_view sql, std::string_view purpose) {
    const std::string text(sql);
    char* message = nullptr;
    const int rc = sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &message);
    if (rc != SQLITE_OK) {
        const std::string detail = message != nullptr ? message : sqlite3_errmsg(db_);
        sqlite3_free(message);
        throw make_error(path_, purpose, rc, detail);
    }
}

StatementScope Connection::cached(std::string_view sql, std::string_view purpose) {
    auto it = cache_.find(std::string(sql));
    if (it == cache_.end()) {
        auto stmt = std::make_unique<Statement>(*this, sql, purpose);
        it = cache_.emplace(std::string(sql), std::move(stmt)).first;
    } else {
        it->second->set_purpose(purpose);
    }
    return StatementScope(*it->second);
}

std::int64_t Connection::last_insert_id() const noexcept { return sqlite3_last_insert_rowid(db_); }

std::int64_t Connection::changes() const noexcept { return sqlite3_changes64(db_); }

bool Connection::in_transaction() const noexcept { return sqlite3_get_autocommit(db_) == 0; }

// --- WriteRetry ---

WriteRetry::WriteRetry(int deadline_ms) : deadline_ms_(deadline_ms), jitter_(std::random_device{}()) {}

namespace {

void rollback_quietly(Connection& conn) noexcept {
    // Called while an exception is already propagating: a failed ROLLBACK (e.g. SQLite already rolled back
    // on SQLITE_FULL) must not replace the original error.
    if (conn.in_transaction()) sqlite3_exec(conn.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

}  // namespace

void WriteRetry::run(Connection& conn, std::string_view purpose, const std::function<void()>& body) {
    using Clock = std::chrono::steady_clock;
    const auto start = Clock::now();
    int backoff_ms = 1;
    for (int attempt = 1;; ++attempt) {
        try {
            // Prepared once per connection: every game is stored in a transaction of its own, so these
            // two statements would otherwise be parsed again for each game.
            conn.cached("BEGIN IMMEDIATE", purpose)->run();
            try {
                body();
                conn.cached("COMMIT", purpose)->run();
                return;
            } catch (...) {
                rollback_quietly(conn);
                throw;
            }
        } catch (const DbError& error) {
            if (error.kind() != ErrorKind::busy) throw;
            const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
            if (waited.count() >= deadline_ms_) {
                throw DbError(ErrorKind::busy, conn.path(), std::string(purpose),
                              std::string(error.what()) + " (gave up after " + std::to_string(attempt) +
                                  " attempts in " + std::to_string(waited.count()) + " ms)",
                              error.sqlite_code());
            }
            std::uniform_int_distribution<int> spread(0, backoff_ms);
            std::this_thread::sleep_for(std::chrono::milliseconds(backoff_ms + spread(jitter_)));
            backoff_ms = std::min(backoff_ms * 2, 100);
        }
    }
}

}  // namespace arbiter::db::detail
