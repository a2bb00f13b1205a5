#pragma once
// What a match run prints as it goes, in the words of the tool its user's scripts read: one
// interface, MatchOutput, with an implementation per tool (cutechess_output.h, fastchess_output.h),
// as fastchess has one. The runner reports its events to it and never asks which tool it is;
// where on the terminal a text goes (above the live progress line, on which stream) stays the
// runner's. Texts both tools print alike are in shared_texts.h; the tools' own lines are built in
// runner_output.h and result_list.h.

#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "harness/adjudication/outcome.h"
#include "harness/config/match_config.h"
#include "harness/output/match_summary.h"
#include "harness/output/run_engine.h"
#include "harness/schedule/knockout.h"
#include "harness/schedule/schedule.h"
#include "harness/schedule/tally.h"

namespace arbiter::output {

// What stays fixed for the whole run. `config` and `schedule` are the runner's and outlive the output.
struct MatchContext {
    const config::MatchConfig& config;
    const schedule::Schedule& schedule;
    std::vector<RunEngine> engines;
    std::optional<schedule::SprtSetup> sprt;  // a match's SPRT test
};

// The run's results at the moment a summary prints: views into the runner's state, for the call.
struct Standings {
    const schedule::Tally& tally;
    const schedule::KnockoutBracket* knockout = nullptr;  // a knockout's bracket, else none
    Pace pace;
};

// The session's counts that close the final summary.
struct SessionCounts {
    std::int64_t played_now = 0;
    std::int64_t stored_in_run = 0;
    std::int64_t run_id = 0;
    std::string database;
    std::int64_t carried_games = 0;  // the schedule's first games, counted by a fastchess config.json
};

class MatchOutput {
public:
    virtual ~MatchOutput() = default;

    // Before the first game: what the tool says about the run's settings, on stdout.
    virtual void match_starting(std::ostream& out) const = 0;

    // One line each, without its newline: the runner prints it above its live line.
    virtual std::string game_started(const schedule::ScheduledGame& game, std::uint64_t planned) const = 0;
    virtual std::string game_finished(const schedule::ScheduledGame& game, adjudication::GameResult result,
                                      const std::string& description) const = 0;
    // A match's running score, every -scoreinterval games.
    virtual std::string score(const Standings& now) const = 0;
    // The SPRT test decided after `games` games: the run stops.
    virtual std::vector<std::string> sprt_decided(stats::SprtDecision decision, std::int64_t games) const = 0;

    // Blocks, every line ending in '\n'.
    // Every -ratinginterval games: the pairings' results, or a tournament's standings.
    virtual void interval_summary(std::ostream& out, const Standings& now) const = 0;
    // Every -outcomeinterval games: how each engine's games ended.
    virtual void outcomes(std::ostream& out, const Standings& now) const = 0;
    // The end of the run, whatever ended it: the results, the session's counts and the last line
    // ("Finished match"), which scripts wait for.
    virtual void match_finished(std::ostream& out, const Standings& now, const SessionCounts& session) const = 0;
};

// The output of the tool `format` names.
std::unique_ptr<MatchOutput> make_output(config::OutputFormat format, MatchContext context);

}  // namespace arbiter::output
