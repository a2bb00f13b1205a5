#include <catch2/catch.hpp>

#include <fstream>

#include "tests/support/captured_run.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"
#include "tests/tune/positions_fixture.h"
#include "engine/tune/tune_command.h"

using namespace tempo::tune;

namespace {

test_support::RunOutput run(const std::vector<std::string>& args) {
    return test_support::run_captured(run_tune_command, args);
}

// Quiet-ish random positions in arbiter's pipe format; the score leans the way the result went,
// as a search's would.
std::string write_pipe_file(const test_support::TempDir& dir, const std::string& name, int count) {
    const std::string path = dir.file(name);
    std::ofstream file(path);
    int index = 0;
    for (const chess::Position& pos : tune_test::random_positions(count, 7)) {
        if (pos.in_check()) continue;
        const int outcome = index++ % 3;  // 0: Black won, 1: draw, 2: White won
        file << pos.fen() << " | " << (outcome - 1) * 150 << " | "
             << (outcome == 2   ? "1-0"
                 : outcome == 1 ? "1/2-1/2"
                                : "0-1")
             << "\n";
    }
    return path;
}

}  // namespace

TEST_CASE("tempo tune rejects a score weight outside [0, 1]", "[tune_command]") {
    const test_support::RunOutput result = run({"--score-weight", "1.5", "positions.txt"});
    CHECK(result.code == 2);
    CHECK_THAT(result.err, Catch::Contains("--score-weight is between 0 and 1, got '1.5'"));
    CHECK_THAT(result.err, Catch::Contains("usage: tempo tune"));
}

TEST_CASE("tempo tune names the file and line of a bad score", "[tune_command]") {
    const test_support::TempDir dir;
    const std::string path = dir.write("bad_score.txt",
                                       "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 | 20 | 1-0\n"
                                       "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1 | 0.2 | 1-0\n");
    const test_support::RunOutput result = run({"--out", dir.file("never.cpp"), path});
    CHECK(result.code == 1);
    CHECK_THAT(result.err, Catch::Contains(path + ":2: bad score '0.2'"));
}

TEST_CASE("tempo tune blends search scores and writes the weight into the parameter file", "[tune_command]") {
    const test_support::TempDir dir;
    const std::string input = write_pipe_file(dir, "blend.txt", 300);
    const std::string out_path = dir.file("blend_params.cpp");
    // 0.75, not a one-digit weight: the line after the timing printed it at that line's precision, 0.8.
    const test_support::RunOutput result = run(
        {"--score-weight", "0.75", "--iterations", "20", "--threads", "1", "--report", "0", "--out", out_path, input});
    INFO(result.err);
    REQUIRE(result.code == 0);
    CHECK_THAT(result.out, Catch::Contains("blended search scores into"));
    CHECK_THAT(result.out, Catch::Contains("(weight 0.75)"));
    const std::string written = test_support::read_text(out_path);
    CHECK_THAT(written, Catch::Contains("score weight 0.75"));
    CHECK_THAT(written, Catch::Contains("EvalParams generated_tuned_params()"));
}
