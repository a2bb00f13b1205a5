#include "harness/schedule/tally.h"

#include <cmath>

namespace arbiter::schedule {

Tally::Tally(const Schedule& schedule, const std::vector<std::string>& names)
    : schedule_(schedule), pairings_(schedule.pairings().size()) {
    for (const auto& name : names) {
        player_of_engine_.push_back(matrix_.add_player(name));
        players_.push_back(PlayerRecord{name, {}, 0, 0, 0, 0, 0, 0, {}, {}});
    }
}

void Tally::add(const ScheduledGame& game, double white_score, std::size_t pair_size, const std::string& description) {
    ++games_;
    matrix_.add_game(player_of_engine_[game.white], player_of_engine_[game.black], white_score);
    add_game(players_, game.white, game.black, white_score, description);

    const std::size_t pairing_index = game.pairing;
    PairingResults& results = pairings_[pairing_index];
    const double first_score = first_engine_score(schedule_, game, white_score);
    OpenPair& pair = open_pairs_[game.pair_index];
    for (stats::WdlCounts* counts : {&results.wdl, &pair.wdl}) {
        if (first_score == 1.0) ++counts->wins;
        else if (first_score == 0.0) ++counts->losses;
        else ++counts->draws;
    }
    pair.points += first_score;
    if (++pair.seen < pair_size) return;
    if (pair_size == 2) {
        results.penta.add_pair(pair.points);
        results.paired_wdl.wins += pair.wdl.wins;
        results.paired_wdl.losses += pair.wdl.losses;
        results.paired_wdl.draws += pair.wdl.draws;
    }
    open_pairs_.erase(game.pair_index);
}

void Tally::add_carried(const config::CarriedResults& carried) {
    PairingResults& results = pairings_.front();
    const stats::WdlCounts& wdl = carried.wdl;
    results.wdl += wdl;
    results.paired_wdl += wdl;  // fastchess carries whole pairs only
    results.penta += carried.penta;
    const Pairing& pairing = schedule_.pairings().front();
    const std::size_t first = player_of_engine_[pairing.first];
    const std::size_t second = player_of_engine_[pairing.second];
    for (std::int64_t i = 0; i < wdl.wins; ++i) matrix_.add_game(first, second, 1.0);
    for (std::int64_t i = 0; i < wdl.losses; ++i) matrix_.add_game(first, second, 0.0);
    for (std::int64_t i = 0; i < wdl.draws; ++i) matrix_.add_game(first, second, 0.5);
    games_ += carried.games();
}

double first_engine_score(const Schedule& schedule, const ScheduledGame& game, double white_score) {
    const Pairing& pairing = schedule.pairings()[game.pairing];
    return game.white == pairing.first ? white_score : 1.0 - white_score;
}

SprtSetup sprt_setup(const config::SprtSpec& spec, bool paired_games) {
    SprtSetup setup;
    setup.parameters = spec.parameters;
    // fastchess defines the bayesian model for W/D/L counts only.
    setup.pentanomial = paired_games && !spec.trinomial && setup.parameters.model != stats::EloModel::bayesian;
    return setup;
}

std::optional<stats::SprtResult> sprt_state(const SprtSetup& setup, const PairingResults& results) {
    const stats::PentaCounts& p = results.penta;
    if (setup.pentanomial) {
        if (p.pairs() == 0) return std::nullopt;
        return stats::run_sprt(p, setup.parameters);
    }
    if (results.games() == 0) return std::nullopt;
    return stats::run_sprt(results.wdl, setup.parameters);
}

}  // namespace arbiter::schedule
