// The runner's one output interface (harness/output/match_output.h): make_output gives the tool's
// implementation, both print the game lines and the last line alike, and each prints its own
// summary and SPRT verdict. The texts themselves are compared with the tools' in
// test_runner_output.cpp and test_result_list.cpp.

#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "harness/output/match_output.h"

using namespace arbiter;

namespace {

// A match of two engines, A and B, in colour-reversed pairs, with `sprt` when asked.
struct MatchFixture {
    explicit MatchFixture(bool sprt = false)
        : schedule(2, schedule::TournamentKind::match, 2, 2, true), tally(schedule, {"A", "B"}) {
        if (sprt) sprt_test = schedule::sprt_setup(config::SprtSpec{0, 10}, true);
    }

    std::unique_ptr<output::MatchOutput> output(config::OutputFormat format) const {
        std::vector<output::RunEngine> engines{{"A", {}, {}}, {"B", {}, {}}};
        return output::make_output(format, output::MatchContext{config, schedule, engines, sprt_test});
    }

    // The pair's two games: A wins with White, draws with Black.
    void play_first_pair() {
        const schedule::PairTask pair = schedule.pair(0);
        tally.add(pair.games[0], 1.0, 2, "White mates");
        tally.add(pair.games[1], 0.5, 2, "Draw by 3-fold repetition");
    }

    std::string final_text(const output::MatchOutput& out) const {
        std::ostringstream text;
        out.match_finished(text, output::Standings{tally, nullptr, {}}, output::SessionCounts{2, 2, 1, "x.db", 0});
        return text.str();
    }

    config::MatchConfig config;
    schedule::Schedule schedule;
    schedule::Tally tally;
    std::optional<schedule::SprtSetup> sprt_test;
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("make_output: both tools print the game lines alike", "[unit][match_output]") {
    const MatchFixture match;
    const schedule::ScheduledGame first = match.schedule.pair(0).games[0];
    for (const auto format : {config::OutputFormat::cutechess, config::OutputFormat::fastchess}) {
        const auto out = match.output(format);
        CHECK(out->game_started(first, 4) == "Started game 1 of 4 (A vs B)");
        CHECK(out->game_finished(first, adjudication::GameResult::WhiteWins, "White mates") ==
              "Finished game 1 (A vs B): 1-0 {White mates}");
    }
}

TEST_CASE("make_output: each tool's summary, both ending in Finished match", "[unit][match_output]") {
    MatchFixture match;
    match.play_first_pair();
    const std::string cutechess = match.final_text(*match.output(config::OutputFormat::cutechess));
    const std::string fastchess = match.final_text(*match.output(config::OutputFormat::fastchess));
    CHECK(contains(cutechess, "Elo difference: "));
    CHECK_FALSE(contains(cutechess, "Ptnml(0-2): "));
    CHECK(contains(fastchess, "Results of A vs B ("));
    CHECK(contains(fastchess, "Ptnml(0-2): [0, 0, 0, 1, 0]"));
    CHECK_FALSE(contains(fastchess, "Elo difference: "));
    for (const std::string& text : {cutechess, fastchess}) {
        CHECK(contains(text, "Games: 2 played now, 2 in run 1 of x.db\n"));
        CHECK(text.size() >= 15);
        CHECK(text.substr(text.size() - 15) == "Finished match\n");
    }
}

TEST_CASE("make_output: fastchess adds its verdict line to arbiter's SPRT stop", "[unit][match_output]") {
    const MatchFixture match(true);
    const auto decided = [&](config::OutputFormat format) {
        return match.output(format)->sprt_decided(stats::SprtDecision::h1, 40);
    };
    CHECK(decided(config::OutputFormat::cutechess) ==
          std::vector<std::string>{"SPRT: H1 accepted after 40 games; stopping"});
    CHECK(decided(config::OutputFormat::fastchess) ==
          std::vector<std::string>{"SPRT: H1 accepted after 40 games; stopping",
                                   "SPRT ([0.00, 10.00]) completed - H1 was accepted"});
}
