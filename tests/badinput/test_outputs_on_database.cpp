// An output file that is the database (issue #36): -pgnout, -epdout, -log file= and fastchess's
// -config outname= given the --db file, by another spelling, through a symbolic or a hard link,
// or its -wal or -shm file, are bad input: exit 2 naming the flag, the path and the database,
// before any game and before anything is written, so the database stays as it was.
#include <catch2/catch.hpp>

#include <filesystem>

#include "tests/badinput/run_binary.h"
#include "tests/support/text_file.h"

namespace fs = std::filesystem;
using badinput::RunResult;
using badinput::ScratchDir;
using Catch::Matchers::Contains;

namespace {

std::vector<std::string> match_into(const std::string& db, const std::vector<std::string>& outputs) {
    std::vector<std::string> args{"match",  "-engine", std::string("cmd=") + TEMPO_BIN,
                                  "name=a", "-engine", std::string("cmd=") + TEMPO_BIN,
                                  "name=b", "-each",   "depth=1",
                                  "-games", "2",       "--db",
                                  db,       "-logdir", "off"};
    args.insert(args.end(), outputs.begin(), outputs.end());
    return args;
}

// A database holding one finished run, played with outputs beside it (which are fine).
std::string played_database(const ScratchDir& dir) {
    const std::string db = dir.file("run.db");
    const RunResult run = badinput::run_binary(
        ARBITER_BIN, match_into(db, {"-pgnout", dir.file("run.db.pgn"), "-log", "file=" + dir.file("run.log")}));
    INFO("stderr: " << run.err);
    REQUIRE(run.exit_code == 0);
    return db;
}

// The outputs `flag_words` (the path last in its word) refused, naming `flag` and `path`.
void check_refused(const std::string& db, const std::vector<std::string>& flag_words, const std::string& flag,
                   const std::string& path, const std::string& what) {
    const std::string before = test_support::read_text(db);
    const RunResult run = badinput::run_binary(ARBITER_BIN, match_into(db, flag_words));
    INFO("stdout: " << run.out << "\nstderr: " << run.err);
    CHECK_FALSE(run.timed_out);
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.err, Contains(flag + " " + path + ": is " + what + " (--db " + db + ")"));
    CHECK_THAT(run.out, !Contains("Started game"));
    CHECK(test_support::read_text(db) == before);
}

}  // namespace

TEST_CASE("every output flag given the --db file exits 2 naming both", "[badinput]") {
    ScratchDir dir;
    const std::string db = played_database(dir);
    check_refused(db, {"-pgnout", db}, "-pgnout", db, "the database");
    check_refused(db, {"-epdout", db}, "-epdout", db, "the database");
    check_refused(db, {"-pgnout", "file=" + db, "notation=uci"}, "-pgnout", db, "the database");
    // append=false would have emptied the database as the log opened.
    check_refused(db, {"-log", "file=" + db, "append=false"}, "-log file", db, "the database");
    check_refused(db, {"-config", "outname=" + db}, "-config outname", db, "the database");
}

TEST_CASE("an output reaching the database by another spelling or a link exits 2", "[badinput]") {
    ScratchDir dir;
    const std::string db = played_database(dir);
    fs::create_directory(dir.file("sub"));
    const std::string spelt = dir.path() + "/sub/.././run.db";
    check_refused(db, {"-pgnout", spelt}, "-pgnout", spelt, "the database");
    const std::string symbolic = dir.file("games.pgn");
    fs::create_symlink(db, symbolic);
    check_refused(db, {"-pgnout", symbolic}, "-pgnout", symbolic, "the database");
    const std::string hard = dir.file("games.epd");
    fs::create_hard_link(db, hard);
    check_refused(db, {"-epdout", hard}, "-epdout", hard, "the database");
    // The write-ahead log and its index exist only while the database is open: a link to them may
    // point at nothing yet.
    const std::string wal = dir.file("wal.log");
    fs::create_symlink("run.db-wal", wal);
    check_refused(db, {"-log", "file=" + wal}, "-log file", wal, "the database's -wal file");
    check_refused(db, {"-config", "outname=" + db + "-shm"}, "-config outname", db + "-shm",
                  "the database's -shm file");
    // A database reached through a link has its -wal beside the file it leads to.
    const std::string db_link = dir.file("link.db");
    fs::create_symlink(db, db_link);
    check_refused(db_link, {"-pgnout", db + "-wal"}, "-pgnout", db + "-wal", "the database's -wal file");
}
