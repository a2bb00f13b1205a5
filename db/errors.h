#pragma once
// The one exception type arbiter_db throws. Every message names the database file and what the
// library was doing ("insert game", "migrate to schema 1", ...), so a user can act on it directly.

#include <stdexcept>
#include <string>

namespace arbiter::db {

enum class ErrorKind {
    other,
    busy,             // lock not obtained before the retry deadline
    cannot_open,      // missing file, missing directory, permissions
    not_a_database,   // garbage or a foreign SQLite file
    corrupt,          // SQLite reports a malformed database
    schema_too_new,   // written by a newer arbiter; left untouched
    schema_too_old,   // needs migration but was opened read-only
    read_only,        // file, directory or mount is not writable
    disk_full,        // no space left (or the configured size limit reached)
    io,               // other I/O failure
    constraint,       // a uniqueness or check rule was violated (e.g. a game stored twice)
    merge_conflict,   // shard inputs overlap; the message lists files and pair indexes
    invalid_argument  // a record field the schema does not accept
};

// True for kinds that mean the file given is not usable as it is (the command line's bad-input exit
// status 2): missing or inaccessible, not an arbiter database, damaged, of another schema version, or
// read-only where writing was asked. The others are failures while using a usable file (exit 1).
inline bool is_input_error(ErrorKind kind) noexcept {
    switch (kind) {
        case ErrorKind::cannot_open:
        case ErrorKind::not_a_database:
        case ErrorKind::corrupt:
        case ErrorKind::schema_too_new:
        case ErrorKind::schema_too_old:
        case ErrorKind::read_only: return true;
        default: return false;
    }
}

class DbError : public std::runtime_error {
public:
    DbError(ErrorKind kind, std::string path, std::string purpose, const std::string& message, int sqlite_code = 0)
        : std::runtime_error(message),
          kind_(kind),
          path_(std::move(path)),
          purpose_(std::move(purpose)),
          sqlite_code_(sqlite_code) {}

    ErrorKind kind() const noexcept { return kind_; }
    const std::string& path() const noexcept { return path_; }
    const std::string& purpose() const noexcept { return purpose_; }
    int sqlite_code() const noexcept { return sqlite_code_; }  // extended result code, 0 if none

private:
    ErrorKind kind_;
    std::string path_;
    std::string purpose_;
    int sqlite_code_;
};

}  // namespace arbiter::db
