#include "harness/output/cutechess_output.h"

#include "harness/output/result_list.h"
#include "harness/output/runner_output.h"
#include "harness/output/shared_texts.h"
#include "harness/schedule/pairing_cycle.h"

namespace arbiter::output {

using schedule::TournamentKind;

void CutechessOutput::match_starting(std::ostream&) const {}

std::string CutechessOutput::game_started(const schedule::ScheduledGame& game, std::uint64_t planned) const {
    return started_game_line(context_, game, planned);
}

std::string CutechessOutput::game_finished(const schedule::ScheduledGame& game, adjudication::GameResult result,
                                           const std::string& description) const {
    return finished_game_line(context_, game, result, description);
}

std::string CutechessOutput::score(const Standings& now) const {
    return score_line(context_.engines[0].name, context_.engines[1].name, now.tally.pairing(0));
}

std::vector<std::string> CutechessOutput::sprt_decided(stats::SprtDecision decision, std::int64_t games) const {
    return {sprt_stop_line(decision, games)};
}

void CutechessOutput::interval_summary(std::ostream& out, const Standings& now) const {
    if (context_.schedule.kind() != TournamentKind::match) print_result_list(out, now);
    if (summarised_as_table(context_, now)) {
        print_results_table(out, now.tally);
        return;
    }
    for (std::size_t i = 0; i < context_.schedule.pairings().size(); ++i) print_pairing(out, now, i);
}

void CutechessOutput::outcomes(std::ostream& out, const Standings& now) const { print_outcome_list(out, now); }

void CutechessOutput::match_finished(std::ostream& out, const Standings& now, const SessionCounts& session) const {
    if (context_.schedule.kind() == TournamentKind::match) print_pairing(out, now, 0);
    else print_result_list(out, now);
    print_results_table(out, now.tally);
    if (outcomes_due_at_end(context_.config, now.tally.games())) print_outcome_list(out, now);
    print_session_counts(out, session);
    out << "Finished match\n";
}

void CutechessOutput::print_result_list(std::ostream& out, const Standings& now) const {
    if (now.knockout) {
        print_bracket(out, context_, now);
        return;
    }
    const std::size_t engines = context_.engines.size();
    if (engines <= 2) return;
    const int seeds = context_.schedule.kind() == TournamentKind::gauntlet
                          ? schedule::cutechess_gauntlet_seeds(engines, context_.config.seeds)
                          : 0;
    out << cutechess_ranking(now.tally.players(), context_.config.resultformat, seeds);
}

// arbiter's summary of the pairing, then cutechess's Elo and SPRT lines, which scripts parse.
void CutechessOutput::print_pairing(std::ostream& out, const Standings& now, std::size_t pairing) const {
    const PairingView view = pairing_view(context_, now, pairing);
    print_pairing_summary(out, view.first.name, view.second.name, view.results, view.sprt, now.pace);
    if (const std::string elo = cutechess_elo_line(view.results.wdl); !elo.empty()) out << elo << '\n';
    if (!view.sprt) return;
    if (auto state = schedule::sprt_state(*view.sprt, view.results)) out << cutechess_sprt_line(*state) << '\n';
}

}  // namespace arbiter::output
