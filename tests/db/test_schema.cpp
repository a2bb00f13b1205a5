// Opening, migrations and the refusal paths: newer schema, garbage, foreign, missing, read-only, full.
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <functional>

#include "tests/db/capture_error.h"
#include "tests/db/db_test_util.h"
#include "tests/support/text_file.h"

using namespace arbiter::db;
using dbtest::TempDir;
using dbtest::capture_error;

namespace {

using test_support::contains;

}  // namespace

TEST_CASE("a new file is migrated to the current schema", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("new.db");
    {
        Database db(path);
        CHECK(db.schema_version() == kSchemaVersion);
        CHECK(db.integrity_ok());
    }
    CHECK(dbtest::raw_count(path, "PRAGMA user_version") == kSchemaVersion);
    for (const char* table : {"engines", "runs", "games", "game_moves", "moves", "epd_results", "ratings"}) {
        INFO(table);
        CHECK(dbtest::raw_count(path, std::string("SELECT count(*) FROM sqlite_schema WHERE name = '") + table + "'") ==
              1);
    }
    CHECK(dbtest::raw_count(path,
                            "SELECT count(*) FROM sqlite_schema WHERE type = 'index' AND name LIKE 'games_by%'") == 7);
    // WAL is a property of the file: it must still be on for the next opener.
    sqlite3* raw = nullptr;
    sqlite3_open(path.c_str(), &raw);
    sqlite3_stmt* stmt = nullptr;
    sqlite3_prepare_v2(raw, "PRAGMA journal_mode", -1, &stmt, nullptr);
    REQUIRE(sqlite3_step(stmt) == SQLITE_ROW);
    CHECK(std::string(reinterpret_cast<const char*>(sqlite3_column_text(stmt, 0))) == "wal");
    sqlite3_finalize(stmt);
    sqlite3_close(raw);
}

TEST_CASE("reopening an up-to-date database changes nothing", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("again.db");
    { Database db(path); }
    const std::string before = test_support::read_text(path);
    { Database db(path); }
    CHECK(test_support::read_text(path) == before);
}

TEST_CASE("a version 1 database is upgraded in place and keeps its games", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("v1.db");
    std::int64_t run_id = 0;
    {
        Database db(path);
        const RunRecord run = db.find_or_create_run(dbtest::make_run("{\"games\":1}"));
        db.insert_game(dbtest::make_game(run.id, 0, 0, "a", "b", GameResult::white_win, 12));
        run_id = run.id;
    }
    // Take the file back to what schema 1 wrote, as a file from that release would be.
    dbtest::back_to_schema_4(path);
    dbtest::raw_exec(path,
                     "ALTER TABLE moves DROP COLUMN lines; ALTER TABLE moves DROP COLUMN engine_time_ms; "
                     "ALTER TABLE moves DROP COLUMN tbhits; ALTER TABLE moves DROP COLUMN hashfull; "
                     "ALTER TABLE moves DROP COLUMN nps; DROP TABLE ladder_steps; DROP TABLE baselines; "
                     "DROP TABLE spsa_steps; DROP TABLE spsa_iterations; DROP TABLE spsa_params; DROP TABLE spsa_runs; "
                     "PRAGMA user_version = 1");
    Database db(path);
    CHECK(db.schema_version() == kSchemaVersion);
    CHECK(db.integrity_ok());
    const auto games = db.games_of_run(run_id);
    REQUIRE(games.size() == 1);
    const auto moves = db.moves_of_game(games[0].id);
    REQUIRE(moves.size() == 12);
    CHECK(moves[9].nodes == 123456 + 9);
    CHECK_FALSE(moves[9].nps.has_value());
    CHECK(dbtest::raw_count(path, "SELECT count(*) FROM sqlite_schema WHERE name IN ('ladder_steps', 'baselines')") ==
          2);
}

TEST_CASE("foreign keys are enforced", "[unit]") {
    TempDir dir;
    Database db(dir.file("fk.db"));
    auto game = dbtest::make_game(/*run_id=*/42, 0, 0, "a", "b", GameResult::draw, 2);
    const DbError error = capture_error([&] { db.insert_game(game); });
    CHECK(error.kind() == ErrorKind::constraint);
    CHECK(contains(error.what(), "FOREIGN KEY"));
}

TEST_CASE("a database from a newer arbiter is refused untouched", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("future.db");
    { Database db(path); }
    dbtest::raw_exec(path, "PRAGMA user_version = 99");
    const std::string before = test_support::read_text(path);
    const DbError error = capture_error([&] { Database db(path); });
    CHECK(error.kind() == ErrorKind::schema_too_new);
    CHECK(contains(error.what(), "database " + path + " has schema version 99, this arbiter knows up to " +
                                     std::to_string(kSchemaVersion)));
    CHECK(test_support::read_text(path) == before);
    CHECK(dbtest::raw_count(path, "PRAGMA user_version") == 99);
}

TEST_CASE("a garbage file is refused with its name and left alone", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("garbage.db");
    std::string junk(8192, '\0');
    for (std::size_t i = 0; i < junk.size(); ++i) junk[i] = static_cast<char>((i * 7919 + 13) % 251);
    dbtest::write_bytes(path, junk);
    const DbError error = capture_error([&] { Database db(path); });
    CHECK(error.kind() == ErrorKind::not_a_database);
    CHECK(error.path() == path);
    CHECK(contains(error.what(), path));
    CHECK(contains(error.what(), "not an arbiter database"));
    CHECK(test_support::read_text(path) == junk);
}

TEST_CASE("an SQLite file of another program is refused", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("other.db");
    dbtest::raw_exec(path, "CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('hello');");
    const DbError error = capture_error([&] { Database db(path); });
    CHECK(error.kind() == ErrorKind::not_a_database);
    CHECK(contains(error.what(), path));
    CHECK(dbtest::raw_count(path, "SELECT count(*) FROM sqlite_schema") == 1);
}

TEST_CASE("missing files and directories are named", "[unit]") {
    TempDir dir;
    OpenOptions no_create;
    no_create.create = false;
    const std::string missing = dir.file("missing.db");
    DbError error = capture_error([&] { Database db(missing, no_create); });
    CHECK(error.kind() == ErrorKind::cannot_open);
    CHECK(contains(error.what(), missing));
    CHECK_FALSE(dbtest::fs::exists(missing));

    const std::string nowhere = dir.file("no/such/dir/x.db");
    error = capture_error([&] { Database db(nowhere); });
    CHECK(error.kind() == ErrorKind::cannot_open);
    CHECK(contains(error.what(), nowhere));
}

TEST_CASE("a read-only handle refuses writes with a clear error", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("ro.db");
    { Database db(path); }
    OpenOptions read_only;
    read_only.read_only = true;
    Database db(path, read_only);
    CHECK(db.list_runs().empty());
    const DbError error = capture_error([&] { db.find_or_create_run(dbtest::make_run("{}")); });
    CHECK(error.kind() == ErrorKind::read_only);
    CHECK(contains(error.what(), path));
}

namespace {

// Opens a read-only file and tries to write; returns 0 when that failed cleanly with an error that names
// the file. Run in a child process that dropped root, because root ignores file permissions.
int try_write_read_only(const std::string& path) {
    try {
        Database db(path);
        db.find_or_create_run(dbtest::make_run("{\"a\":2}"));
        return 1;
    } catch (const DbError& error) {
        const bool clear = error.kind() == ErrorKind::read_only || error.kind() == ErrorKind::cannot_open;
        return clear && contains(error.what(), path) ? 0 : 2;
    }
}

}  // namespace

TEST_CASE("a read-only file is reported, not damaged", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("locked.db");
    {
        Database db(path);
        db.find_or_create_run(dbtest::make_run("{\"a\":1}"));
    }
    namespace fs = dbtest::fs;
    fs::permissions(path, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
    const std::string before = test_support::read_text(path);
    const bool root = ::geteuid() == 0;
    SECTION("directory writable, file not") {
        fs::permissions(dir.path(), fs::perms::all);
        CHECK((root ? dbtest::run_unprivileged([&] { return try_write_read_only(path); })
                    : try_write_read_only(path)) == 0);
    }
    SECTION("neither directory nor file writable") {
        fs::permissions(dir.path(), fs::perms::owner_all | fs::perms::group_exec | fs::perms::others_exec);
        CHECK((root ? dbtest::run_unprivileged([&] { return try_write_read_only(path); })
                    : try_write_read_only(path)) == 0);
    }
    CHECK(test_support::read_text(path) == before);
}

TEST_CASE("a full database rolls back the failing game and keeps the rest", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("full.db");
    OpenOptions limited;
    limited.max_pages = 120;  // ~480 KiB: a few dozen games fit
    std::int64_t stored = 0;
    DbError error(ErrorKind::other, "", "", "none");
    {
        Database db(path, limited);
        const RunRecord run = db.find_or_create_run(dbtest::make_run("{}"));
        try {
            for (int pair = 0; pair < 10000; ++pair) {
                db.insert_game(dbtest::make_game(run.id, pair, 0, "a", "b", GameResult::draw));
                ++stored;
            }
        } catch (const DbError& caught) {
            error = caught;
        }
        CHECK(error.kind() == ErrorKind::disk_full);
        CHECK(contains(error.what(), path));
        CHECK(stored > 0);
        CHECK(db.count_games() == stored);
    }
    Database reopened(path);
    CHECK(reopened.integrity_ok());
    CHECK(reopened.count_games() == stored);
    CHECK(dbtest::raw_count(path, "SELECT count(*) FROM moves") == stored * 80);
}
