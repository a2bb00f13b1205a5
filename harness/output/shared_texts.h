#pragma once
// What cutechess's and fastchess's outputs (match_output.h) print alike: the game lines fastchess
// took over from cutechess-cli, arbiter's own lines that both carry, and the pieces both assemble
// their summaries from.

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>

#include "harness/output/match_output.h"

namespace arbiter::output {

// "Started game 3 of 40 (A vs B)", white first.
std::string started_game_line(const MatchContext& context, const schedule::ScheduledGame& game, std::uint64_t planned);

// "Finished game 3 (A vs B): 1-0 {White mates}".
std::string finished_game_line(const MatchContext& context, const schedule::ScheduledGame& game,
                               adjudication::GameResult result, const std::string& description);

// arbiter's own: "SPRT: H1 accepted after 120 games; stopping".
std::string sprt_stop_line(stats::SprtDecision decision, std::int64_t games);

// A pairing's results as the summaries show them: without pentanomial counts under -report
// penta=false. The runner's SPRT test decides on the same figures.
schedule::PairingResults reported_results(const schedule::Tally& tally, std::size_t pairing,
                                          const std::optional<bool>& report_penta);

// One pairing of the schedule with its reported results; the SPRT test is the first pairing's.
struct PairingView {
    const RunEngine& first;
    const RunEngine& second;
    schedule::PairingResults results;
    std::optional<schedule::SprtSetup> sprt;
};
PairingView pairing_view(const MatchContext& context, const Standings& now, std::size_t pairing);

// A round robin's, pyramid's or knockout's summary is the rating table of every engine; a match's
// or gauntlet's are its pairings' results.
bool summarised_as_table(const MatchContext& context, const Standings& now);

// A knockout's bracket with the results so far; nothing for other runs.
void print_bracket(std::ostream& out, const MatchContext& context, const Standings& now);

// cutechess's outcome list (result_list.h), then a blank line: cutechess prints it as one message
// that starts with a newline.
void print_outcome_list(std::ostream& out, const Standings& now);

// cutechess-cli ends with the outcome list (under its behaviour, or with -outcomeinterval) unless
// the interval printed it just now.
bool outcomes_due_at_end(const config::MatchConfig& config, std::int64_t games);

// arbiter's own: "Games: 12 played now, 40 in run 3 of arbiter.db".
void print_session_counts(std::ostream& out, const SessionCounts& session);

}  // namespace arbiter::output
