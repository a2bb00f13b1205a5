#pragma once
// fastchess's saved state (config.json, see harness/config/fastchess_config.h) written by a run:
// every -autosaveinterval games and at the end, as fastchess does, so that fastchess, or arbiter
// called as fastchess, continues the run with `-config file=config.json`.
//
// fastchess resumes by skipping the first N games of its schedule, N being the games its stats
// count. So the stats written are those of the longest run of finished games from the schedule's
// start (after the games a loaded config.json carried), whole pairs only when games are played in
// colour-reversed pairs, as fastchess counts them; games finished beyond that are in the database
// and a resumed arbiter counts them from there.

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "harness/config/match_config.h"
#include "harness/output/run_engine.h"
#include "harness/schedule/schedule.h"

namespace arbiter::output {

// Results of the finished games from the start of a match's schedule, as fastchess's stats count them.
class ContiguousResults {
public:
    // `carried`: the games a loaded config.json counted, the schedule's first carried.games().
    ContiguousResults(const schedule::Schedule& schedule, const config::CarriedResults& carried);

    // A finished game, in any order; `first_score` is the first engine's 1, 0.5 or 0.
    void add(const schedule::ScheduledGame& game, double first_score);

    const config::CarriedResults& results() const { return results_; }

private:
    struct OpenPair {
        double points = 0;
        bool decisive = false;
        std::int64_t games = 0;
        std::int64_t wins = 0, losses = 0, draws = 0;
    };
    void advance();
    void commit(const OpenPair& pair, std::size_t pair_size);

    const schedule::Schedule& schedule_;
    config::CarriedResults results_;
    std::uint64_t first_uncarried_;                   // the number of the first game not carried
    std::uint64_t next_number_;                       // the first game number not yet counted
    std::map<std::uint64_t, std::pair<schedule::ScheduledGame, double>> waiting_;  // finished after a gap
    std::map<std::uint64_t, OpenPair> open_pairs_;    // pairs with some games counted
};

// fastchess's config.json for a run of `config` with `engines`, whose stats are `results` (a match
// of two engines; other runs get empty stats, which fastchess ignores). Keys arbiter does not model
// keep the values of the config.json the run was started from, if any.
std::string fastchess_config_text(const config::MatchConfig& config, const std::vector<RunEngine>& engines,
                                  const config::CarriedResults& results);

// Writes `text` to `path` through a temporary file and a rename, so a reader never sees half of it.
// Throws std::runtime_error naming the path.
void write_state_file(const std::string& path, const std::string& text);

}  // namespace arbiter::output
