// import and merge at their limits, end to end through the arbiter binary: a PGN many times larger than
// what import may hold in memory is streamed into the database; a merge that names one file twice (under
// any spelling) or an input without the schema's columns is refused with exit 2 naming the file, before
// anything is written.
#include <catch2/catch.hpp>

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>

#include "tests/badinput/check_bad_input.h"
#include "tests/badinput/query_int.h"
#include "tests/badinput/run_binary.h"
#include "tests/support/sanitizers.h"
#include "tests/support/text_file.h"

namespace fs = std::filesystem;
using badinput::query_int;
using badinput::RunResult;
using badinput::ScratchDir;
using Catch::Matchers::Contains;

namespace {

using badinput::run_arbiter;

// A real cutechess-cli game (98 plies with eval comments), `copies` times, each with its own Round tag.
std::string repeated_real_game(std::size_t copies) {
    const std::string game = test_support::read_text(std::string(TEST_DATA_DIR) + "/cutechess_chess960.pgn");
    REQUIRE(game.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"2026.11.24\"]\n[Round \"1\"]\n"));
    const std::string rest = game.substr(game.find("[White "));
    std::string text;
    text.reserve(copies * (game.size() + 8));
    for (std::size_t round = 1; round <= copies; ++round) {
        text += "[Event \"?\"]\n[Site \"?\"]\n[Date \"2026.11.24\"]\n[Round \"" + std::to_string(round) + "\"]\n";
        text += rest;
        text += '\n';
    }
    return text;
}

void exec_sql(const std::string& path, const std::string& sql) {
    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
    char* message = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &message);
    INFO((message != nullptr ? message : ""));
    sqlite3_free(message);
    sqlite3_close(db);
    REQUIRE(rc == SQLITE_OK);
}

// A small arbiter database holding one imported game.
std::string imported_database(const ScratchDir& dir, const std::string& name) {
    const std::string pgn = dir.write(name + ".pgn", repeated_real_game(1));
    const std::string path = dir.file(name);
    const RunResult run = run_arbiter({"import", pgn, "--db", path});
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    return path;
}

// Refused as bad input, and the message never names the merge's temporary output instead of the input.
void check_refused(const RunResult& run, const std::string& names) {
    badinput::check_bad_input(run, names);
    CHECK_THAT(run.err, !Contains(".merging-"));
}

struct ImportPeak {
    long pgn_bytes = 0;
    long peak_bytes = 0;  // the import's maximum resident set
};

// Imports `copies` games from a file of its own into a database of its own.
ImportPeak import_peak(const ScratchDir& dir, const std::string& name, std::size_t copies) {
    const std::string pgn = dir.write(name + ".pgn", repeated_real_game(copies));
    const std::string db = dir.file(name + ".db");
    const RunResult run = run_arbiter({"import", pgn, "--db", db});
    INFO(run.err);
    REQUIRE(run.exit_code == 0);
    CHECK_THAT(run.out, Contains("imported " + std::to_string(copies) + " games"));
    CHECK(query_int(db, "SELECT count(DISTINCT pair_index) FROM games") == static_cast<long long>(copies));
    return {static_cast<long>(fs::file_size(pgn)), run.peak_rss_kib * 1024};
}

// A streamed import's peak stays where it is as the file grows; a tenth of a byte per byte leaves room
// for noise (allocator, page cache) while catching anything that keeps the games or the text.
constexpr double kMaxGrowthPerPgnByte = 0.1;

constexpr bool kMemoryMeasurable = !test_support::kUnderAddressSanitizer;

}  // namespace

TEST_CASE("import streams a PGN: its peak memory does not grow with the file's size", "[badinput]") {
    if (!kMemoryMeasurable) {
        WARN("skipped: peak memory means nothing under AddressSanitizer");
        return;
    }
    ScratchDir dir;
    const ImportPeak small = import_peak(dir, "small", 1000);  // 2.4 MB of PGN
    const ImportPeak large = import_peak(dir, "large", 4000);  // 9.6 MB
    // Holding the file whole, as text and as parsed games, grew the peak by about 20 bytes per byte of PGN.
    const double growth_per_pgn_byte = static_cast<double>(large.peak_bytes - small.peak_bytes) /
                                       static_cast<double>(large.pgn_bytes - small.pgn_bytes);
    INFO("peak " << small.peak_bytes << " bytes for " << small.pgn_bytes << " bytes of PGN, " << large.peak_bytes
                 << " for " << large.pgn_bytes);
    CHECK(growth_per_pgn_byte < kMaxGrowthPerPgnByte);
}

TEST_CASE("import names file and line of an error far into a streamed PGN, and writes nothing", "[badinput]") {
    ScratchDir dir;
    const std::string db = dir.file("results.db");
    // 100 games of 57 lines each: past the first read of the file, the line count must still be right.
    const std::string good = repeated_real_game(100);
    const std::size_t lines_before = static_cast<std::size_t>(std::count(good.begin(), good.end(), '\n'));
    SECTION("an illegal move") {
        const std::string bad =
            dir.write("bad.pgn", good + "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n");
        check_refused(run_arbiter({"import", bad, "--db", db}), bad + ":" + std::to_string(lines_before + 5) + ":");
    }
    SECTION("a NUL byte") {
        const std::string bad = dir.write("nul.pgn", good + std::string("[White \"A\"]\n[Bl\0ck \"B\"]\n", 24));
        check_refused(run_arbiter({"import", bad, "--db", db}),
                      bad + ":" + std::to_string(lines_before + 2) + ": NUL byte (\\0) in column 4");
    }
    SECTION("a NUL byte on a line longer than one read of the file") {
        const std::string bad = dir.write("nul.pgn", good + "[White \"" + std::string(100000, 'x') + '\0' + "\"]\n");
        check_refused(run_arbiter({"import", bad, "--db", db}),
                      bad + ":" + std::to_string(lines_before + 1) + ": NUL byte (\\0) in column 100009");
    }
    CHECK_FALSE(fs::exists(db));
}

TEST_CASE("merge refuses one file given twice, under any spelling, with exit 2 naming it", "[badinput]") {
    ScratchDir dir;
    const std::string input = imported_database(dir, "in.db");
    const std::string other = imported_database(dir, "other.db");
    fs::create_symlink(input, dir.file("link.db"));
    fs::create_hard_link(input, dir.file("hard.db"));
    fs::create_directory(dir.file("sub"));
    const std::string dotted = dir.file("sub") + "/../in.db";
    const std::string out = dir.file("out.db");
    const std::string before = test_support::read_text(input);
    SECTION("the same input twice") {
        check_refused(run_arbiter({"merge", out, input, input}), "'" + input + "' is the same file as the input");
    }
    SECTION("through a symlink") {
        check_refused(run_arbiter({"merge", out, input, dir.file("link.db")}), "'" + dir.file("link.db") + "'");
    }
    SECTION("through a hard link") {
        check_refused(run_arbiter({"merge", out, dir.file("hard.db"), other, input}), "'" + input + "'");
    }
    SECTION("another spelling of its path") {
        check_refused(run_arbiter({"merge", out, dotted, input}), "'" + input + "'");
    }
    SECTION("the output as an input") {
        check_refused(run_arbiter({"merge", input, other, input}), "'" + input + "' is the same file as the output");
        check_refused(run_arbiter({"merge", dir.file("link.db"), dotted}), "'" + dotted + "'");
    }
    CHECK_FALSE(fs::exists(out));
    CHECK((test_support::read_text(input) == before));  // parenthesized: no binary dump on failure
}

TEST_CASE("merge refuses an input without a column or table of the schema, naming it, before writing", "[badinput]") {
    ScratchDir dir;
    const std::string input = imported_database(dir, "in.db");
    const std::string out = imported_database(dir, "out.db");
    const std::string out_before = test_support::read_text(out);
    SECTION("a missing column") {
        // A column no index or trigger names, which SQLite can drop (schema 10's triggers name termination).
        exec_sql(input, "ALTER TABLE games DROP COLUMN opening_fen");
        check_refused(run_arbiter({"merge", out, input}), "'" + input + "' lacks column games.opening_fen");
    }
    SECTION("a missing table") {
        exec_sql(input, "DROP TABLE ladder_steps");
        check_refused(run_arbiter({"merge", out, input}), "'" + input + "' lacks table ladder_steps");
    }
    SECTION("into a new output") {
        exec_sql(input, "ALTER TABLE runs DROP COLUMN host");
        check_refused(run_arbiter({"merge", dir.file("new.db"), input}), "'" + input + "' lacks column runs.host");
        CHECK_FALSE(fs::exists(dir.file("new.db")));
    }
    CHECK((test_support::read_text(out) == out_before));
}
