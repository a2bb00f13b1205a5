// `arbiter export-positions` in-process: the positions of an imported game in the pipe format, the
// summary on the stream the positions do not use, and its exit codes. Expected lines are what the
// command printed before it moved to cli/ (harness/export/export_command.cpp).
#include <catch2/catch.hpp>

#include <sstream>

#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"
#include "cli/export_command.h"
#include "cli/import_command.h"

using arbiter::cli::run_export_command;
using Catch::Matchers::Contains;

namespace {

// Four engine moves (with cutechess comments) and three book moves; White mates.
const char* kGame = R"([White "A"]
[Black "B"]
[Result "1-0"]

1. e4 {+0.31/12 0.45s} e5 {-0.20/11 0.40s} 2. Qh5 {+0.10/10 1.2s} Nc6 3. Bc4 Nf6 4. Qxf7# {+M1/1 0.01s} 1-0
)";

const char* kPositions =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 | 31 | 1.0\n"
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 | 20 | 1.0\n"
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 | 10 | 1.0\n"
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4 | #1 | 1.0\n";

std::string imported_db(const test_support::TempDir& dir) {
    const std::string db = dir.file("games.db");
    std::ostringstream out, err;
    REQUIRE(arbiter::cli::run_import_command({dir.write("game.pgn", kGame), "--db", db}, out, err) == 0);
    return db;
}

}  // namespace

TEST_CASE("export-positions writes the searched positions to stdout and the summary to stderr", "[cli]") {
    const test_support::TempDir dir;
    const std::string db = imported_db(dir);
    std::ostringstream out, err;
    REQUIRE(run_export_command({"--db", db}, out, err) == 0);
    CHECK(out.str() == kPositions);
    CHECK(err.str() == "exported 4 positions from 1 games (skipped 3 book, 0 early plies)\n");
}

TEST_CASE("export-positions --out takes the positions, and stdout the summary", "[cli]") {
    const test_support::TempDir dir;
    const std::string db = imported_db(dir);
    const std::string file = dir.file("positions.txt");
    std::ostringstream out, err;
    REQUIRE(run_export_command({"--db=" + db, "--skip-plies", "1", "--out", file}, out, err) == 0);
    CHECK(test_support::read_text(file) == std::string(kPositions).substr(std::string(kPositions).find('\n') + 1));
    CHECK(out.str() == "exported 3 positions from 1 games (skipped 3 book, 1 early plies)\n");
    CHECK(err.str().empty());
}

TEST_CASE("export-positions: bad flags and a missing database exit 2, an unwritable output 1", "[cli]") {
    const test_support::TempDir dir;
    std::ostringstream out, err;
    CHECK(run_export_command({"--db", dir.file("x.db"), "--skip-plies", "-1"}, out, err) == 2);
    CHECK_THAT(err.str(), Contains("--skip-plies") && Contains("'-1'"));
    CHECK(run_export_command({"--out", dir.file("p.txt")}, out, err) == 2);
    CHECK_THAT(err.str(), Contains("arbiter export-positions: --db: is required"));
    CHECK(run_export_command({"--db", dir.file("x.db"), "--frobnicate"}, out, err) == 2);
    CHECK_THAT(err.str(), Contains("--frobnicate"));
    std::ostringstream missing_err;
    CHECK(run_export_command({"--db", dir.file("absent/x.db")}, out, missing_err) == 2);
    CHECK_THAT(missing_err.str(), Contains(dir.file("absent/x.db")));
    const std::string db = imported_db(dir);
    std::ostringstream unwritable_err;
    CHECK(run_export_command({"--db", db, "--out", dir.file("absent/p.txt")}, out, unwritable_err) == 1);
    CHECK_THAT(unwritable_err.str(), Contains(dir.file("absent/p.txt") + ": cannot open for writing"));
}
