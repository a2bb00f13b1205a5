#include "harness/output/shared_texts.h"

#include "harness/output/result_list.h"

namespace arbiter::output {

using schedule::PairingResults;
using schedule::TournamentKind;

namespace {

std::string players(const MatchContext& context, const schedule::ScheduledGame& game) {
    return context.engines[game.white].name + " vs " + context.engines[game.black].name;
}

}  // namespace

std::string started_game_line(const MatchContext& context, const schedule::ScheduledGame& game, std::uint64_t planned) {
    return "Started game " + std::to_string(game.number) + " of " + std::to_string(planned) + " (" +
           players(context, game) + ")";
}

std::string finished_game_line(const MatchContext& context, const schedule::ScheduledGame& game,
                               adjudication::GameResult result, const std::string& description) {
    return "Finished game " + std::to_string(game.number) + " (" + players(context, game) +
           "): " + adjudication::result_token(result) + " {" + description + "}";
}

std::string sprt_stop_line(stats::SprtDecision decision, std::int64_t games) {
    return std::string("SPRT: ") + (decision == stats::SprtDecision::h1 ? "H1" : "H0") + " accepted after " +
           std::to_string(games) + " games; stopping";
}

PairingResults reported_results(const schedule::Tally& tally, std::size_t pairing,
                                const std::optional<bool>& report_penta) {
    PairingResults results = tally.pairing(pairing);
    if (report_penta == false) results.penta = {};
    return results;
}

PairingView pairing_view(const MatchContext& context, const Standings& now, std::size_t pairing) {
    const schedule::Pairing& engines = context.schedule.pairings()[pairing];
    return PairingView{context.engines[engines.first], context.engines[engines.second],
                       reported_results(now.tally, pairing, context.config.report_penta),
                       pairing == 0 ? context.sprt : std::nullopt};
}

bool summarised_as_table(const MatchContext& context, const Standings& now) {
    const TournamentKind kind = context.schedule.kind();
    return kind == TournamentKind::round_robin || kind == TournamentKind::pyramid || now.knockout;
}

void print_bracket(std::ostream& out, const MatchContext& context, const Standings& now) {
    if (!now.knockout) return;
    std::vector<std::string> names;
    for (const auto& engine : context.engines) names.push_back(engine.name);
    out << now.knockout->results(names) << '\n';
}

void print_outcome_list(std::ostream& out, const Standings& now) {
    out << cutechess_outcomes(now.tally.players()) << '\n';
}

bool outcomes_due_at_end(const config::MatchConfig& config, std::int64_t games) {
    const int interval = config.outcomeinterval;
    return (config.behaviour.print_outcomes_at_end || interval > 0) && (interval == 0 || games % interval != 0);
}

void print_session_counts(std::ostream& out, const SessionCounts& session) {
    out << "Games: " << session.played_now << " played now, " << session.stored_in_run << " in run " << session.run_id
        << " of " << session.database;
    if (session.carried_games > 0) out << "; fastchess's config.json counted the first " << session.carried_games;
    out << '\n';
}

}  // namespace arbiter::output
