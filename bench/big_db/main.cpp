// arbiter_big_db OUT.db [--games N] [--seed S] [--moves-fraction F]: writes a database shaped like a
// season of testing (an SPRT match holding most games, a gauntlet, a feature ladder, an EPD run, an
// SPSA run, a bisection, a history of commits), to measure what the reports and `arbiter serve` cost
// on 10^6 games. Moves are stored for a fraction of games only (1% by default): with every game's
// moves the file grows by ~3 KB a game and generation by minutes, while no page reads moves.
#include <chrono>
#include <filesystem>
#include <iostream>
#include <string>

#include "bench/big_db/generator.h"

namespace {

struct Options {
    std::string out;
    std::int64_t games = 1000000;
    std::uint64_t seed = 20240101;
    double moves_fraction = 0.01;
};

int usage() {
    std::cerr << "usage: arbiter_big_db OUT.db [--games N (1000000)] [--seed S] [--moves-fraction F (0.01)]\n"
                 "OUT.db must not exist.\n";
    return 2;
}

bool parse(int argc, char** argv, Options& options) {
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (arg == "--games" && has_value) options.games = std::stoll(argv[++i]);
        else if (arg == "--seed" && has_value) options.seed = std::stoull(argv[++i]);
        else if (arg == "--moves-fraction" && has_value) options.moves_fraction = std::stod(argv[++i]);
        else if (!arg.empty() && arg[0] != '-' && options.out.empty()) options.out = arg;
        else return false;
    }
    return !options.out.empty() && options.games >= 1000;
}

}  // namespace

int main(int argc, char** argv) {
    Options options;
    if (!parse(argc, argv, options)) return usage();
    if (std::filesystem::exists(options.out)) {
        std::cerr << "arbiter_big_db: " << options.out << " exists; remove it first\n";
        return 2;
    }
    const auto start = std::chrono::steady_clock::now();
    arbiter::db::Database database(options.out);
    arbiter::bench::Generator generator(database, options.seed, options.moves_fraction);
    constexpr int kSpsaIterations = 300, kSpsaPairs = 8;
    const std::int64_t n = options.games;
    generator.sprt_match(n * 60 / 100);
    generator.gauntlet(n * 15 / 100);
    generator.ladder(n * 20 / 100);
    generator.epd_run();
    generator.spsa(kSpsaIterations, kSpsaPairs);
    generator.bisection();
    const std::int64_t rest = n - generator.tally().games;
    if (rest > 24) generator.history(rest);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const auto& t = generator.tally();
    std::cout << "wrote " << options.out << ": " << t.runs << " runs, " << t.games << " games (" << t.games_with_moves
              << " with moves), " << t.epd_results << " EPD results, " << t.spsa_iterations
              << " SPSA iterations, 1 bisection, 1 ladder; " << std::filesystem::file_size(options.out) / 1048576
              << " MiB in " << seconds << " s\n";
    return 0;
}
