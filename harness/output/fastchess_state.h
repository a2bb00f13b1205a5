#pragma once
// fastchess's saved state, the config.json it writes every -autosaveinterval games and at the end
// (fastchess's matchmaking/tournament/base/tournament.cpp, saveJson), read and written here: read
// as a MatchConfig so that arbiter, or arbiter called as fastchess, continues a run fastchess
// started (`-config file=config.json`), and written by arbiter's runs as fastchess writes it so
// that either continues it. Its keys:
//   engines[]      name, dir, cmd, args (one string), restart, options [[name, value], ...],
//                  limit {tc {time, increment, moves, fixed_time, timemargin} (ms), nodes, plies}
//   opening        file, format (0 epd, 1 pgn, 2 none), order (0 random, 1 sequential), plies (-1 all), start
//   pgn            file (empty: no PGN), notation (0 san, 1 lan, 2 uci), append_file, track_nodes,
//                  track_seldepth, track_nps, track_hashfull, track_tbhits, track_timeleft,
//                  track_latency, track_pv, min, crc, additional_lines_rgx, event_name, site
//   epd            file, append_file
//   sprt, draw, resign, maxmoves   each with "enabled"
//   games, rounds, concurrency, recover, seed, variant (0 standard, 1 fischerandom),
//   type (0 round robin, 1 gauntlet), output (0 fastchess, 1 cutechess), ratinginterval,
//   autosaveinterval, config_name
//   stats          {"A vs B": {wins, losses, draws, penta_WW, penta_WD, penta_WL, penta_DD, penta_LD,
//                  penta_LL}}: A's results in the games played so far; with pentanomial reporting
//                  fastchess counts complete pairs only, so these are the first games of the schedule.
//   tb_adjudication  syzygy_dirs, max_pieces, ignore_50_move_rule, enabled (fastchess does not save
//                  -tbadjudicate: BOTH)
//
// Reading. Keys fastchess has and arbiter does not model (log, affinity, wait, scoreinterval, ...)
// are kept in FastchessStateSpec::loaded_json and written back as read. Settings that would change
// which games are played and that arbiter cannot follow (noswap, reverse) are refused rather than
// dropped. Every key, kept ones included, gets the check of its command-line flag: an enum number
// outside fastchess's values, a count that does not fit or is below the flag's bound, a control
// character in an engine's name or a PGN tag, an SPRT -sprt would refuse. The stats must be counts a
// run of the file's games x rounds can have: none above it, and with games 2 (pairs) W/D/L exactly
// what the pentanomial pairs give; with games 1 no pairs.
//
// Writing, every -autosaveinterval games and at the end, as fastchess does. fastchess resumes by
// skipping the first N games of its schedule, N being the games its stats count. So the stats
// written are those of the longest run of finished games from the schedule's start (after the
// games a loaded config.json carried), whole pairs only when games are played in colour-reversed
// pairs, as fastchess counts them; games finished beyond that are in the database and a resumed
// arbiter counts them from there.
//
// The reader lives here rather than in harness/config, though the command layer calls it at the
// door like config's readers: so that one room holds the file, read and written, each key spelled
// once for both (fastchess_state_keys.h); the writer needs the run's schedule and engines, which
// sit above config.

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
    std::uint64_t first_uncarried_;  // the number of the first game not carried
    std::uint64_t next_number_;      // the first game number not yet counted
    std::map<std::uint64_t, std::pair<schedule::ScheduledGame, double>> waiting_;  // finished after a gap
    std::map<std::uint64_t, OpenPair> open_pairs_;                                 // pairs with some games counted
};

// The run `path` describes, with fastchess_state set: outname from config_name, the stats as
// carried results (two engines only, as fastchess drops them for more), the file's text. Throws
// config::ConfigError naming the file and the key.
config::MatchConfig read_fastchess_config(const std::string& path);

// fastchess's config.json for a run of `config` with `engines`, whose stats are `results` (a match
// of two engines; other runs get empty stats, which fastchess ignores). Keys arbiter does not model
// keep the values of the config.json the run was started from, if any.
std::string fastchess_config_text(const config::MatchConfig& config, const std::vector<RunEngine>& engines,
                                  const config::CarriedResults& results);

// Writes `text` to `path` through a temporary file and a rename, so a reader never sees half of it.
// Throws std::runtime_error naming the path.
void write_state_file(const std::string& path, const std::string& text);

}  // namespace arbiter::output
