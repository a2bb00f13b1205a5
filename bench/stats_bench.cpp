// arbiter_stats_bench [GAMES] [PLAYERS]: rates synthetic games and prints how long it took.
// Games are drawn from known ratings (spread 0..950 in 50-point steps) with a constant 40% draw
// rate at equal strength, so the fitted ratings can be eyeballed against the truth.

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <random>
#include <string>

#include "harness/stats/pair_matrix.h"
#include "harness/stats/ratings.h"
#include "harness/stats/ratings_output.h"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

std::vector<arbiter::stats::GameRecord> synthetic_games(std::size_t games, std::size_t players) {
    std::mt19937_64 rng(20240601);
    std::uniform_int_distribution<std::size_t> pick(0, players - 1);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::vector<std::string> names;
    for (std::size_t p = 0; p < players; ++p) names.push_back("Engine " + std::to_string(p + 1));
    std::vector<arbiter::stats::GameRecord> records;
    records.reserve(games);
    while (records.size() < games) {
        const std::size_t white = pick(rng);
        const std::size_t black = pick(rng);
        if (white == black) continue;
        const double diff = 50.0 * (static_cast<double>(white) - static_cast<double>(black));
        const double expected = 1.0 / (1.0 + std::pow(10.0, -diff / 400.0));
        const double draw = 0.4 * 4.0 * expected * (1.0 - expected);
        const double u = unit(rng);
        const double score = u < expected - draw / 2.0 ? 1.0 : (u < expected + draw / 2.0 ? 0.5 : 0.0);
        records.push_back({names[white], names[black], score});
    }
    return records;
}

}  // namespace

int main(int argc, char** argv) {
    const std::size_t games = argc > 1 ? std::stoul(argv[1]) : 1000000;
    const std::size_t players = argc > 2 ? std::stoul(argv[2]) : 20;
    if (players < 2) {
        std::cerr << "arbiter_stats_bench: PLAYERS must be at least 2\n";
        return 2;
    }

    auto start = Clock::now();
    const auto records = synthetic_games(games, players);
    const double generate_s = seconds_since(start);

    start = Clock::now();
    const arbiter::stats::PairMatrix matrix = arbiter::stats::aggregate_games(records);
    const double aggregate_s = seconds_since(start);

    start = Clock::now();
    arbiter::stats::RatingOptions options;
    options.anchors["Engine 1"] = 2000.0;
    const arbiter::stats::RatingTable table = arbiter::stats::compute_ratings(matrix, options);
    const double fit_s = seconds_since(start);

    arbiter::stats::print_ratings_table(std::cout, table);
    std::printf("\n%zu games, %zu players (truth: Engine k = 2000 + 50 (k-1))\n", games, players);
    std::printf("generate %.3f s, aggregate %.3f s, fit %.3f s, rate total (aggregate + fit) %.3f s\n", generate_s,
                aggregate_s, fit_s, aggregate_s + fit_s);
    return 0;
}
