#pragma once
// The output-file and saved-state flags of `arbiter match`, in the dialect's spelling:
//   -pgnout FILE [min] [fi]                      cutechess-cli (and arbiter; fastchess 1.0-1.6 too,
//                                                in its layout)
//   -pgnout file=F notation=san|lan|uci append=B nodes=B seldepth=B nps=B hashfull=B tbhits=B pv=B
//           timeleft=B latency=B min=B match_line=REGEX          fastchess (and arbiter)
//   -epdout FILE                                 cutechess-cli (and arbiter, fastchess 1.0-1.6)
//   -epdout file=F append=B                      fastchess (and arbiter)
//   -crc32 pgn=B, -autosaveinterval N            fastchess (accepted in every dialect)
//   -config FILE.json                            arbiter's JSON config (arbiter, cutechess)
//   -config file=F outname=F discard=B stats=B   fastchess's saved state (fastchess, arbiter)
// Under arbiter, the key=value form is fastchess's when its first word starts with one of that
// flag's keys; otherwise the words are cutechess-cli's.

#include "cli/match_flag_group.h"

namespace arbiter::cli {

bool apply_output_flag(FlagContext& ctx, const FlagGroup& group);

// -config, applied before every other flag (they override what it loads).
void apply_config_flag(config::MatchConfig& config, const FlagGroup& group, const FlagReading& reading);

}  // namespace arbiter::cli
