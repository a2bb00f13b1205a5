#pragma once
// One integer from a query on a database file, read with SQLite directly and read-only, so that
// nothing arbiter does on open (migration, quick_check) touches the file under test.

#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <string>

namespace badinput {

inline long long query_int(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* statement = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(statement) == SQLITE_ROW);
    const long long value = sqlite3_column_int64(statement, 0);
    sqlite3_finalize(statement);
    sqlite3_close(db);
    return value;
}

}  // namespace badinput
