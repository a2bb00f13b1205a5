// The result lines cutechess-cli and fastchess print, as arbiter prints them: compared with text the
// real tools printed (tests/data/runner_output/, see its SOURCES.md) for the same counts, and
// checked in a real `arbiter match` with the regular expressions their parsers use.

#include <catch2/catch.hpp>

#include <algorithm>
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

// One results block of a captured fastchess run: its lines and the counts they report.
struct FastchessBlock {
    std::vector<std::string> lines;  // "Results of ..." up to "LLR: ..."
    schedule::PairingResults results;
};

std::vector<FastchessBlock> fastchess_blocks(const std::string& file) {
    const std::vector<std::string> lines = lines_of(read_text(kCaptured + file));
    const std::regex games(R"(Games: \d+, Wins: (\d+), Losses: (\d+), Draws: (\d+),.*)");
    const std::regex ptnml(R"(Ptnml\(0-2\): \[(\d+), (\d+), (\d+), (\d+), (\d+)\].*)");
    std::vector<FastchessBlock> blocks;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].rfind("Results of ", 0) != 0) continue;
        FastchessBlock block;
        for (std::size_t j = i; j < lines.size() && lines[j].rfind("-----", 0) != 0; ++j) {
            block.lines.push_back(lines[j]);
            std::smatch m;
            if (std::regex_match(lines[j], m, games)) {
                block.results.wdl = {std::stoll(m[1]), std::stoll(m[3]), std::stoll(m[2])};
                block.results.paired_wdl = block.results.wdl;  // fastchess counts whole pairs
            }
            if (std::regex_match(lines[j], m, ptnml))
                block.results.penta = {std::stoll(m[1]), std::stoll(m[2]), std::stoll(m[3]), std::stoll(m[4]),
                                       std::stoll(m[5])};
        }
        blocks.push_back(block);
    }
    return blocks;
}

config::EngineSpec stockfish_at_depth(int depth) {
    config::EngineSpec spec;
    spec.depth = depth;
    spec.options = {{"Threads", "1"}, {"Hash", "16"}};
    return spec;
}

// Compares arbiter's block with fastchess's, line for line. fastchess appends ", WL/DD Ratio: x"
// to the Ptnml line; arbiter counts DD and WL pairs as one (both score one point, which is all
// Elo and SPRT need), so it cannot print that ratio and the line is compared up to it.
void check_against_fastchess(const std::string& file, int first_depth, int second_depth,
                             const stats::SprtParameters& parameters) {
    const auto blocks = fastchess_blocks(file);
    REQUIRE(blocks.size() >= 2);
    openings::BookOptions book;
    book.file = "tests/data/wac.epd";
    const std::string details =
        output::fastchess_details(stockfish_at_depth(first_depth), stockfish_at_depth(second_depth), book);
    const schedule::SprtSetup sprt{parameters, true};
    for (const auto& block : blocks) {
        const std::string first = "sf-d" + std::to_string(first_depth);
        const std::string second = "sf-d" + std::to_string(second_depth);
        const auto ours = output::fastchess_results_lines(first, second, details, block.results, true, sprt);
        REQUIRE(ours.size() == block.lines.size());
        for (std::size_t i = 0; i < ours.size(); ++i) {
            INFO(file << " line " << i);
            if (ours[i].rfind("Ptnml", 0) == 0) CHECK(block.lines[i].rfind(ours[i] + ", WL/DD Ratio: ", 0) == 0);
            else CHECK(ours[i] == block.lines[i]);
        }
    }
}

}  // namespace

TEST_CASE("fastchess results block matches fastchess's own, normalized SPRT", "[unit][runner_output]") {
    stats::SprtParameters parameters;
    parameters.elo0 = 0;
    parameters.elo1 = 10;
    parameters.model = stats::EloModel::normalized;
    check_against_fastchess("fastchess_sprt_normalized.txt", 6, 4, parameters);
}

TEST_CASE("fastchess results block matches fastchess's own, logistic SPRT to H1", "[unit][runner_output]") {
    stats::SprtParameters parameters;
    parameters.elo0 = 0;
    parameters.elo1 = 100;
    parameters.model = stats::EloModel::logistic;
    check_against_fastchess("fastchess_sprt_logistic_h1.txt", 7, 1, parameters);
}

TEST_CASE("fastchess SPRT verdict line matches fastchess's own", "[unit][runner_output]") {
    const auto lines = lines_of(read_text(kCaptured + "fastchess_sprt_logistic_h1.txt"));
    stats::SprtParameters parameters;
    parameters.elo0 = 0;
    parameters.elo1 = 100;
    const std::string ours = output::fastchess_sprt_verdict_line(parameters, stats::SprtDecision::h1);
    CHECK(std::find(lines.begin(), lines.end(), ours) != lines.end());
    CHECK(output::fastchess_sprt_verdict_line(parameters, stats::SprtDecision::h0) ==
          "SPRT ([0.00, 100.00]) completed - H0 was accepted");
}

TEST_CASE("fastchess details name limits, threads, hash and book like fastchess", "[unit][runner_output]") {
    config::EngineSpec a = stockfish_at_depth(6);
    config::EngineSpec b = stockfish_at_depth(6);
    CHECK(output::fastchess_details(a, b, std::nullopt) == "6 plies, 1t, 16MB");
    b.options.clear();
    b.nodes = 1000;
    b.depth.reset();
    CHECK(output::fastchess_details(a, b, std::nullopt) == "6 plies - 1000 nodes, 1t - NULL, 16MB - NULL");
}

TEST_CASE("runner output: -output format= selects the block, bad values are named", "[unit][runner_output]") {
    TempDir dir;
    const auto base =
        std::vector<std::string>{"-engine",        "cmd=" TEMPO_BIN, "name=a",  "depth=1", "-engine",
                                 "cmd=" TEMPO_BIN, "name=b",         "depth=1", "-db",     dir.file("run.db")};
    const RunOutput bad = run_match(base + std::vector<std::string>{"-output", "format=xml"});
    CHECK(bad.code == 2);
    CHECK(bad.err.find("-output format") != std::string::npos);
    const RunOutput bad_key = run_match(base + std::vector<std::string>{"-output", "style=fastchess"});
    CHECK(bad_key.code == 2);
    CHECK(bad_key.err.find("-output") != std::string::npos);
}

namespace {

// Two tempo engines at depth 1 in colour-reversed pairs, with an SPRT, in `format`.
RunOutput tempo_match(const TempDir& dir, const std::string& format) {
    return run_match({"-engine",
                      "cmd=" TEMPO_BIN,
                      "name=tempo-a",
                      "depth=1",
                      "-engine",
                      "cmd=" TEMPO_BIN,
                      "name=tempo-b",
                      "depth=1",
                      "-each",
                      "proto=uci",
                      "-openings",
                      "file=" REPO_ROOT_DIR "/tests/data/wac.epd",
                      "order=sequential",
                      "-games",
                      "2",
                      "-repeat",
                      "-rounds",
                      "4",
                      "-concurrency",
                      "1",
                      "-ratinginterval",
                      "4",
                      "-sprt",
                      "elo0=0",
                      "elo1=10",
                      "-output",
                      "format=" + format,
                      "-db",
                      dir.file("run.db")});
}

std::size_t count_matches(const std::string& text, const std::string& pattern) {
    const std::regex line(pattern);
    std::size_t count = 0;
    for (const auto& each : lines_of(text)) count += std::regex_match(each, line) ? 1 : 0;
    return count;
}

}  // namespace

TEST_CASE("arbiter match prints what cutechess parsers read", "[integration][runner_output]") {
    TempDir dir;
    const RunOutput run = tempo_match(dir, "cutechess");
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);
    // The per-game lines and the interval reports, at 4 and 8 games, then the final report.
    CHECK(count_matches(run.out, R"(Finished game \d+ \(tempo-[ab] vs tempo-[ab]\): .*)") == 8);
    CHECK(count_matches(run.out, R"(Score of tempo-a vs tempo-b: \d+ - \d+ - \d+  \[\d\.\d{3}\] \d+)") == 8);
    CHECK(
        count_matches(
            run.out,
            R"(Elo difference: (-?\d+\.\d|-?inf|nan) \+/- (\d+\.\d|inf|nan), LOS: (\d+\.\d) %, DrawRatio: (\d+\.\d) %)") ==
        3);
    CHECK(
        count_matches(
            run.out,
            R"(SPRT: llr (-?[\d.e+-]+) \((-?\d+\.\d)%\), lbound (-?[\d.e+-]+), ubound ([\d.e+-]+)( - H[01] was accepted)?)") ==
        3);
    CHECK(lines_of(run.out).back() == "Finished match");
}

TEST_CASE("arbiter match -output format=fastchess prints fastchess's results block", "[integration][runner_output]") {
    TempDir dir;
    const RunOutput run = tempo_match(dir, "fastchess");
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);
    CHECK(count_matches(run.out, R"(Finished game \d+ \(tempo-[ab] vs tempo-[ab]\): .*)") == 8);
    CHECK(count_matches(run.out, R"(Results of tempo-a vs tempo-b \(1 plies, NULL, NULL, wac\.epd\):)") == 3);
    const std::string number = R"((-?\d+\.\d{2}|-?inf|nan))";
    CHECK(count_matches(run.out,
                        "Elo: " + number + R"( \+/- )" + number + ", nElo: " + number + R"( \+/- )" + number) == 3);
    CHECK(count_matches(run.out, R"(LOS: \d+\.\d{2} %, DrawRatio: \d+\.\d{2} %, PairsRatio: (\d+\.\d{2}|inf|nan))") ==
          3);
    CHECK(count_matches(run.out,
                        R"(Games: \d+, Wins: \d+, Losses: \d+, Draws: \d+, Points: \d+\.\d \(\d+\.\d{2} %\))") == 3);
    CHECK(count_matches(run.out, R"(Ptnml\(0-2\): \[\d+, \d+, \d+, \d+, \d+\])") == 3);
    CHECK(count_matches(run.out, R"(LLR: -?\d+\.\d{2} \(-?\d+\.\d%\) \(-\d+\.\d{2}, \d+\.\d{2}\) \[0\.00, 10\.00\])") ==
          3);
    // arbiter's own report and cutechess's lines are replaced, not added to.
    CHECK(run.out.find("Elo difference:") == std::string::npos);
    CHECK(lines_of(run.out).back() == "Finished match");
}

namespace {

// Each "Elo difference" line of a captured cutechess-cli run, with the W/L/D of the "Score of"
// line before it (cutechess prints the rating report right after the game that completes it).
std::vector<std::pair<stats::WdlCounts, std::string>> cutechess_elo_lines(const std::string& file) {
    const std::regex score(R"(Score of .* vs .*: (\d+) - (\d+) - (\d+)  \[.*)");
    std::vector<std::pair<stats::WdlCounts, std::string>> found;
    stats::WdlCounts last;
    for (const auto& line : lines_of(read_text(kCaptured + file))) {
        std::smatch m;
        if (std::regex_match(line, m, score)) last = {std::stoll(m[1]), std::stoll(m[3]), std::stoll(m[2])};
        if (line.rfind("Elo difference: ", 0) == 0) found.emplace_back(last, line);
    }
    return found;
}

}  // namespace

// cutechess-cli's Elo, LOS and draw ratio come from the same definitions as harness/stats (LOS over
// decisive games), so the line must agree byte for byte, except the error margin: cutechess takes
// the 97.5% normal quantile from Winitzki's approximation of erf^-1 (Elo::phiInv gives 1.95716),
// arbiter the exact 1.95996. Its score interval is 0.14% narrower, which the Elo curve widens to a
// few tenths of a percent on the margin: arbiter's margin is the larger one, by less than 0.5%.
TEST_CASE("cutechess Elo line matches cutechess-cli's for the same counts", "[unit][runner_output]") {
    const std::regex parts(R"(Elo difference: (-?\d+\.\d) \+/- (\d+\.\d), LOS: (\d+\.\d) %, DrawRatio: (\d+\.\d) %)");
    const std::string file = GENERATE(as<std::string>{}, "cutechess_sprt.txt", "cutechess_sprt_h1.txt");
    const auto captured = cutechess_elo_lines(file);
    REQUIRE(captured.size() >= 2);
    for (const auto& [wdl, theirs] : captured) {
        const std::string ours = output::cutechess_elo_line(wdl);
        INFO("cutechess: " << theirs << "\narbiter:   " << ours);
        std::smatch a, b;
        REQUIRE(std::regex_match(ours, a, parts));
        REQUIRE(std::regex_match(theirs, b, parts));
        CHECK(a[1] == b[1]);
        const double our_margin = std::stod(a[2]);
        const double their_margin = std::stod(b[2]);
        CHECK(our_margin >= their_margin - 0.05);
        CHECK(our_margin <= their_margin * 1.005 + 0.05);
        CHECK(a[3] == b[3]);
        CHECK(a[4] == b[4]);
    }
}

// cutechess-cli tests a trinomial BayesElo-model SPRT; arbiter runs fishtest's GSPRT, so the LLR
// differs by design. The bounds, the number formats and the verdict wording must agree.
TEST_CASE("cutechess SPRT line has cutechess-cli's form and bounds", "[unit][runner_output]") {
    const std::regex form(
        R"(SPRT: llr (-?[0-9.e+-]+) \((-?\d+\.\d)%\), lbound (-?[0-9.e+-]+), ubound ([0-9.e+-]+)( - H[01] was accepted)?)");
    std::vector<std::string> theirs;
    for (const char* file : {"cutechess_sprt.txt", "cutechess_sprt_h1.txt"})
        for (const auto& line : lines_of(read_text(kCaptured + file)))
            if (line.rfind("SPRT: llr", 0) == 0) theirs.push_back(line);
    REQUIRE(!theirs.empty());
    CHECK(theirs.back().find(" - H1 was accepted") != std::string::npos);
    stats::SprtResult state;
    state.llr = 0.412;
    state.lower_bound = stats::sprt_lower_bound(0.05, 0.05);
    state.upper_bound = stats::sprt_upper_bound(0.05, 0.05);
    const std::string ours = output::cutechess_sprt_line(state);
    CHECK(ours == "SPRT: llr 0.412 (14.0%), lbound -2.94, ubound 2.94");
    std::smatch a, b;
    REQUIRE(std::regex_match(ours, a, form));
    for (const auto& line : theirs) {
        INFO(line);
        REQUIRE(std::regex_match(line, b, form));
        CHECK(a[3] == b[3]);
        CHECK(a[4] == b[4]);
    }
    state.llr = 3.0;
    state.decision = stats::SprtDecision::h1;
    CHECK(output::cutechess_sprt_line(state) == "SPRT: llr 3 (101.9%), lbound -2.94, ubound 2.94 - H1 was accepted");
    state.llr = -3.0;
    state.decision = stats::SprtDecision::h0;
    CHECK(output::cutechess_sprt_line(state) == "SPRT: llr -3 (-101.9%), lbound -2.94, ubound 2.94 - H0 was accepted");
}

TEST_CASE("a decided SPRT ends the run with each tool's verdict line", "[integration][runner_output]") {
    const std::string format = GENERATE(as<std::string>{}, "cutechess", "fastchess");
    TempDir dir;
    // tempo at depth 4 against depth 1 wins nearly every game: H1 of [0, 200] comes within 30 pairs.
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
                                     "-sprt",
                                     "elo0=0",
                                     "elo1=200",
                                     "model=logistic",
                                     "-output",
                                     "format=" + format,
                                     "-db",
                                     dir.file("run.db")});
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);
    if (format == "fastchess") {
        CHECK(count_matches(run.out, R"(SPRT \(\[0\.00, 200\.00\]\) completed - H1 was accepted)") == 1);
    } else {
        CHECK(count_matches(run.out,
                            R"(SPRT: llr [0-9.]+ \(\d+\.\d%\), lbound -2\.94, ubound 2\.94 - H1 was accepted)") == 1);
    }
    CHECK(lines_of(run.out).back() == "Finished match");
}
