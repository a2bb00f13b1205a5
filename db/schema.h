#pragma once
// Internal: schema checks and migrations. The migration texts in schema.cpp are the schema's single
// source of truth; db/README.md documents them for people querying the file directly.

#include "db/database.h"
#include "db/sqlite_handle.h"

namespace arbiter::db::detail {

// Marks the file as ours (PRAGMA application_id), so foreign SQLite files are told apart from ours.
inline constexpr int kApplicationId = 0x41524249;  // "ARBI"

int read_user_version(Connection& conn);

// Checks that the file is an arbiter database this build can use, before changing anything in it;
// then turns on WAL and foreign keys and migrates to kSchemaVersion (read-write handles only).
void prepare_database(Connection& conn, WriteRetry& retry, const OpenOptions& options);

// PRAGMA quick_check on `schema` ("main", or an attached one) of the database at `path`: throws
// DbError(corrupt) naming `path` and the first problems found, unless every page is sound.
void check_pages(Connection& conn, const std::string& schema, const std::string& path);

// The connection settings an OpenOptions asks for; every handle on a database opens through it.
ConnectionOptions connection_options(const OpenOptions& options);

}  // namespace arbiter::db::detail
