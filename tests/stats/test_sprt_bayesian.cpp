// fastchess's `-sprt ... model=bayesian`: BayesElo hypotheses with the draw elo estimated from the
// counts, tested with the logistic GSPRT. Expected values: tests/stats/derive_expected.py
// ("== SPRT LLR", the bayesian rows), which solves the same MLE with Newton's method in 50-digit
// decimals. [fastchess] cases are fastchess's sprt_test.cpp; [captured] ones are the counts of
// tests/data/runner_output/fastchess_sprt_bayesian*.txt, whose LLR fastchess printed with two
// decimals.
#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>
#include <stdexcept>

#include "cli/stats_command.h"
#include "harness/stats/sprt.h"
#include "tests/stats/near.h"

using namespace arbiter::stats;
using stats_test::near;
using stats_test::near_2dp;

namespace {

double bayesian_llr(std::int64_t wins, std::int64_t draws, std::int64_t losses, double elo0, double elo1) {
    return sprt_llr(WdlCounts{wins, draws, losses}, elo0, elo1, EloModel::bayesian);
}

}  // namespace

TEST_CASE("BayesElo score and draw elo from the counts", "[stats][sprt][bayesian]") {
    // With no draw elo the model is the logistic one: score = 1/(1+10^(-elo/400)).
    CHECK(bayeselo_to_score(0, 0) == near(0.5));
    CHECK(bayeselo_to_score(100, 0) == near(1.0 / (1.0 + std::pow(10.0, -0.25))));
    CHECK(bayeselo_to_score(-40, 150) == near(1.0 - bayeselo_to_score(40, 150)));
    const WdlCounts counts{1200, 1600, 1100};
    CHECK(estimated_draw_elo(counts) == near(151.58957285907132));
    CHECK(bayeselo_to_score(5, estimated_draw_elo(counts)) == near(0.5059823668082669));
    CHECK_THROWS_AS(estimated_draw_elo(WdlCounts{0, 10, 3}), std::invalid_argument);
}

TEST_CASE("bayesian LLR [fastchess]", "[stats][sprt][bayesian]") {
    const double b1 = bayesian_llr(68965, 128429, 68526, 0, 2);
    CHECK(b1 == near(-1.2621558892133726));
    CHECK(b1 == near_2dp(-1.26));
    const double b2 = bayesian_llr(21629, 41111, 21484, 0.5, 2.5);
    CHECK(b2 == near(-1.1306424589265403));
    CHECK(b2 == near_2dp(-1.13));
    CHECK(bayesian_llr(1200, 1600, 1100, 0, 5) == near(1.555743561549426));
}

TEST_CASE("bayesian LLR of the captured fastchess runs [captured]", "[stats][sprt][bayesian]") {
    CHECK(bayesian_llr(5, 2, 3, 0, 10) == near(0.06413944381951595));
    CHECK(bayesian_llr(14, 2, 4, 0, 10) == near(0.3054575878147292));
    CHECK(bayesian_llr(16, 2, 6, 0, 10) == near(0.3003379414945356));
    CHECK(bayesian_llr(6, 1, 3, 0, 100) == near(0.5064659527090316));
    CHECK(bayesian_llr(13, 4, 3, 0, 100) == near(2.5059596262100867));
    CHECK(bayesian_llr(18, 4, 5, 0, 100) == near(3.0660288645323512));
}

TEST_CASE("bayesian LLR needs a win and a loss, and W/D/L counts", "[stats][sprt][bayesian]") {
    CHECK(bayesian_llr(9, 7, 0, 0, 10) == 0.0);
    CHECK(bayesian_llr(0, 7, 9, 0, 10) == 0.0);
    CHECK_THROWS_AS(sprt_llr(PentaCounts{1, 2, 3, 2, 1}, 0, 5, EloModel::bayesian), std::invalid_argument);
    SprtParameters params{0, 100, 0.05, 0.05, EloModel::bayesian};
    CHECK(run_sprt(WdlCounts{18, 4, 5}, params).decision == SprtDecision::h1);
    CHECK(run_sprt(WdlCounts{13, 4, 3}, params).decision == SprtDecision::continue_testing);
    EloModel model = EloModel::logistic;
    CHECK(parse_model("bayesian", model));
    CHECK(model == EloModel::bayesian);
    CHECK(model_name(EloModel::bayesian) == "bayesian");
}

TEST_CASE("arbiter stats --model bayesian", "[stats][sprt][bayesian]") {
    std::ostringstream out, err;
    const int code = arbiter::cli::run_stats_command(
        {"--wdl", "18", "4", "5", "--sprt", "0", "100", "0.05", "0.05", "--model", "bayesian", "--json"}, out, err);
    INFO(err.str());
    REQUIRE(code == 0);
    const std::string json = out.str();
    CHECK(json.find("\"decision\":\"H1\"") != std::string::npos);
    CHECK(json.find("\"llr\":3.066028864532") != std::string::npos);
    std::ostringstream text;
    REQUIRE(arbiter::cli::run_stats_command(
                {"--wdl", "18", "4", "5", "--sprt", "0", "100", "0.05", "0.05", "--model", "bayesian"}, text, err) ==
            0);
    CHECK(text.str().find("LLR: 3.07 (-2.94, 2.94) [0.00, 100.00], model bayesian") != std::string::npos);
    std::ostringstream refused_out, refused_err;
    CHECK(arbiter::cli::run_stats_command(
              {"--penta", "1", "2", "3", "2", "1", "--sprt", "0", "5", "0.05", "0.05", "--model", "bayesian"},
              refused_out, refused_err) == 2);
    CHECK(refused_err.str().find("--model") != std::string::npos);
}
