// Bad input, end to end: the real arbiter binary given broken files, flags, engines and
// databases. Each case checks what a user sees and what is left on disk: a non-zero exit, a
// message naming the file and line (or the flag, engine or option), and no database, PGN, EPD
// or log file written for a run that never started. Parser details are tested per module
// (tests/config, tests/tc, tests/epd, tests/pgn, tests/openings, tests/epdrun); this suite checks
// the whole path to the user.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <set>

#include <sqlite3.h>

#include "tests/badinput/query_int.h"
#include "tests/badinput/run_binary.h"

namespace fs = std::filesystem;
using badinput::query_int;
using badinput::RunResult;
using badinput::ScratchDir;
using Catch::Matchers::Contains;

namespace {

const char* const kGoodEpdLine = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n";

// A two-engine tempo match at depth 1 writing to run.db and games.pgn inside `dir`, plus `extra`.
std::vector<std::string> match_args(const ScratchDir& dir, const std::vector<std::string>& extra) {
    std::vector<std::string> args{"match",
                                  "-engine",
                                  std::string("cmd=") + TEMPO_BIN,
                                  "name=a",
                                  "-engine",
                                  std::string("cmd=") + TEMPO_BIN,
                                  "name=b",
                                  "-each",
                                  "depth=1",
                                  "-games",
                                  "2",
                                  "--db",
                                  dir.file("run.db"),
                                  "-pgnout",
                                  dir.file("games.pgn"),
                                  "-epdout",
                                  dir.file("games.epd")};
    args.insert(args.end(), extra.begin(), extra.end());
    return args;
}

using badinput::run_arbiter;

std::set<std::string> entries(const ScratchDir& dir) {
    std::set<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir.file(""))) names.insert(entry.path().filename().string());
    return names;
}

// A refused run exits 2 and leaves the directory holding exactly `expected`: the inputs the test
// wrote. A database the refused run created is removed again, even when the refusal came after it
// was opened (book, engines); a database that was there before stays.
void check_refused(const RunResult& run, const ScratchDir& dir, const std::set<std::string>& expected) {
    INFO("stderr: " << run.err);
    CHECK_FALSE(run.timed_out);
    CHECK(run.exit_code == 2);
    CHECK(entries(dir) == expected);
}

}  // namespace

TEST_CASE("an EPD opening book with a bad FEN is named by file and line", "[badinput]") {
    ScratchDir dir;
    const std::string book = dir.write("book.epd", std::string(kGoodEpdLine) + kGoodEpdLine +
                                                       "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n");
    const RunResult run = run_arbiter(match_args(dir, {"-openings", "file=" + book, "format=epd"}));
    check_refused(run, dir, {"book.epd"});
    CHECK_THAT(run.err, Contains(book + ":3:") && Contains("FEN"));
}

TEST_CASE("a PGN opening book with an illegal move is named by file and line", "[badinput]") {
    ScratchDir dir;
    const std::string book = dir.write("book.pgn",
                                       "[Event \"ok\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"
                                       "[Event \"broken\"]\n\n1. d4 d5\n2. Ke3 Nf6 *\n");
    const RunResult run = run_arbiter(match_args(dir, {"-openings", "file=" + book, "format=pgn"}));
    check_refused(run, dir, {"book.pgn"});
    CHECK_THAT(run.err, Contains(book + ":8:") && Contains("Ke3"));
}

TEST_CASE("bad -openings, -draw, -resign and -maxmoves values exit 2 naming the flag, writing nothing", "[badinput]") {
    const std::vector<std::vector<std::string>> refused{{"-openings", "file=book.epd", "order=shuffled"},
                                                        {"-openings", "file=book.epd", "seed=99"},
                                                        {"-draw", "movenumber=x", "movecount=8", "score=10"},
                                                        {"-resign", "movecount=3", "score=400", "twosided=maybe"},
                                                        {"-maxmoves", "ten"}};
    for (const auto& flag : refused) {
        INFO(flag[0] << " " << flag[1]);
        ScratchDir dir;
        const RunResult run = run_arbiter(match_args(dir, flag));
        check_refused(run, dir, {});
        CHECK_THAT(run.err, Contains(flag[0]));
    }
}

TEST_CASE("a JSON config with a syntax error or a wrong type is named by file", "[badinput]") {
    ScratchDir dir;
    SECTION("syntax error: file and line") {
        const std::string config = dir.write("run.json", "{\n  \"games\": 2,\n  \"rounds\": 1,,\n  \"seed\": 7\n}\n");
        const RunResult run = run_arbiter(match_args(dir, {"-config", config}));
        check_refused(run, dir, {"run.json"});
        CHECK_THAT(run.err, Contains(config + ":3"));
    }
    SECTION("wrong type: file and key") {
        const std::string config = dir.write("run.json", "{\n  \"games\": \"two\"\n}\n");
        const RunResult run = run_arbiter(match_args(dir, {"-config", config}));
        check_refused(run, dir, {"run.json"});
        CHECK_THAT(run.err, Contains(config) && Contains("games") && Contains("wrong type"));
    }
    SECTION("missing file") {
        const RunResult run = run_arbiter(match_args(dir, {"-config", dir.file("absent.json")}));
        check_refused(run, dir, {});
        CHECK_THAT(run.err, Contains(dir.file("absent.json")));
    }
}

TEST_CASE("unknown flags and bad flag values are named", "[badinput]") {
    ScratchDir dir;
    SECTION("unknown flag") {
        const RunResult run = run_arbiter(match_args(dir, {"-gamez", "3"}));
        check_refused(run, dir, {});
        CHECK_THAT(run.err, Contains("-gamez"));
    }
    SECTION("value that is not a number") {
        const RunResult run = run_arbiter(match_args(dir, {"-concurrency", "lots"}));
        check_refused(run, dir, {});
        CHECK_THAT(run.err, Contains("-concurrency"));
    }
    SECTION("an odd game count for a ladder, whose games come in colour pairs") {
        const RunResult run =
            run_arbiter({"ladder", dir.file("ladder.json"), "--games", "3", "--db", dir.file("l.db")});
        check_refused(run, dir, {});
        CHECK_THAT(run.err, Contains("--games") && Contains("even"));
    }
    SECTION("unknown engine key") {
        const RunResult run = run_arbiter(match_args(dir, {"-engine", "cmd=" + std::string(TEMPO_BIN), "hash=16"}));
        check_refused(run, dir, {});
        CHECK_THAT(run.err, Contains("-engine #3 hash"));
    }
}

TEST_CASE("a missing or non-executable engine is refused before anything runs", "[badinput]") {
    ScratchDir dir;
    SECTION("no such file") {
        const RunResult run = run_arbiter(match_args(dir, {"-engine", "cmd=" + dir.file("nonexistent"), "name=c"}));
        check_refused(run, dir, {});
        CHECK_THAT(run.err, Contains("-engine #3 cmd") && Contains(dir.file("nonexistent")));
    }
    SECTION("a file without execute permission") {
        const std::string engine = dir.write("engine.sh", "#!/bin/sh\necho uciok\n");
        const RunResult run = run_arbiter(match_args(dir, {"-engine", "cmd=" + engine, "name=c"}));
        check_refused(run, dir, {"engine.sh"});
        CHECK_THAT(run.err, Contains("-engine #3 cmd") && Contains(engine));
    }
    SECTION("a directory") {
        const RunResult run = run_arbiter(match_args(dir, {"-engine", "cmd=" + dir.file(""), "name=c"}));
        check_refused(run, dir, {});
        CHECK_THAT(run.err, Contains("-engine #3 cmd"));
    }
}

TEST_CASE("a database from a newer schema version is refused and left untouched", "[badinput]") {
    ScratchDir dir;
    {
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open(dir.file("run.db").c_str(), &db) == SQLITE_OK);
        REQUIRE(sqlite3_exec(db, "PRAGMA user_version = 99", nullptr, nullptr, nullptr) == SQLITE_OK);
        sqlite3_close(db);
    }
    const auto size_before = fs::file_size(dir.file("run.db"));
    const RunResult run = run_arbiter(match_args(dir, {}));
    check_refused(run, dir, {"run.db"});
    CHECK_THAT(run.err, Contains(dir.file("run.db")) && Contains("99"));
    CHECK(query_int(dir.file("run.db"), "PRAGMA user_version") == 99);
    CHECK(query_int(dir.file("run.db"), "SELECT COUNT(*) FROM sqlite_master") == 0);
    CHECK(fs::file_size(dir.file("run.db")) == size_before);
}

TEST_CASE("an unwritable -pgnout is named and leaves no run behind", "[badinput]") {
    ScratchDir dir;
    std::vector<std::string> args = match_args(dir, {});
    const auto pgnout = std::find(args.begin(), args.end(), dir.file("games.pgn"));
    REQUIRE(pgnout != args.end());
    *pgnout = dir.file("no/such/dir/games.pgn");
    const RunResult run = run_arbiter(args);
    INFO("stderr: " << run.err);
    CHECK(run.exit_code != 0);
    CHECK_THAT(run.err, Contains("-pgnout") && Contains(dir.file("no/such/dir/games.pgn")));
    CHECK_FALSE(fs::exists(dir.file("run.db")));
}

TEST_CASE("under -strict an option the engine did not declare is refused naming engine and option", "[badinput]") {
    ScratchDir dir;
    const RunResult run = run_arbiter(match_args(dir, {"-engine", "cmd=" + std::string(TEMPO_BIN), "name=c",
                                                       "option.NoSuchOption=1", "-logdir", "off", "-strict"}));
    check_refused(run, dir, {});
    CHECK_THAT(run.err, Contains("-engine #3 (c)") && Contains("c doesn't have option NoSuchOption"));
}

TEST_CASE("an engine that speaks neither protocol is refused naming the engine", "[badinput]") {
    ScratchDir dir;
    SECTION("prints garbage and exits") {
        const std::string engine = dir.write("garbage.sh", "#!/bin/sh\necho 'Welcome to MyChess! Type help.'\n", true);
        const RunResult run = run_arbiter(match_args(dir, {"-engine", "cmd=" + engine, "name=c", "-logdir", "off"}));
        check_refused(run, dir, {"garbage.sh"});
        CHECK_THAT(run.err, Contains("-engine #3 (c)"));
    }
    SECTION("keeps running but never answers uci: /bin/cat echoes every command") {
        const RunResult run = run_arbiter(match_args(dir, {"-engine", "cmd=/bin/cat", "name=c", "-logdir", "off"}));
        check_refused(run, dir, {});
        CHECK_THAT(run.err, Contains("-engine #3 (c)"));
    }
}
