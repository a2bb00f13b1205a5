// `arbiter ttd`: two configurations side by side, totals and the ratio to the first.
#include <catch2/catch.hpp>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "tests/epdrun/epdrun_test_support.h"

using namespace epdrun_test;
using Catch::Matchers::Contains;

namespace {

const char* kPositions =
    "# FEN and EPD lines may be mixed\n"
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n"
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id \"WAC.001\";\n"
    "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1\n";

// Two configurations of one engine, as the feature-switch comparison uses them: tempo when this
// tree builds it, else Stockfish with a different hash size.
std::vector<std::string> two_configs() {
#ifdef TEMPO_BIN
    if (std::filesystem::exists(TEMPO_BIN)) {
        return {std::string("cmd=") + TEMPO_BIN, std::string("cmd=") + TEMPO_BIN + " option.HistoryHeuristic=false"};
    }
#endif
    return {std::string("cmd=") + STOCKFISH_BIN + " option.Hash=16",
            std::string("cmd=") + STOCKFISH_BIN + " option.Hash=1"};
}

}  // namespace

TEST_CASE("ttd: two configurations print a table, totals and ratios", "[ttd]") {
    if (!stockfish_available()) {
        WARN("stockfish not installed; skipped");
        return;
    }
    ScratchDir dir;
    const std::string positions = dir.write("positions.epd", kPositions);
    const auto configs = two_configs();
    const auto text =
        run_ttd({"--engine", configs[0], "--engine", configs[1], "--positions", positions, "--depth", "7"});
    INFO(text.err);
    REQUIRE(text.code == 0);
    CHECK_THAT(text.out, Contains("time to depth 7, 3 position(s)"));
    CHECK_THAT(text.out, Contains("line 2"));
    CHECK_THAT(text.out, Contains("WAC.001"));
    CHECK_THAT(text.out, Contains("ratio to #1"));
    CHECK_THAT(text.out, Contains("1.000"));

    const auto json_run =
        run_ttd({"--engine", configs[0], "--engine", configs[1], "--positions", positions, "--depth", "7", "--json"});
    REQUIRE(json_run.code == 0);
    const auto json = nlohmann::json::parse(json_run.out);
    REQUIRE(json["engines"].size() == 2);
    CHECK(json["engines"][0]["ratio_to_first"]["nodes"] == 1.0);
    CHECK(json["engines"][1]["ratio_to_first"]["nodes"].is_number());
    CHECK(json["engines"][1]["total"]["positions"] == 3);
    for (const auto& position : json["positions"]) {
        for (const auto& sample : position["samples"]) CHECK(sample["depth"] == 7);
    }
}

TEST_CASE("ttd: bad input names the flag or the file and line", "[ttd]") {
    ScratchDir dir;
    const std::string positions = dir.write("bad.fen", "8/8/8/8/8/8/8/8 w - - 0 1\nnot a fen at all\n");
    const auto bad_file =
        run_ttd({"--engine", "cmd=/bin/false", "--engine", "cmd=/bin/false", "--positions", positions, "--depth", "3"});
    CHECK(bad_file.code == 2);
    CHECK_THAT(bad_file.err, Contains(positions + ":"));
    const auto one_engine = run_ttd({"--engine", "cmd=/bin/false", "--positions", positions, "--depth", "3"});
    CHECK(one_engine.code == 2);
    CHECK_THAT(one_engine.err, Contains("--engine"));
}
