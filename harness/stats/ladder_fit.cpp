#include "harness/stats/ladder_fit.h"

#include <stdexcept>

#include "harness/stats/bayeselo.h"
#include "harness/stats/elo.h"

namespace arbiter::stats {
namespace {

std::int64_t games_in(const PairMatrix& results) {
    std::int64_t games = 0;
    for (std::size_t w = 0; w < results.size(); ++w)
        for (std::size_t b = 0; b < results.size(); ++b) {
            const CellCounts& cell = results.cell(w, b);
            games += cell.white_wins + cell.draws + cell.black_wins;
        }
    return games;
}

}  // namespace

LadderFit fit_ladder(const PairMatrix& results, const std::map<std::string, double>& anchors) {
    LadderFit fit;
    fit.games = games_in(results);
    fit.results = results;
    if (results.size() == 0) {
        fit.problem = "no games stored yet";
        return fit;
    }
    RatingOptions options;
    for (const auto& [player, rating] : anchors)
        if (results.find(player)) options.anchors[player] = rating;
    try {
        fit.table = compute_ratings(results, options);
        return fit;
    } catch (const std::runtime_error& error) {
        fit.problem = error.what();
    }
    BayesEloOptions bayes;
    bayes.anchors = options.anchors;
    try {
        fit.table = compute_bayeselo(results, bayes).table;
        fit.from_bayeselo = true;
    } catch (const std::exception& error) {
        fit.problem += "; BayesElo: " + std::string(error.what());
    }
    return fit;
}

std::vector<StepImprovement> step_improvements(const LadderFit& fit, const std::vector<std::string>& step_players) {
    std::vector<StepImprovement> improvements(step_players.size());
    if (!fit.table) return improvements;
    const RatingTable& table = *fit.table;
    for (std::size_t i = 1; i < step_players.size(); ++i) {
        const auto step = table.results.find(step_players[i]);
        const auto previous = table.results.find(step_players[i - 1]);
        if (!step || !previous) continue;
        const auto bound = difference_bound(table.players[*step].bound, table.players[*previous].bound);
        if (!bound) continue;  // two floors (or ceilings): their difference says nothing
        improvements[i].bound = *bound;
        improvements[i].value = table.players[*step].rating - table.players[*previous].rating;
        if (const auto sd = difference_sd(table, *step, *previous)) improvements[i].error95 = kZ95 * *sd;
    }
    return improvements;
}

PrecisionVerdict judge_precision(const LadderFit& fit, const std::vector<StepImprovement>& improvements,
                                 double target95) {
    PrecisionVerdict verdict;
    verdict.met = fit.table && !fit.from_bayeselo;
    for (std::size_t i = 1; i < improvements.size(); ++i) {
        const std::optional<double>& error = improvements[i].error95;
        if (!error || *error > target95) verdict.met = false;
        const bool wider = !verdict.widest || (verdict.widest_error95 && (!error || *error > *verdict.widest_error95));
        if (wider) {
            verdict.widest = i;
            verdict.widest_error95 = error;
        }
    }
    return verdict;
}

}  // namespace arbiter::stats
