#include "harness/output/fastchess_output.h"

#include "harness/output/runner_output.h"
#include "harness/output/shared_texts.h"

namespace arbiter::output {

using schedule::TournamentKind;

namespace {

// The figures are pentanomial as the SPRT test counts, else when the pairing has pairs.
bool shows_pentanomial(const schedule::PairingResults& results, const std::optional<schedule::SprtSetup>& sprt) {
    const auto& p = results.penta;
    return sprt ? sprt->pentanomial : p.pairs() > 0;
}

}  // namespace

// fastchess's bayesian model counts games: its results block then shows no pairs.
void FastchessOutput::match_starting(std::ostream& out) const {
    const auto& sprt = context_.sprt;
    if (sprt && sprt->parameters.model == stats::EloModel::bayesian && context_.config.repeat)
        out << "Warning; the bayesian SPRT model counts games, not pairs: results are shown per game\n";
}

std::string FastchessOutput::game_started(const schedule::ScheduledGame& game, std::uint64_t planned) const {
    return started_game_line(context_, game, planned);
}

std::string FastchessOutput::game_finished(const schedule::ScheduledGame& game, adjudication::GameResult result,
                                           const std::string& description) const {
    return finished_game_line(context_, game, result, description);
}

std::string FastchessOutput::score(const Standings& now) const {
    return score_line(context_.engines[0].name, context_.engines[1].name, now.tally.pairing(0));
}

std::vector<std::string> FastchessOutput::sprt_decided(stats::SprtDecision decision, std::int64_t games) const {
    return {sprt_stop_line(decision, games), fastchess_sprt_verdict_line(context_.sprt->parameters, decision)};
}

void FastchessOutput::interval_summary(std::ostream& out, const Standings& now) const {
    print_bracket(out, context_, now);
    if (summarised_as_table(context_, now)) {
        print_results_table(out, now.tally);
        return;
    }
    for (std::size_t i = 0; i < context_.schedule.pairings().size(); ++i) print_pairing(out, now, i);
}

void FastchessOutput::outcomes(std::ostream& out, const Standings& now) const { print_outcome_list(out, now); }

void FastchessOutput::match_finished(std::ostream& out, const Standings& now, const SessionCounts& session) const {
    if (context_.schedule.kind() == TournamentKind::match) print_pairing(out, now, 0);
    else print_bracket(out, context_, now);
    print_results_table(out, now.tally);
    if (outcomes_due_at_end(context_.config, now.tally.games())) print_outcome_list(out, now);
    print_session_counts(out, session);
    out << "Finished match\n";
}

// fastchess's results block in its dashed frame.
void FastchessOutput::print_pairing(std::ostream& out, const Standings& now, std::size_t pairing) const {
    const PairingView view = pairing_view(context_, now, pairing);
    const std::string details = fastchess_details(view.first.spec, view.second.spec, context_.config.openings);
    out << "--------------------------------------------------\n";
    for (const auto& line : fastchess_results_lines(view.first.name, view.second.name, details, view.results,
                                                    shows_pentanomial(view.results, view.sprt), view.sprt))
        out << line << '\n';
    out << "--------------------------------------------------\n";
}

}  // namespace arbiter::output
