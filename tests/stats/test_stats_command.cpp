// `arbiter stats` as a function: JSON keys, values, SPRT fields and flag errors.
// Values are the ones pinned in test_elo.cpp / test_sprt.cpp (derive_expected.py).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/stats_command.h"
#include "tests/stats/near.h"

using arbiter::cli::run_stats_command;
using stats_test::near;

namespace {

struct Outcome {
    int code;
    std::string out;
    std::string err;
};

Outcome run(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const int code = run_stats_command(args, out, err);
    return {code, out.str(), err.str()};
}

}  // namespace

TEST_CASE("stats --wdl --json prints exactly the five keys", "[stats][command]") {
    const Outcome o = run({"--wdl", "136", "111", "96", "--json"});
    REQUIRE(o.code == 0);
    const nlohmann::json j = nlohmann::json::parse(o.out);
    CHECK(j.size() == 5);
    CHECK(j.at("elo").get<double>() == near(40.702458186527075));
    CHECK(j.at("elo_error").get<double>() == near(30.42721794360099));
    CHECK(j.at("los").get<double>() == near(0.9960102357334972));
    CHECK(j.at("draw_ratio").get<double>() == near(111.0 / 343.0));
    CHECK(j.at("nelo").get<double>() == near(49.768415381022194));
}

TEST_CASE("stats --penta --sprt --model --json adds the SPRT keys", "[stats][command]") {
    const Outcome o = run({"stats", "--penta", "127", "4883", "10712", "5150", "104", "--sprt", "-1.75", "0.25", "0.05",
                           "0.05", "--model", "normalized", "--json"});
    REQUIRE(o.code == 0);
    const nlohmann::json j = nlohmann::json::parse(o.out);
    CHECK(j.size() == 9);
    CHECK(j.at("llr").get<double>() == near(3.010154196603691));
    CHECK(j.at("lower_bound").get<double>() == near(-2.9444389791664403));
    CHECK(j.at("upper_bound").get<double>() == near(2.9444389791664403));
    CHECK(j.at("decision") == "H1");
    const Outcome cont =
        run({"--penta", "10789", "19328", "33806", "19402", "10543", "--sprt", "-3", "1", "0.05", "0.05", "--json"});
    CHECK(nlohmann::json::parse(cont.out).at("decision") == "continue");
}

TEST_CASE("stats: a perfect or null score prints a marked 95% bound, in text and JSON", "[stats][command]") {
    // Was "Elo: 1199.83 +/- 0.00" and {"elo":1199.83,"elo_error":0.0}: a number no data support.
    CHECK_THAT(run({"--wdl", "2", "0", "0"}).out, Catch::StartsWith("Elo: > -216.24 (95% lower bound), nElo: n/a\n"));
    CHECK_THAT(run({"--wdl", "0", "0", "100"}).out, Catch::StartsWith("Elo: < -606.79 (95% upper bound), nElo: n/a\n"));
    CHECK_THAT(run({"--penta", "0", "0", "0", "0", "50"}).out, Catch::StartsWith("Elo: > 483.76 (95% lower bound)"));
    const nlohmann::json j = nlohmann::json::parse(run({"--wdl", "12", "0", "0", "--json"}).out);
    CHECK(j.size() == 6);
    CHECK(j.at("elo").get<double>() == near(218.9365960556597));
    CHECK(j.at("elo_error").is_null());
    CHECK(j.at("elo_bound") == "at_least");
    CHECK(nlohmann::json::parse(run({"--wdl", "11", "1", "0", "--json"}).out).size() == 5);  // no bound, no key
}

TEST_CASE("stats human report", "[stats][command]") {
    const Outcome o = run({"--wdl", "136", "111", "96", "--sprt", "0", "5", "0.05", "0.05"});
    REQUIRE(o.code == 0);
    CHECK_THAT(o.out, Catch::Contains("Elo: 40.70 +/- 30.43, nElo: 49.77 +/- 36.77") &&
                          Catch::Contains("LOS: 99.60 %") && Catch::Contains("LLR: ") &&
                          Catch::Contains("(-2.94, 2.94) [0.00, 5.00]"));
    const Outcome draws = run({"--wdl", "0", "40", "0"});
    CHECK(draws.code == 0);
    CHECK(draws.out.find("nan") == std::string::npos);
    const Outcome wins = run({"--wdl", "9", "0", "0", "--json"});
    CHECK(nlohmann::json::parse(wins.out).at("nelo").is_null());
}

TEST_CASE("stats rejects bad input naming the flag", "[stats][command]") {
    const Outcome zero = run({"--wdl", "0", "0", "0", "--json"});
    CHECK(zero.code == 2);
    CHECK_THAT(zero.err, Catch::Contains("--wdl") && Catch::Contains("no games"));
    CHECK(zero.out.empty());
    CHECK(zero.err.find("nan") == std::string::npos);

    const Outcome unknown = run({"--wdl", "1", "2", "3", "--frobnicate"});
    CHECK(unknown.code == 2);
    CHECK_THAT(unknown.err, Catch::Contains("--frobnicate"));

    const Outcome short_penta = run({"--penta", "1", "2", "3"});
    CHECK(short_penta.code == 2);
    CHECK_THAT(short_penta.err, Catch::Contains("--penta"));

    const Outcome bad_count = run({"--wdl", "1", "x", "3"});
    CHECK(bad_count.code == 2);
    CHECK_THAT(bad_count.err, Catch::Contains("--wdl") && Catch::Contains("'x'"));

    const Outcome bad_model = run({"--wdl", "1", "2", "3", "--sprt", "0", "5", "0.05", "0.05", "--model", "bayes"});
    CHECK(bad_model.code == 2);
    CHECK_THAT(bad_model.err, Catch::Contains("--model"));

    const Outcome bad_sprt = run({"--wdl", "1", "2", "3", "--sprt", "5", "0", "0.05", "0.05"});
    CHECK(bad_sprt.code == 2);
    CHECK_THAT(bad_sprt.err, Catch::Contains("--sprt"));

    const Outcome none = run({"--json"});
    CHECK(none.code == 2);
    CHECK_THAT(none.err, Catch::Contains("--wdl or --penta"));

    const Outcome both = run({"--wdl", "1", "2", "3", "--penta", "1", "2", "3", "4", "5"});
    CHECK(both.code == 2);
}
