#pragma once
// The result lines that cutechess-cli and fastchess print and that their users' scripts parse,
// filled with arbiter's own statistics (harness/stats). The spellings and number formats are those
// of cutechess-cli 1.4 (projects/lib/src/tournament.cpp) and fastchess (output_fastchess.hpp); the
// captured lines in tests/data/runner_output/ are the reference.

#include <optional>
#include <string>
#include <vector>

#include "harness/config/match_config.h"
#include "harness/schedule/tally.h"
#include "harness/stats/elo.h"
#include "harness/stats/sprt.h"

namespace arbiter::output {

// "Elo difference: 17.4 +/- 48.2, LOS: 76.1 %, DrawRatio: 50.0 %" (trinomial, one decimal).
// Empty when there are no games yet.
std::string cutechess_elo_line(const stats::WdlCounts& wdl);

// "SPRT: llr 0.412 (14.0%), lbound -2.94, ubound 2.94", with " - H1 was accepted" or
// " - H0 was accepted" once decided. The percentage is LLR / upper bound, as cutechess prints it.
std::string cutechess_sprt_line(const stats::SprtResult& state);

// fastchess's head-to-head block, without its dashed frame:
//   Results of A vs B (<details>):
//   Elo: 12.34 +/- 5.67, nElo: 20.00 +/- 9.10
//   LOS: 99.99 %, DrawRatio: 40.00 %, PairsRatio: 1.50
//   Games: 40, Wins: 12, Losses: 8, Draws: 20, Points: 22.0 (55.00 %)
//   Ptnml(0-2): [1, 2, 8, 5, 4]
//   LLR: 0.41 (14.0%) (-2.94, 2.94) [0.00, 5.00]
// `details` is what fastchess puts in the parentheses (time control, threads, hash, book).
// Pentanomial figures when `pentanomial`, trinomial ones (no PairsRatio, no Ptnml) otherwise.
std::vector<std::string> fastchess_results_lines(const std::string& first, const std::string& second,
                                                 const std::string& details, const schedule::PairingResults& results,
                                                 bool pentanomial, const std::optional<schedule::SprtSetup>& sprt);

// "LLR: 0.41 (14.0%) (-2.94, 2.94) [0.00, 5.00]": the fraction is of the bound on the LLR's side.
std::string fastchess_llr_line(const stats::SprtResult& state, const stats::SprtParameters& parameters);

// "SPRT ([0.00, 10.00]) completed - H1 was accepted": fastchess's line when the test decides.
std::string fastchess_sprt_verdict_line(const stats::SprtParameters& parameters, stats::SprtDecision decision);

// What fastchess shows in "Results of A vs B (...)": time control, threads, hash (each "a - b" when
// the engines differ, "NULL" when not set) and the opening book's file name.
std::string fastchess_details(const config::EngineSpec& first, const config::EngineSpec& second,
                              const std::optional<openings::BookOptions>& openings);

}  // namespace arbiter::output
