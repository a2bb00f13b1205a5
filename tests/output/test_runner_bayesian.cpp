// `-sprt ... model=bayesian` in a run: fastchess's results block for a BayesElo SPRT (W/D/L
// counts, no pentanomial line) compared with fastchess's own output for the same counts
// (tests/data/runner_output/fastchess_sprt_bayesian*.txt), and a real run of tempo deciding one.

#include <catch2/catch.hpp>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "harness/output/runner_output.h"
#include "tests/support/match_test_support.h"
#include "tests/support/text_file.h"

using namespace arbiter;
using namespace match_test;

namespace {

const std::string kCaptured = std::string(REPO_ROOT_DIR) + "/tests/data/runner_output/";

using test_support::lines_of;

// Each results block of a captured fastchess run ("Results of ..." up to the dashes) with its W/D/L.
std::vector<std::pair<std::vector<std::string>, stats::WdlCounts>> blocks_of(const std::string& text) {
    const std::regex games(R"(Games: \d+, Wins: (\d+), Losses: (\d+), Draws: (\d+),.*)");
    const auto lines = lines_of(text);
    std::vector<std::pair<std::vector<std::string>, stats::WdlCounts>> blocks;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].rfind("Results of ", 0) != 0) continue;
        blocks.emplace_back();
        for (std::size_t j = i; j < lines.size() && lines[j].rfind("-----", 0) != 0; ++j) {
            blocks.back().first.push_back(lines[j]);
            std::smatch m;
            if (std::regex_match(lines[j], m, games))
                blocks.back().second = {std::stoll(m[1]), std::stoll(m[3]), std::stoll(m[2])};
        }
    }
    return blocks;
}

config::SprtSpec bayesian_spec(double elo1) {
    config::SprtSpec spec;
    spec.parameters.elo1 = elo1;
    spec.parameters.model = stats::EloModel::bayesian;
    return spec;
}

}  // namespace

TEST_CASE("a bayesian SPRT counts games, even when they come in pairs", "[unit][runner_output]") {
    const schedule::SprtSetup setup = schedule::sprt_setup(bayesian_spec(10), true);
    CHECK(setup.parameters.model == stats::EloModel::bayesian);
    CHECK(!setup.pentanomial);
    schedule::PairingResults results;
    results.wdl = {18, 4, 5};
    results.penta = {0, 1, 5, 3, 4};
    const auto state = schedule::sprt_state(schedule::sprt_setup(bayesian_spec(100), true), results);
    REQUIRE(state);
    CHECK(state->llr == Approx(3.0660288645323512).margin(1e-9));
}

TEST_CASE("fastchess results block matches fastchess's own, bayesian SPRT", "[unit][runner_output]") {
    struct Capture {
        const char* file;
        int first_depth, second_depth;
        double elo1;
    };
    for (const Capture& capture :
         {Capture{"fastchess_sprt_bayesian.txt", 6, 4, 10}, Capture{"fastchess_sprt_bayesian_h1.txt", 7, 1, 100}}) {
        const std::string text = read_text(kCaptured + capture.file);
        const auto blocks = blocks_of(text);
        REQUIRE(blocks.size() >= 3);
        config::EngineSpec first, second;
        first.depth = capture.first_depth;
        second.depth = capture.second_depth;
        first.options = second.options = {{"Threads", "1"}, {"Hash", "16"}};
        openings::BookOptions book;
        book.file = "wac.epd";
        const std::string details = output::fastchess_details(first, second, book);
        const auto sprt = schedule::sprt_setup(bayesian_spec(capture.elo1), true);
        for (const auto& [theirs, wdl] : blocks) {
            schedule::PairingResults results;
            results.wdl = wdl;
            const auto ours = output::fastchess_results_lines("sf-d" + std::to_string(capture.first_depth),
                                                              "sf-d" + std::to_string(capture.second_depth), details,
                                                              results, sprt.pentanomial, sprt);
            INFO(capture.file);
            CHECK(ours == theirs);
        }
    }
    const auto h1 = lines_of(read_text(kCaptured + "fastchess_sprt_bayesian_h1.txt"));
    stats::SprtParameters parameters{0, 100, 0.05, 0.05, stats::EloModel::bayesian};
    CHECK(std::find(h1.begin(), h1.end(), output::fastchess_sprt_verdict_line(parameters, stats::SprtDecision::h1)) !=
          h1.end());
}

TEST_CASE("a run with -sprt model=bayesian decides on W/D/L and prints fastchess's block",
          "[integration][runner_output]") {
    TempDir dir;
    // tempo at depth 4 against depth 1 wins nearly every game: H1 of [0, 200] comes within 60 games.
    const RunOutput run = run_match({"-engine",
                                     "cmd=" TEMPO_BIN,
                                     "name=strong",
                                     "depth=4",
                                     "-engine",
                                     "cmd=" TEMPO_BIN,
                                     "name=weak",
                                     "depth=1",
                                     "-openings",
                                     "file=" REPO_ROOT_DIR "/tests/data/wac.epd",
                                     "order=sequential",
                                     "-games",
                                     "2",
                                     "-repeat",
                                     "-rounds",
                                     "30",
                                     "-concurrency",
                                     "1",
                                     "-ratinginterval",
                                     "10",
                                     "-sprt",
                                     "elo0=0",
                                     "elo1=200",
                                     "model=bayesian",
                                     "-output",
                                     "format=fastchess",
                                     "-db",
                                     dir.file("run.db"),
                                     "-logdir",
                                     "off"});
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);
    const auto lines = lines_of(run.out);
    CHECK(std::count(lines.begin(), lines.end(),
                     "Warning; the bayesian SPRT model counts games, not pairs: results are shown per game") == 1);
    CHECK(run.out.find("Ptnml(0-2)") == std::string::npos);
    CHECK(run.out.find("PairsRatio") == std::string::npos);
    CHECK(std::count(lines.begin(), lines.end(), "SPRT ([0.00, 200.00]) completed - H1 was accepted") == 1);
    // The last block's LLR is the bayesian one of its W/D/L.
    const auto blocks = blocks_of(run.out);
    REQUIRE(!blocks.empty());
    const auto& [last, wdl] = blocks.back();
    const stats::SprtParameters parameters{0, 200, 0.05, 0.05, stats::EloModel::bayesian};
    CHECK(last.back() == output::fastchess_llr_line(stats::run_sprt(wdl, parameters), parameters));
    CHECK(stats::run_sprt(wdl, parameters).decision == stats::SprtDecision::h1);
}
