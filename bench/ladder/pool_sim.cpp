// Plays a ladder file to its precision target on simulated games, with the ladder's own allocation
// (which step plays, which pool opponents, how many pairs) and its own fit and verdict, so that two
// allocation rules can be compared on how many games they need before hours of real games decide.
// The games are drawn from "true" ratings given in a JSON file ({"player": rating, ...}, every step
// and opponent), each a win, draw or loss with P(draw) = D * 4E(1-E) at the logistic expectation E.
//
// Usage: arbiter_ladder_sim LADDER.json TRUTH.json [--target E] [--seeds N] [--workers W] [--draw D]
//        [--max-games G] [--verbose]
//        [--rule variance|nearest]
// Prints one line per seed (games, information efficiency) and their mean; exit 2 on bad input.
#include <cmath>
#include <cstdint>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/ladder/ladder_allocation.h"
#include "harness/ladder/ladder_config.h"
#include "harness/ladder/ladder_plan.h"
#include "harness/ladder/ladder_pool.h"
#include "harness/stats/ladder_efficiency.h"
#include "harness/stats/ladder_fit.h"

namespace {

using namespace arbiter;
using namespace arbiter::ladder;

struct SimOptions {
    std::string ladder_file;
    std::string truth_file;
    double target = 30.0;
    int seeds = 5;
    int workers = 2;
    double draw = 0.18;
    std::int64_t max_games = 100000;
    bool verbose = false;       // a line per batch
    bool variance_rule = true;  // --rule variance (choose_pool_batch) or nearest (pool_batch_step + nearest 50%)
};

struct SimResult {
    std::int64_t games = 0;
    double efficiency = 0.0;
    bool met = false;
};

class Simulator {
public:
    Simulator(const LadderPlan& plan, std::map<std::string, double> truth, const SimOptions& options,
              std::uint64_t seed)
        : plan_(plan), truth_(std::move(truth)), options_(options), random_(seed) {
        for (const auto& opponent : plan_.opponents)
            if (opponent.anchor) anchors_[opponent.name] = *opponent.anchor;
        for (const auto& step : plan_.steps) players_.push_back(step.player);
    }

    // As play_to_target (ladder_target.cpp) plays: every step's first batch, then batches answering
    // the widest improvement, chosen by the ladder's own choose_widest_batch, until the target is met.
    SimResult run() {
        for (std::size_t i = 0; i < players_.size(); ++i) play_batch(i, std::nullopt, std::nullopt);
        const double target = plan_.target->stop_error95();
        for (;;) {
            const stats::LadderFit fit = stats::fit_ladder(games_, anchors_);
            const auto verdict = stats::judge_precision(fit, stats::step_improvements(fit, players_), target);
            if (verdict.met || !verdict.widest || fit.games >= options_.max_games) {
                if (options_.verbose) print_improvements(fit);
                return result_of(fit, verdict.met);
            }
            const std::size_t widest = *verdict.widest;
            WidestBatch chosen = choose_widest_batch(fit, plan_, widest, options_.workers);
            if (plan_.pool && !chosen.unlinked && !options_.variance_rule) {
                // The first pool rule: pool_batch_step's step against the nearest 50% (batch_of chooses them).
                chosen.step = pool_batch_step(fit, plan_, widest, 2.0 * options_.workers);
                chosen.opponents.reset();
            }
            const std::size_t step = chosen.step;
            if (options_.verbose)
                std::cout << fit.games << " games: step " << widest + 1 << " widest ("
                          << verdict.widest_error95.value_or(-1.0) << "), " << players_[step] << " plays\n";
            play_batch(step, Scale{games_of(fit, players_[step]), verdict.widest_error95, target}, chosen.opponents);
        }
    }

private:
    struct Scale {
        std::int64_t step_games = 0;
        std::optional<double> error95;
        double target95 = 0.0;
    };

    void print_improvements(const stats::LadderFit& fit) const {
        std::cout << "improvement errors:";
        for (const auto& improvement : stats::step_improvements(fit, players_))
            if (improvement.error95) std::cout << " " << std::lround(*improvement.error95 * 10.0) / 10.0;
        std::cout << "\ngames per step:";
        for (const auto& player : players_) std::cout << " " << games_of(fit, player);
        std::cout << "\n";
    }

    static std::int64_t games_of(const stats::LadderFit& fit, const std::string& player) {
        if (!fit.table) return 0;
        const auto index = fit.table->results.find(player);
        return index ? fit.table->players[*index].record.games() : 0;
    }

    // The opponents (plan indexes) and pairs each, as the ladder would choose them.
    std::vector<std::pair<std::size_t, std::uint64_t>> batch_of(
        std::size_t step, const std::optional<Scale>& scale,
        const std::optional<std::vector<PoolChoice>>& given_choice) {
        const Scale given = scale.value_or(Scale{});
        std::vector<std::size_t> opponents;
        if (plan_.pool) {
            const std::vector<PoolChoice> chosen =
                given_choice ? *given_choice : choose_pool_opponents(stats::fit_ladder(games_, anchors_), plan_, step);
            for (const PoolChoice& choice : chosen) opponents.push_back(choice.opponent);
        } else {
            for (std::size_t j = 0; j < plan_.opponents.size(); ++j) opponents.push_back(j);
        }
        const std::size_t k = opponents.size();
        // Both count the batch's pairs over all its opponents; a pool's runs play one at a time, so each
        // needs a pair per worker (ladder_pool_play.cpp), a fixed gauntlet's one run shares them out.
        const std::uint64_t pairs =
            plan_.pool ? pool_batch_pairs(options_.workers * static_cast<int>(k), k, given.step_games, given.error95,
                                          given.target95)
                       : batch_pairs(options_.workers, k, given.step_games, given.error95, given.target95);
        std::vector<std::pair<std::size_t, std::uint64_t>> batch;
        for (std::size_t i = 0; i < k; ++i) batch.emplace_back(opponents[i], pairs / k + (i < pairs % k ? 1 : 0));
        return batch;
    }

    void play_batch(std::size_t step, const std::optional<Scale>& scale,
                    const std::optional<std::vector<PoolChoice>>& chosen) {
        const auto batch =
            batch_of(step, scale, chosen);  // before the step enters the matrix: a player without games has no fit
        const std::size_t player = games_.add_player(players_[step]);
        for (const auto& [opponent, pairs] : batch) {
            const std::string& name = plan_.opponents[opponent].name;
            if (options_.verbose) std::cout << "  " << name << " " << pairs << " pairs\n";
            const std::size_t other = games_.add_player(name);
            const double expected = expected_score(truth_.at(players_[step]), truth_.at(name));
            for (std::uint64_t pair = 0; pair < pairs; ++pair) {
                games_.add_game(player, other, outcome(expected));
                games_.add_game(other, player, 1.0 - outcome(expected));
            }
        }
    }

    double outcome(double expected) {
        const double draw = options_.draw * 4.0 * expected * (1.0 - expected);
        const double u = uniform_(random_);
        if (u < expected - draw / 2.0) return 1.0;
        return u < expected + draw / 2.0 ? 0.5 : 0.0;
    }

    SimResult result_of(const stats::LadderFit& fit, bool met) const {
        SimResult result;
        result.games = fit.games;
        result.met = met;
        if (fit.table) {
            if (const auto efficiency = stats::information_efficiency(*fit.table))
                result.efficiency = efficiency->efficiency;
        }
        return result;
    }

    const LadderPlan& plan_;
    std::map<std::string, double> truth_;
    SimOptions options_;
    std::mt19937_64 random_;
    std::uniform_real_distribution<double> uniform_{0.0, 1.0};
    std::map<std::string, double> anchors_;
    std::vector<std::string> players_;
    stats::PairMatrix games_;
};

std::vector<std::string> players_of(const LadderPlan& plan) {
    std::vector<std::string> players;
    for (const auto& step : plan.steps) players.push_back(step.player);
    for (const auto& opponent : plan.opponents) players.push_back(opponent.name);
    return players;
}

std::optional<SimOptions> parse(int argc, char** argv) {
    SimOptions options;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (arg == "--target" && has_value) options.target = std::stod(argv[++i]);
        else if (arg == "--seeds" && has_value) options.seeds = std::stoi(argv[++i]);
        else if (arg == "--workers" && has_value) options.workers = std::stoi(argv[++i]);
        else if (arg == "--draw" && has_value) options.draw = std::stod(argv[++i]);
        else if (arg == "--max-games" && has_value) options.max_games = std::stoll(argv[++i]);
        else if (arg == "--verbose") options.verbose = true;
        else if (arg == "--rule" && has_value) {
            const std::string rule = argv[++i];
            if (rule != "variance" && rule != "nearest") return std::nullopt;
            options.variance_rule = rule == "variance";
        } else if (!arg.empty() && arg[0] != '-') files.push_back(arg);
        else return std::nullopt;
    }
    if (files.size() != 2) return std::nullopt;
    options.ladder_file = files[0];
    options.truth_file = files[1];
    return options;
}

}  // namespace

int main(int argc, char** argv) {
    const auto options = parse(argc, argv);
    if (!options) {
        std::cerr << "usage: arbiter_ladder_sim LADDER.json TRUTH.json [--target E] [--seeds N] [--workers W] "
                     "[--draw D] [--max-games G] [--verbose] [--rule variance|nearest]\n";
        return 2;
    }
    try {
        std::ifstream truth_in(options->truth_file);
        if (!truth_in) throw std::runtime_error(options->truth_file + ": cannot read");
        const std::map<std::string, double> truth =
            nlohmann::json::parse(truth_in).get<std::map<std::string, double>>();
        PlanOptions plan_options;
        plan_options.tc_scale = 0.01;
        plan_options.engine_cmd = "tempo";
        plan_options.target = PrecisionTarget{options->target, std::nullopt, 1.0};  // make_plan sets the margin
        const LadderConfig config = load_ladder_config(options->ladder_file);
        const LadderPlan plan = make_plan(config, plan_options);
        for (const std::string& player : players_of(plan))
            if (!truth.count(player))
                throw std::runtime_error(options->truth_file + ": no rating for '" + player + "'");
        double games = 0.0;
        double efficiency = 0.0;
        for (int seed = 1; seed <= options->seeds; ++seed) {
            const SimResult result = Simulator(plan, truth, *options, static_cast<std::uint64_t>(seed)).run();
            std::cout << "seed " << seed << ": " << (result.met ? "target met" : "target NOT met") << " after "
                      << result.games << " games, information efficiency " << result.efficiency << "\n";
            games += static_cast<double>(result.games);
            efficiency += result.efficiency;
        }
        std::cout << "mean: " << games / options->seeds << " games, information efficiency "
                  << efficiency / options->seeds << "\n";
    } catch (const std::exception& error) {
        std::cerr << "arbiter_ladder_sim: " << error.what() << "\n";
        return 2;
    }
    return 0;
}
