// Reading results where nothing may be written (a folder without write permission, a read-only mount),
// and the page check writers run first (OpenOptions::check_pages, merge): damage in pages a run never
// reads is refused before anything is written, and merge names the damaged input.
#include <catch2/catch.hpp>

#include <fstream>
#include <set>

#include "tests/support/read_only_mount.h"
#include "db/merge.h"
#include "tests/db/capture_error.h"
#include "tests/db/db_test_util.h"
#include "tests/support/text_file.h"

using namespace arbiter::db;
using dbtest::TempDir;
using dbtest::capture_error;
namespace fs = dbtest::fs;

namespace {

constexpr int kGames = 60;  // 80 plies each: the moves table spans many leaf pages

using test_support::contains;

// A closed database (no -wal, no -shm left) with one run of kGames games.
void write_results(const std::string& path, const std::string& config = "{}") {
    Database db(path);
    const RunRecord run = db.find_or_create_run(dbtest::make_run(config));
    for (int pair = 0; pair < kGames; ++pair) {
        const GameResult result = pair % 3 == 0 ? GameResult::draw : GameResult::white_win;
        db.insert_game(dbtest::make_game(run.id, pair, 0, "a", "b", result));
    }
}

// Overwrites the first leaf page of the moves' table: a run that appends games never reads it again.
void damage_first_moves_leaf(const std::string& path) {
    const long long page =
        dbtest::raw_count(path, "SELECT min(pageno) FROM dbstat WHERE name = 'game_moves' AND pagetype = 'leaf'");
    const long long page_size = dbtest::raw_count(path, "PRAGMA page_size");
    REQUIRE(page > 1);
    REQUIRE(!fs::exists(path + "-wal"));
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp((page - 1) * page_size);
    file << std::string(static_cast<std::size_t>(page_size), '\xff');
    REQUIRE(file.good());
}

// 0 when a read-only open of `path` sees all kGames games, else a code saying what failed.
int read_results(const std::string& path) {
    try {
        OpenOptions options;
        options.read_only = true;
        Database db(path, options);
        if (db.list_runs().size() != 1) return 10;
        if (db.count_games() != kGames) return 11;
        return db.integrity_ok() ? 0 : 12;
    } catch (const DbError& error) {
        return error.kind() == ErrorKind::cannot_open ? 20 : 21;
    }
}

// Runs body where file permissions bind: in a child as nobody when we are root, else right here.
int without_root(const std::function<int()>& body) {
    return ::geteuid() == 0 ? dbtest::run_unprivileged(body) : body();
}

// Makes a folder readable and enterable by everyone but writable by nobody, for the scope.
class UnwritableFolder {
public:
    explicit UnwritableFolder(const fs::path& folder) : folder_(folder) {
        fs::permissions(folder_, fs::perms::owner_read | fs::perms::owner_exec | fs::perms::group_read |
                                     fs::perms::group_exec | fs::perms::others_read | fs::perms::others_exec);
    }
    ~UnwritableFolder() {
        std::error_code ignored;
        fs::permissions(folder_, fs::perms::owner_all, fs::perm_options::add, ignored);
    }
    UnwritableFolder(const UnwritableFolder&) = delete;
    UnwritableFolder& operator=(const UnwritableFolder&) = delete;

private:
    fs::path folder_;
};

}  // namespace

TEST_CASE("a read-only open reads a database in a folder it cannot write", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("results.db");
    write_results(path);
    const std::string before = test_support::read_text(path);
    {
        UnwritableFolder unwritable(dir.path());
        // Before: SQLite could not create results.db-shm there and every read failed with code 14.
        CHECK(without_root([&] { return read_results(path); }) == 0);
    }
    CHECK((test_support::read_text(path) == before));  // parenthesized: no binary dump on failure
    CHECK_FALSE(fs::exists(path + "-shm"));
}

TEST_CASE("a read-only open reads a database on a read-only mount where a writer is refused", "[unit]") {
    TempDir dir;
    const std::string original = dir.file("results.db");
    write_results(original);
    test_support::ReadOnlyMount mount(dir.file("ro"), {original});
    if (!mount.ready()) {
        WARN("skipped, no read-only mount: " << mount.why_not());
        return;
    }
    const std::string path = mount.file("results.db");
    CHECK(read_results(path) == 0);
    const DbError error = capture_error([&] { Database writer(path); });
    CHECK(is_input_error(error.kind()));
    CHECK(contains(error.what(), path));
}

TEST_CASE("a -wal holding commits in a folder that cannot be written is refused, not ignored", "[unit]") {
    TempDir source;
    TempDir dir;
    const std::string live = source.file("live.db");
    const std::string path = dir.file("copied.db");
    {
        Database writer(live);
        const RunRecord run = writer.find_or_create_run(dbtest::make_run("{}"));
        writer.insert_game(dbtest::make_game(run.id, 0, 0, "a", "b", GameResult::draw));
        // Copied while open: the commits are still in the -wal (checkpoints come every 8192 pages).
        REQUIRE(fs::file_size(live + "-wal") > 0);
        fs::copy_file(live, path);
        fs::copy_file(live + "-wal", path + "-wal");
    }
    UnwritableFolder unwritable(dir.path());
    const int code = without_root([&] {
        const DbError error = capture_error([&] {
            OpenOptions options;
            options.read_only = true;
            Database db(path, options);
        });
        return error.kind() == ErrorKind::cannot_open && contains(error.what(), path + "-wal") ? 0 : 1;
    });
    CHECK(code == 0);
}

TEST_CASE("check_pages refuses a damaged page that a run would never read, and leaves the file as it is", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("damaged.db");
    write_results(path);
    damage_first_moves_leaf(path);
    const std::string before = test_support::read_text(path);

    OpenOptions checked;
    checked.check_pages = true;
    const DbError error = capture_error([&] { Database db(path, checked); });
    CHECK(error.kind() == ErrorKind::corrupt);
    CHECK(is_input_error(error.kind()));
    CHECK(contains(error.what(), "database '" + path + "' is damaged"));
    CHECK(contains(error.what(), "quick_check"));
    CHECK((test_support::read_text(path) == before));  // parenthesized: no binary dump on failure

    // Without the check the damage goes unnoticed: a run appends games beside it.
    Database unchecked(path);
    const RunRecord run = unchecked.find_or_create_run(dbtest::make_run("{\"more\":1}"));
    CHECK_NOTHROW(unchecked.insert_game(dbtest::make_game(run.id, 0, 0, "a", "b", GameResult::draw)));
    CHECK_FALSE(unchecked.integrity_ok());
}

TEST_CASE("check_pages passes a sound database", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("sound.db");
    write_results(path);
    OpenOptions checked;
    checked.check_pages = true;
    Database db(path, checked);
    CHECK(db.count_games() == kGames);
}

TEST_CASE("merge names a damaged input, never its temporary output", "[unit]") {
    TempDir dir;
    const std::string good = dir.file("good.db");
    const std::string damaged = dir.file("damaged.db");
    const std::string out = dir.file("out.db");
    write_results(good, "{\"shard\":1}");
    write_results(damaged, "{\"shard\":2}");
    damage_first_moves_leaf(damaged);
    // With the page check the survey refuses it; without, copying its rows meets the damage.
    const bool check_pages = GENERATE(true, false);
    INFO("check_pages " << check_pages);
    const DbError error = capture_error([&] { merge(out, {good, damaged}, check_pages); });
    CHECK(error.kind() == ErrorKind::corrupt);
    CHECK(error.path() == damaged);
    CHECK(contains(error.what(), "'" + damaged + "'"));
    CHECK_FALSE(contains(error.what(), ".merging-"));
    CHECK_FALSE(fs::exists(out));
}

TEST_CASE("merge refuses a damaged existing output before writing", "[unit]") {
    TempDir dir;
    const std::string input = dir.file("input.db");
    const std::string out = dir.file("out.db");
    write_results(input, "{\"shard\":1}");
    write_results(out, "{\"shard\":2}");
    damage_first_moves_leaf(out);
    const std::string before = test_support::read_text(out);
    const DbError error = capture_error([&] { merge(out, {input}); });
    CHECK(error.kind() == ErrorKind::corrupt);
    CHECK(contains(error.what(), "'" + out + "' is damaged"));
    CHECK((test_support::read_text(out) == before));
}

TEST_CASE("merge reads an input from a folder it cannot write", "[unit]") {
    TempDir inputs;
    TempDir outputs;
    const std::string input = inputs.file("shard.db");
    write_results(input);
    outputs.open_to_everyone();  // nobody writes the output here
    const std::string out = outputs.file("merged.db");
    UnwritableFolder unwritable(inputs.path());
    const int code = without_root([&] {
        try {
            return merge(out, {input}).games == kGames ? 0 : 1;
        } catch (const DbError&) {
            return 2;
        }
    });
    CHECK(code == 0);
}

TEST_CASE("file names with URI characters open exactly that file", "[unit]") {
    TempDir dir;
    // Relative names, so that one starts with "file:" as a URI would.
    const fs::path previous = fs::current_path();
    fs::current_path(dir.path());
    for (const std::string name : {"file:x.db", "a b?c=1#d%41.db"}) {
        write_results(name);
        CHECK(fs::exists(name));
        CHECK(read_results(name) == 0);
    }
    fs::current_path(previous);
    std::set<std::string> databases;  // read-only opens leave -wal and -shm beside the files
    for (const auto& entry : fs::directory_iterator(dir.path())) {
        const std::string name = entry.path().filename().string();
        if (!name.ends_with("-wal") && !name.ends_with("-shm")) databases.insert(name);
    }
    CHECK(databases == std::set<std::string>{"file:x.db", "a b?c=1#d%41.db"});
}

TEST_CASE("the kinds that mean a file is unusable as given are input errors", "[unit]") {
    for (ErrorKind kind : {ErrorKind::cannot_open, ErrorKind::not_a_database, ErrorKind::corrupt,
                           ErrorKind::schema_too_new, ErrorKind::schema_too_old, ErrorKind::read_only}) {
        CHECK(is_input_error(kind));
    }
    for (ErrorKind kind : {ErrorKind::busy, ErrorKind::disk_full, ErrorKind::io, ErrorKind::constraint,
                           ErrorKind::merge_conflict, ErrorKind::other, ErrorKind::invalid_argument}) {
        CHECK_FALSE(is_input_error(kind));
    }
}
