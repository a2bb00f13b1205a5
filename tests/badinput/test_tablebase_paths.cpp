// Tablebase directories that cannot serve, end to end: the real arbiter binary given -tb with a
// missing path, an empty directory, a file, a directory whose table is empty or cut short, one bad
// directory after a good one, the same through the JSON key, and malformed -tbpieces/-tbadjudicate
// values.
// Each exits 2 naming the flag and the path before any game starts, and leaves no database behind.
// (A directory or table the user may not read: tests/adjudication/test_tablebase.cpp, which can drop
// root's rights in-process.)
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "tests/badinput/check_bad_input.h"
#include "tests/badinput/run_binary.h"

namespace fs = std::filesystem;
using badinput::RunResult;
using badinput::ScratchDir;
using Catch::Matchers::Contains;

namespace {

const std::string kTempo = TEMPO_BIN;
const std::string kTables = SYZYGY_DIR;

// `arbiter match`: two tempo engines at depth 1 from one tablebase position, into dir/run.db.
RunResult run_match(const ScratchDir& dir, const std::vector<std::string>& extra) {
    std::vector<std::string> args{"match",
                                  "-engine",
                                  "cmd=" + kTempo,
                                  "name=a",
                                  "-engine",
                                  "cmd=" + kTempo,
                                  "name=b",
                                  "-each",
                                  "depth=1",
                                  "-openings",
                                  "file=" + dir.write("kqk.epd", "8/8/8/8/8/2k5/8/KQ6 w - - 0 1\n"),
                                  "--db",
                                  dir.file("run.db")};
    args.insert(args.end(), extra.begin(), extra.end());
    return badinput::run_binary(ARBITER_BIN, args);
}

// dir/cut/TABLE: a copy of the test table TABLE cut to its first `bytes` bytes.
std::string cut_table(const ScratchDir& dir, const std::string& table, std::size_t bytes) {
    std::ifstream in(kTables + "/" + table, std::ios::binary);
    std::string head(std::istreambuf_iterator<char>(in), {});
    REQUIRE(head.size() > bytes);
    head.resize(bytes);
    return dir.write("cut/" + table, head);
}

void check_refused(const RunResult& run, const ScratchDir& dir, const std::string& message) {
    badinput::check_refused_before_games(run, dir.file("run.db"), message);
}

}  // namespace

TEST_CASE("a missing -tb directory exits 2 naming the flag and the path", "[badinput][tablebase]") {
    ScratchDir dir;
    check_refused(run_match(dir, {"-tb", dir.file("syzygy")}), dir,
                  "-tb: '" + dir.file("syzygy") + "': no such directory");
    // The second of two directories, separated as cutechess documents it.
    check_refused(run_match(dir, {"-tb", kTables + ";" + dir.file("6men")}), dir,
                  "-tb: '" + dir.file("6men") + "': no such directory");
}

TEST_CASE("an empty -tb directory, a file or an empty table exits 2 naming it", "[badinput][tablebase]") {
    ScratchDir dir;
    fs::create_directory(dir.file("empty"));
    check_refused(run_match(dir, {"-tb", dir.file("empty")}), dir,
                  "-tb: '" + dir.file("empty") + "': no Syzygy WDL tables (.rtbw files)");
    check_refused(run_match(dir, {"-tb", dir.write("tables.txt", "KQvK")}), dir,
                  "-tb: '" + dir.file("tables.txt") + "': not a directory");
    fs::create_directory(dir.file("truncated"));
    dir.write("truncated/KQvK.rtbw", "");
    check_refused(run_match(dir, {"-tb", dir.file("truncated")}), dir,
                  "-tb: '" + dir.file("truncated/KQvK.rtbw") + "': not a Syzygy table");
}

TEST_CASE("the JSON key tb is checked as the flag is", "[badinput][tablebase]") {
    ScratchDir dir;
    const std::string json = R"({"engines": [{"cmd": ")" + kTempo + R"(", "name": "a"}, {"cmd": ")" + kTempo +
                             R"(", "name": "b"}], "each": {"depth": 1}, "tb": ")" + dir.file("none") + R"("})";
    const RunResult run = badinput::run_binary(
        ARBITER_BIN, {"match", "-config", dir.write("run.json", json), "--db", dir.file("run.db")});
    check_refused(run, dir, "-tb: '" + dir.file("none") + "': no such directory");
}

TEST_CASE("malformed -tbpieces and -tbadjudicate values exit 2 naming the flag", "[badinput][tablebase]") {
    ScratchDir dir;
    check_refused(run_match(dir, {"-tb", kTables, "-tbpieces", "2"}), dir, "-tbpieces: must be 3 or more");
    check_refused(run_match(dir, {"-tb", kTables, "-tbpieces", "four"}), dir, "-tbpieces: expected an integer");
    check_refused(run_match(dir, {"-tb", kTables, "-tbadjudicate", "WINS"}), dir,
                  "-tbadjudicate: must be BOTH, WIN_LOSS or DRAW, got 'WINS'");
    // The same tables and flags, well formed, play: the refusals above are the values' fault.
    const RunResult good = run_match(dir, {"-tb", kTables, "-tbpieces", "3", "-tbadjudicate", "WIN_LOSS"});
    INFO(good.err);
    CHECK(good.exit_code == 0);
    CHECK_THAT(good.out, Contains("White wins by adjudication: SyzygyTB"));
}

// Issue #36: fathom skips a table of the wrong length ("Incomplete tablebase file" on stdout) and
// the run went on without judging its endings; the magic number alone did not catch a cut table.
TEST_CASE("a table cut short beside a good one exits 2 naming it", "[badinput][tablebase]") {
    ScratchDir dir;
    fs::create_directory(dir.file("cut"));
    fs::copy_file(kTables + "/KRvK.rtbw", dir.file("cut/KRvK.rtbw"));
    const std::string cut = cut_table(dir, "KQvK.rtbw", 100);
    check_refused(run_match(dir, {"-tb", dir.file("cut")}), dir,
                  "-tb: '" + cut +
                      "': truncated or incomplete: 100 bytes, where a Syzygy table is 16 bytes more "
                      "than a multiple of 64, at least 80");
    // 16 bytes has the right remainder but cannot hold a table; a cut DTZ table is refused too.
    cut_table(dir, "KQvK.rtbw", 16);
    check_refused(run_match(dir, {"-tb", dir.file("cut")}), dir,
                  "-tb: '" + cut + "': truncated or incomplete: 16 bytes");
    fs::copy_file(kTables + "/KQvK.rtbw", cut, fs::copy_options::overwrite_existing);
    const std::string cut_dtz = cut_table(dir, "KQvK.rtbz", 1000);
    check_refused(run_match(dir, {"-tb", dir.file("cut")}), dir,
                  "-tb: '" + cut_dtz + "': truncated or incomplete: 1000 bytes");
    // Whole again, the same directory adjudicates the KQvK opening.
    fs::copy_file(kTables + "/KQvK.rtbz", cut_dtz, fs::copy_options::overwrite_existing);
    const RunResult good = run_match(dir, {"-tb", dir.file("cut")});
    INFO(good.err);
    CHECK(good.exit_code == 0);
    CHECK_THAT(good.out, Contains("White wins by adjudication: SyzygyTB") && !Contains("Incomplete tablebase file"));
}
