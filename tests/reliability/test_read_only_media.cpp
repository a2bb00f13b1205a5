// Results on read-only media: ratings, report, export-positions and merge (reading its input) work on a
// database in a folder that cannot be written and on a read-only mount, where SQLite cannot create the
// -shm index it reads a WAL file through; a writer there is refused as bad input (exit 2) naming the file.
#include <sys/stat.h>

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "tests/support/read_only_mount.h"
#include "tests/reliability/reliability_support.h"

using namespace reliability;
using namespace std::chrono_literals;

namespace {

test_support::ChildResult run_arbiter(const TempDir& dir, const std::vector<std::string>& args, bool drop_root) {
    test_support::ChildSpec spec = arbiter_logged(args, dir.file("out"), dir.file("err"));
    spec.drop_root = drop_root;
    return test_support::run(spec, 60s);
}

std::string game(const std::string& white, const std::string& black, const std::string& result) {
    return "[White \"" + white + "\"]\n[Black \"" + black + "\"]\n[Result \"" + result + "\"]\n\n1. e4 e5 2. Nf3 Nc6 " +
           result + "\n\n";
}

// results/results.db with three imported games between A and B (run 1), closed: no -wal, no -shm.
std::string write_results(const TempDir& dir) {
    const std::string pgn = dir.file("games.pgn");
    std::ofstream(pgn) << game("A", "B", "1-0") << game("B", "A", "1-0") << game("A", "B", "1/2-1/2");
    std::filesystem::create_directory(dir.file("results"));
    const std::string db = dir.file("results/results.db");
    const auto imported = run_arbiter(dir, {"import", pgn, "--db", db}, false);
    INFO(imported.err);
    REQUIRE(imported.exit_code == 0);
    REQUIRE_FALSE(std::filesystem::exists(db + "-shm"));
    return db;
}

// Every reader succeeds on `db`; a writer is refused with exit 2 naming it. Outputs go to `dir`.
void check_read_only_use(const TempDir& dir, const std::string& db, bool drop_root) {
    const auto ratings = run_arbiter(dir, {"ratings", "--db", db}, drop_root);
    INFO("ratings: " << ratings.err);
    CHECK(ratings.exit_code == 0);
    CHECK(ratings.out.find("A") != std::string::npos);

    const auto report = run_arbiter(dir, {"report", "run", "--run", "1", "--db", db}, drop_root);
    INFO("report: " << report.err);
    CHECK(report.exit_code == 0);
    CHECK(report.out.find("Run 1") != std::string::npos);

    const auto exported =
        run_arbiter(dir, {"export-positions", "--db", db, "--out", dir.file("positions.txt")}, drop_root);
    INFO("export-positions: " << exported.err);
    CHECK(exported.exit_code == 0);
    CHECK(exported.out.find("from 3 games") != std::string::npos);

    const auto merged = run_arbiter(dir, {"merge", dir.file("merged.db"), db}, drop_root);
    INFO("merge: " << merged.err);
    CHECK(merged.exit_code == 0);
    CHECK(merged.out.find("added 3 game(s)") != std::string::npos);

    const auto imported = run_arbiter(dir, {"import", dir.file("games.pgn"), "--db", db}, drop_root);
    INFO("import: " << imported.err);
    CHECK(imported.exit_code == 2);
    CHECK(imported.err.find(db) != std::string::npos);
}

}  // namespace

TEST_CASE("results in a folder that cannot be written are read and writers refused", "[integration]") {
    TempDir dir;
    dir.open_to_everyone();  // arbiter runs as nobody when we are root, and writes its outputs here
    const std::string db = write_results(dir);
    const std::string before = read_text(db);
    REQUIRE(chmod(dir.file("results").c_str(), 0555) == 0);
    check_read_only_use(dir, db, true);  // as nobody when root: root writes anywhere
    chmod(dir.file("results").c_str(), 0755);
    CHECK(read_text(db) == before);
}

TEST_CASE("results on a read-only mount are read and writers refused", "[integration]") {
    TempDir dir;
    const std::string original = write_results(dir);
    const test_support::ReadOnlyMount mount(dir.file("media"), {original});
    if (!mount.ready()) {
        WARN("skipped, no read-only mount: " << mount.why_not());
        return;
    }
    check_read_only_use(dir, mount.file("results.db"), false);
}
