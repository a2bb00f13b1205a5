// arbiter_db_bench: throughput of the store, not run in CI.
//   phase 1: insert --games full games (--plies moves each, realistic field sizes), one transaction per
//            game exactly as the harness does; report time and file size.
//   phase 2: top the same file up to --aggregate-games games (without moves, in batches), then time the
//            rating aggregation over all of them on a fresh connection.
#include <sys/resource.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <random>
#include <string>

#include "db/database.h"

namespace {

using namespace arbiter::db;
using Clock = std::chrono::steady_clock;

struct BenchOptions {
    std::int64_t games = 100000;
    int plies = 80;
    std::int64_t aggregate_games = 1000000;
    int engines = 20;
    std::string dir = ".";
    bool keep = false;
};

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// Process CPU time (user + system). Reported beside wall time because a shared build machine can stretch
// wall time several-fold while the work done stays the same.
double cpu_seconds() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    const auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// Accumulates wall and CPU time over the measured sections only (not the generation of random games).
class Meter {
public:
    void start() {
        wall_start_ = Clock::now();
        cpu_start_ = cpu_seconds();
    }
    void stop() {
        wall_ += seconds_since(wall_start_);
        cpu_ += cpu_seconds() - cpu_start_;
    }
    double wall() const { return wall_; }
    std::string text() const { return std::to_string(wall_) + " s wall (" + std::to_string(cpu_) + " s cpu)"; }

private:
    Clock::time_point wall_start_;
    double cpu_start_ = 0;
    double wall_ = 0;
    double cpu_ = 0;
};

template <class Fn>
auto measured(Meter& meter, Fn&& fn) {
    meter.start();
    auto result = fn();
    meter.stop();
    return result;
}

std::string random_square(std::mt19937_64& rng) {
    std::string square;
    square += static_cast<char>('a' + rng() % 8);
    square += static_cast<char>('1' + rng() % 8);
    return square;
}

std::string random_uci(std::mt19937_64& rng) {
    std::string move = random_square(rng) + random_square(rng);
    if (rng() % 50 == 0) move += 'q';
    return move;
}

MoveRecord random_move(std::mt19937_64& rng, int ply) {
    static const char* const kSan[] = {"e4", "Nf3", "Bxe5+", "O-O", "Qd8#", "exd5", "Rfe1", "Nbd7", "h3", "c8=Q+"};
    MoveRecord move;
    move.ply = ply;
    move.uci = random_uci(rng);
    move.san = kSan[rng() % 10];
    if (ply < 16) return move;  // book moves: no search data
    move.time_ms = static_cast<std::int64_t>(rng() % 3000);
    move.clock_ms = 60000 - ply * 300;
    if (rng() % 40 == 0) {
        move.score_mate = static_cast<int>(rng() % 20) - 10;
    } else {
        move.score_cp = static_cast<int>(rng() % 600) - 300;
    }
    move.depth = 10 + static_cast<int>(rng() % 15);
    move.seldepth = *move.depth + static_cast<int>(rng() % 12);
    move.nodes = static_cast<std::int64_t>(rng() % 5000000);
    const int pv_length = 4 + static_cast<int>(rng() % 9);
    for (int i = 0; i < pv_length; ++i) {
        if (i != 0) move.pv += ' ';
        move.pv += random_uci(rng);
    }
    return move;
}

std::string engine_name(int index) {
    std::string name = "engine-";  // appended, not "literal" + temporary: g++ 12 -Wrestrict false positive
    name += std::to_string(index);
    return name;
}

RunRecord bench_run(const char* config_json) {
    RunRecord run;
    run.kind = RunKind::match;
    run.config_json = config_json;
    return run;
}

GameRecord random_game(std::mt19937_64& rng, std::int64_t run_id, std::int64_t index, int engines, int plies) {
    GameRecord game;
    game.run_id = run_id;
    game.pair_index = index / 2;
    game.game_index = static_cast<int>(index % 2);
    game.round = static_cast<int>(index + 1);
    game.opening_id = "8moves_v3:" + std::to_string(game.pair_index % 30000);
    game.opening_fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
    const int white = static_cast<int>(rng() % engines);
    const int black = (white + 1 + static_cast<int>(rng() % (engines - 1))) % engines;
    game.white = engine_name(white);
    game.black = engine_name(black);
    const auto roll = rng() % 10;
    game.result = roll < 3 ? GameResult::white_win : roll < 5 ? GameResult::black_win : GameResult::draw;
    game.termination = "adjudication";
    game.plies = plies;
    game.pgn = "[Event \"bench\"]\n[Site \"localhost\"]\n[White \"" + game.white + "\"]\n[Black \"" + game.black +
               "\"]\n[Result \"" + std::string(to_string(game.result)) + "\"]\n[TimeControl \"60+0.6\"]\n\n";
    for (int ply = 0; ply < plies; ++ply) {
        game.moves.push_back(random_move(rng, ply));
        if (ply % 2 == 0) game.pgn += std::to_string(ply / 2 + 1) + ". ";
        game.pgn += game.moves.back().san + " ";
    }
    return game;
}

void insert_phase(const std::string& path, const BenchOptions& options, std::mt19937_64& rng) {
    Database db(path);
    const RunRecord run = db.find_or_create_run(bench_run("{\"bench\":1}"));
    Meter meter;
    for (std::int64_t i = 0; i < options.games; ++i) {
        const GameRecord game = random_game(rng, run.id, i, options.engines, options.plies);
        measured(meter, [&] { return db.insert_game(game); });
    }
    const double moves = static_cast<double>(options.games) * options.plies;
    std::cout << "insert: " << options.games << " games x " << options.plies << " plies ("
              << static_cast<std::int64_t>(moves) << " moves), one transaction per game: " << meter.text() << " = "
              << options.games / meter.wall() << " games/s, " << moves / meter.wall() << " moves/s\n";
}

void report_size(const std::string& path, std::int64_t games) {
    const double bytes = static_cast<double>(std::filesystem::file_size(path));
    std::cout << "file: " << path << " " << bytes / (1024 * 1024) << " MiB ("
              << bytes / 1024 / static_cast<double>(games) << " KiB per game)\n";
}

void top_up_phase(const std::string& path, const BenchOptions& options, std::mt19937_64& rng) {
    Database db(path);
    const std::int64_t missing = options.aggregate_games - db.count_games();
    if (missing <= 0) return;
    const RunRecord run = db.find_or_create_run(bench_run("{\"bench\":2}"));
    Meter meter;
    std::vector<GameRecord> batch;
    for (std::int64_t i = 0; i < missing; ++i) {
        batch.push_back(random_game(rng, run.id, i, options.engines, 0));
        if (batch.size() == 10000 || i + 1 == missing) {
            measured(meter, [&] { return db.insert_games(batch); });
            batch.clear();
        }
    }
    std::cout << "top-up: " << missing << " games without moves (batches of 10000): " << meter.text() << "\n";
}

void aggregate_phase(const std::string& path) {
    OpenOptions read_only;
    read_only.read_only = true;
    Database db(path, read_only);
    Meter all;
    const auto pairs = measured(all, [&] { return db.pair_results(); });
    std::int64_t games = 0;
    for (const PairResult& pair : pairs) games += pair.white_wins + pair.draws + pair.black_wins;
    std::cout << "aggregate: pair_results() over " << games << " games -> " << pairs.size()
              << " (white, black) rows: " << all.text() << "\n";

    const std::int64_t last_run = db.list_runs().back().id;
    Meter one_run;
    const auto filtered = measured(one_run, [&] { return db.pair_results(ResultFilter{{last_run}, std::nullopt}); });
    std::cout << "aggregate: pair_results(run " << last_run << ") -> " << filtered.size() << " rows: " << one_run.text()
              << "\n";

    Meter penta;
    const auto stats = measured(penta, [&] { return db.pair_stats_by_run("engine-0", "engine-1"); });
    std::int64_t pair_games = 0;
    for (const RunPairStats& run : stats) pair_games += run.wins + run.draws + run.losses;
    std::cout << "aggregate: pair_stats_by_run(engine-0, engine-1) over " << pair_games << " games: " << penta.text()
              << "\n";
}

bool parse_args(int argc, char** argv, BenchOptions& options) {
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool has_value = i + 1 < argc;
        if (arg == "--games" && has_value) {
            options.games = std::atoll(argv[++i]);
        } else if (arg == "--plies" && has_value) {
            options.plies = std::atoi(argv[++i]);
        } else if (arg == "--aggregate-games" && has_value) {
            options.aggregate_games = std::atoll(argv[++i]);
        } else if (arg == "--dir" && has_value) {
            options.dir = argv[++i];
        } else if (arg == "--keep") {
            options.keep = true;
        } else {
            std::cerr << "usage: arbiter_db_bench [--games N=100000] [--plies P=80] [--aggregate-games M=1000000]\n"
                         "                         [--dir DIR=.] [--keep]\n";
            return false;
        }
    }
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    BenchOptions options;
    if (!parse_args(argc, argv, options)) return 2;
    const std::string path = (std::filesystem::path(options.dir) / "arbiter_db_bench.db").string();
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix);
    try {
        std::mt19937_64 rng(20240501);  // fixed seed: runs are comparable
        insert_phase(path, options, rng);
        report_size(path, options.games);
        top_up_phase(path, options, rng);
        report_size(path, std::max(options.games, options.aggregate_games));
        aggregate_phase(path);
    } catch (const std::exception& error) {
        std::cerr << "arbiter_db_bench: " << error.what() << "\n";
        return 1;
    }
    if (!options.keep) std::filesystem::remove(path);
    return 0;
}
