#include "reports/run_sprt.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <unordered_map>

namespace arbiter::reports {
namespace {

// Points per chart: enough for the line's shape, few enough that a 100,000-game run stays light.
constexpr std::int64_t kMaxPoints = 400;

// The pairs with one game stored so far, by pair index. A run's pair indexes are dense, so a flat
// array of half-points serves 300,000 pairs far faster than a hash map; scattered ones use a map.
class OpenPairs {
public:
    explicit OpenPairs(const std::vector<db::PlayerGamePoints>& games) {
        if (games.empty()) return;
        const auto [low, high] = std::minmax_element(
            games.begin(), games.end(), [](const auto& a, const auto& b) { return a.pair_index < b.pair_index; });
        first_ = low->pair_index;
        const std::int64_t span = high->pair_index - first_ + 1;
        if (span <= 4 * static_cast<std::int64_t>(games.size()) + 1024)
            dense_.assign(static_cast<std::size_t>(span), -1);
    }

    // The half-points of the pair's open game, closing the pair; none when this game opens it.
    std::optional<int> close_or_open(std::int64_t pair, int half_points) {
        if (!dense_.empty()) {
            std::int8_t& open = dense_[static_cast<std::size_t>(pair - first_)];
            if (open < 0) {
                open = static_cast<std::int8_t>(half_points);
                return std::nullopt;
            }
            const int points = open;
            open = -1;
            return points;
        }
        const auto open = sparse_.find(pair);
        if (open == sparse_.end()) {
            sparse_.emplace(pair, half_points);
            return std::nullopt;
        }
        const int points = open->second;
        sparse_.erase(open);
        return points;
    }

private:
    std::int64_t first_ = 0;
    std::vector<std::int8_t> dense_;  // pair index - first_ -> half-points of its open game, -1 when none
    std::unordered_map<std::int64_t, int> sparse_;
};

// The first engine's counts as the games come in; a pair counts once both its games are stored.
struct RunningCounts {
    explicit RunningCounts(const std::vector<db::PlayerGamePoints>& games) : open_pairs(games) {}

    stats::WdlCounts wdl;
    stats::PentaCounts penta;
    std::int64_t complete_pairs = 0;
    OpenPairs open_pairs;

    void add(std::int64_t pair, int half_points) {
        (half_points == 2 ? wdl.wins : half_points == 0 ? wdl.losses : wdl.draws) += 1;
        const std::optional<int> other = open_pairs.close_or_open(pair, half_points);
        if (!other) return;
        penta.add_pair(0.5 * (*other + half_points));
        ++complete_pairs;
    }
};

// Elo as the run report computes it (pairs once there are any); none while it is only a bound.
std::optional<double> finite_elo(const RunningCounts& counts) {
    const stats::EloEstimate estimate =
        counts.complete_pairs > 0 ? stats::estimate_elo(counts.penta) : stats::estimate_elo(counts.wdl);
    if (estimate.bound != stats::RatingBound::exact) return std::nullopt;
    return estimate.elo;
}

std::string two_decimals(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.2f", value + 0.0);
    return text;
}

Chart trajectory(const char* id, const char* title, const char* y_label, std::int64_t stride) {
    Chart chart{id, title, y_label, ChartKind::trajectory, {y_label, {}}};
    chart.x_label = "games";
    chart.x_step = static_cast<double>(stride);
    return chart;
}

}  // namespace

std::optional<RunSprt> run_sprt_of(const nlohmann::json& config) {
    if (!config.is_object() || !config.contains("sprt") || !config["sprt"].is_object()) return std::nullopt;
    const nlohmann::json& sprt = config["sprt"];
    RunSprt run;
    run.parameters = {sprt.value("elo0", 0.0), sprt.value("elo1", 5.0), sprt.value("alpha", 0.05),
                      sprt.value("beta", 0.05), stats::EloModel::normalized};
    stats::parse_model(sprt.value("model", std::string("normalized")), run.parameters.model);
    run.trinomial = sprt.value("trinomial", false) || run.parameters.model == stats::EloModel::bayesian;
    return run;
}

stats::SprtResult sprt_result(const RunSprt& sprt, const stats::WdlCounts& wdl, const stats::PentaCounts& penta,
                              std::int64_t complete_pairs) {
    if (sprt.trinomial || complete_pairs == 0) return stats::run_sprt(wdl, sprt.parameters);
    return stats::run_sprt(penta, sprt.parameters);
}

std::string sprt_note(const RunSprt& sprt) {
    const stats::SprtParameters& p = sprt.parameters;
    return "SPRT [" + two_decimals(p.elo0) + ", " + two_decimals(p.elo1) + "] " +
           std::string(stats::model_name(p.model)) + (sprt.trinomial ? ", trinomial" : ", pentanomial") + ", alpha " +
           two_decimals(p.alpha) + ", beta " + two_decimals(p.beta) +
           ": H0 at LLR <= " + two_decimals(stats::sprt_lower_bound(p.alpha, p.beta)) +
           ", H1 at LLR >= " + two_decimals(stats::sprt_upper_bound(p.alpha, p.beta));
}

std::vector<Chart> pairing_charts(db::Database& database, std::int64_t run_id, const Matchup& pairing,
                                  const std::optional<RunSprt>& sprt) {
    // The player's points game by game in the order the games finished (how the test went), read from
    // an index alone: a run of 10^6 games charts without reading its rows.
    const std::vector<db::PlayerGamePoints> games =
        database.player_games_of_run(run_id, pairing.player, pairing.opponent);
    if (games.empty()) return {};
    const auto total = static_cast<std::int64_t>(games.size());
    const std::int64_t stride = (total + kMaxPoints - 1) / kMaxPoints;
    Chart llr = trajectory("sprt-llr", "LLR over games", "LLR", stride);
    if (sprt) {
        llr.subtitle = sprt_note(*sprt);
        llr.lower_bound = stats::sprt_lower_bound(sprt->parameters.alpha, sprt->parameters.beta);
        llr.upper_bound = stats::sprt_upper_bound(sprt->parameters.alpha, sprt->parameters.beta);
        llr.bounds_always = true;
        llr.lower_label = "H0";
        llr.upper_label = "H1";
        llr.series.points.push_back({"0 games", 0.0, std::nullopt});
    }
    Chart elo = trajectory(sprt ? "sprt-elo" : "pairing-elo", "Elo over games", "Elo", stride);
    elo.subtitle = pairing.player + " against " + pairing.opponent +
                   ", from pairs once one is complete (none while a score is 0% or 100%)";
    elo.series.points.push_back({"0 games", std::nullopt, std::nullopt});
    RunningCounts counts(games);
    for (std::int64_t played = 1; played <= total; ++played) {
        const db::PlayerGamePoints& game = games[static_cast<std::size_t>(played - 1)];
        counts.add(game.pair_index, game.half_points);
        if (played % stride != 0 && played != total) continue;
        const std::string label = std::to_string(played) + " games";
        if (sprt)
            llr.series.points.push_back(
                {label, sprt_result(*sprt, counts.wdl, counts.penta, counts.complete_pairs).llr, std::nullopt});
        elo.series.points.push_back({label, finite_elo(counts), std::nullopt});
    }
    if (!sprt) return {elo};
    return {llr, elo};
}

}  // namespace arbiter::reports
