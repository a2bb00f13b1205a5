#pragma once
// Internal RAII layer over the SQLite C API. Only arbiter_db's own .cpp files include this header;
// the public headers (records.h, errors.h, database.h, merge.h) stay free of sqlite3.h.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <unordered_map>

#include "db/errors.h"

struct sqlite3;
struct sqlite3_stmt;

namespace arbiter::db::detail {

// Builds the DbError for a failed SQLite call, choosing kind and wording from the result code.
DbError make_error(const std::string& path, std::string_view purpose, int rc, std::string_view detail);

class Connection;

// Owns one prepared statement; finalized in the destructor.
class Statement {
public:
    Statement(Connection& conn, std::string_view sql, std::string_view purpose);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    // Parameters are 1-based, as in SQL's ?1, ?2 ...
    void bind(int index, std::int64_t value);
    void bind(int index, int value) { bind(index, static_cast<std::int64_t>(value)); }
    void bind(int index, double value);
    void bind(int index, std::string_view text);
    void bind(int index, const std::string& text) { bind(index, std::string_view(text)); }
    void bind(int index, const char* text) { bind(index, std::string_view(text)); }
    // Not copied: `text` must stay unchanged until the statement is stepped and reset.
    void bind_borrowed(int index, std::string_view text);
    void bind_null(int index);
    template <class T>
    void bind(int index, const std::optional<T>& value) {
        if (value) {
            bind(index, *value);
        } else {
            bind_null(index);
        }
    }

    bool step();  // true while a row is available; throws DbError on failure
    void run();   // executes a statement that returns no rows
    void reset() noexcept;

    // Columns are 0-based, as in sqlite3_column_*.
    bool is_null(int col) const;
    std::int64_t int64(int col) const;
    int int32(int col) const { return static_cast<int>(int64(col)); }
    double real(int col) const;
    std::string text(int col) const;
    std::optional<std::int64_t> opt_int64(int col) const;
    std::optional<int> opt_int32(int col) const;
    std::optional<double> opt_real(int col) const;
    std::optional<std::string> opt_text(int col) const;

    const std::string& purpose() const noexcept { return purpose_; }
    // Cached statements serve many callers; each use names its own purpose for error messages.
    void set_purpose(std::string_view purpose) { purpose_.assign(purpose); }

private:
    [[noreturn]] void fail(int rc) const;
    Connection* conn_;
    sqlite3_stmt* stmt_ = nullptr;
    std::string purpose_;
};

// Borrowed use of a cached statement: resets it when the scope ends, even on exceptions, so a cached
// statement never keeps a read snapshot open or carries bindings into its next use.
class StatementScope {
public:
    explicit StatementScope(Statement& stmt) : stmt_(&stmt) {}
    ~StatementScope() { stmt_->reset(); }
    StatementScope(const StatementScope&) = delete;
    StatementScope& operator=(const StatementScope&) = delete;
    Statement* operator->() const noexcept { return stmt_; }
    Statement& operator*() const noexcept { return *stmt_; }

private:
    Statement* stmt_;
};

struct ConnectionOptions {
    bool read_only = false;
    bool create = true;
    int busy_timeout_ms = 2000;
};

// The URI SQLite opens for `path`. Every connection and ATTACH goes through one, so no file name is
// ever taken for a URI by accident; `immutable` adds immutable=1 (see reads_immutable).
std::string file_uri(const std::string& path, bool immutable);

// True when readers must open the WAL database at `path` immutable: SQLite reads a WAL file in place
// only where it can create or use the -shm index beside it, which a read-only mount or a folder
// without write permission forbids (SQLite code 14). No writer is active then (a writer keeps that
// index). Throws DbError when a -wal file there still holds commits an immutable open would not see.
bool reads_immutable(const std::string& path);

// Owns one sqlite3 connection and a cache of prepared statements for the hot paths.
class Connection {
public:
    Connection(std::string path, const ConnectionOptions& options);
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    sqlite3* handle() const noexcept { return db_; }
    const std::string& path() const noexcept { return path_; }

    // Runs one or more statements that return no rows.
    void exec(std::string_view sql, std::string_view purpose);
    // Prepares once per connection; sql must be a fixed text (it is the cache key).
    StatementScope cached(std::string_view sql, std::string_view purpose);
    std::int64_t last_insert_id() const noexcept;
    std::int64_t changes() const noexcept;
    bool in_transaction() const noexcept;
    [[noreturn]] void fail(int rc, std::string_view purpose) const;

private:
    sqlite3* db_ = nullptr;
    std::string path_;
    std::unordered_map<std::string, std::unique_ptr<Statement>> cache_;
};

// Retries a whole write transaction when another connection holds the lock. SQLite's own busy handler
// already waits busy_timeout_ms per attempt; this adds jittered exponential backoff on top, because some
// lock conflicts (SQLITE_LOCKED, a WAL snapshot gone stale, WAL recovery) return at once without
// consulting the handler.
class WriteRetry {
public:
    explicit WriteRetry(int deadline_ms);
    // Runs body inside BEGIN IMMEDIATE ... COMMIT. Rolls back on any exception; retries on busy.
    void run(Connection& conn, std::string_view purpose, const std::function<void()>& body);

private:
    int deadline_ms_;
    std::minstd_rand jitter_;  // per handle, so there is no shared state between threads
};

bool is_busy_code(int rc) noexcept;

}  // namespace arbiter::db::detail
