#pragma once
// fastchess's saved state, the config.json it writes every -autosaveinterval games and at the end
// (fastchess's matchmaking/tournament/base/tournament.cpp, saveJson), read as a MatchConfig so that
// arbiter can continue a run fastchess started:
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
// Keys fastchess has and arbiter does not model (log, affinity, wait, scoreinterval, ...) are kept
// in FastchessStateSpec::loaded_json and written back as read. Settings that would change which
// games are played and that arbiter cannot follow (noswap, reverse) are refused rather than dropped.
// Every key, kept ones included, gets the check of its command-line flag: an enum number outside
// fastchess's values, a count that does not fit or is below the flag's bound, a control character
// in an engine's name or a PGN tag, an SPRT -sprt would refuse. The stats must be counts a run of
// the file's games x rounds can have: none above it, and with games 2 (pairs) W/D/L exactly what the
// pentanomial pairs give; with games 1 no pairs.

#include <string>

#include "harness/config/match_config.h"

namespace arbiter::config {

// The run `path` describes, with fastchess_state set: outname from config_name, the stats as
// carried results (two engines only, as fastchess drops them for more), the file's text. Throws
// ConfigError naming the file and the key.
MatchConfig read_fastchess_config(const std::string& path);

}  // namespace arbiter::config
