#include "bench/big_db/synth.h"

#include <chrono>
#include <cmath>

namespace arbiter::bench {
namespace {

constexpr std::int64_t kEpoch2024 = 1704067200;  // 2024-01-01T00:00:00Z in Unix seconds
constexpr int kConcurrency = 16;                 // games at once: how fast the run's clock advances
constexpr double kDrawRate = 0.55;               // about what equal engines draw at 10+0.1 with a book

const char* const kFiles = "abcdefgh";

}  // namespace

std::string iso_time(std::int64_t ms) {
    return db::utc_iso(
        std::chrono::system_clock::time_point(std::chrono::seconds(kEpoch2024) + std::chrono::milliseconds(ms)));
}

db::GameResult GameSynth::draw_result(double elo_diff) {
    const double expected = 1.0 / (1.0 + std::pow(10.0, -elo_diff / 400.0));
    const double draws = kDrawRate * (1.0 - std::abs(2.0 * expected - 1.0));
    const double wins = std::max(0.0, expected - draws / 2.0);
    const double roll = uniform();
    if (roll < wins) return db::GameResult::white_win;
    if (roll < wins + draws) return db::GameResult::draw;
    return db::GameResult::black_win;
}

std::string GameSynth::termination(db::GameResult result) {
    const double roll = uniform();
    if (result == db::GameResult::draw) {
        if (roll < 0.70) return "adjudication";
        if (roll < 0.85) return "3-fold repetition";
        if (roll < 0.95) return "50-move rule";
        return roll < 0.98 ? "insufficient material" : "stalemate";
    }
    if (roll < 0.62) return "adjudication";
    if (roll < 0.985) return "checkmate";
    return roll < 0.997 ? "time forfeit" : "illegal move";
}

// Moves that look like a search's output: the JSON is what makes a stored game big, not legality.
void GameSynth::fill_moves(db::GameRecord& game) {
    std::string movetext;
    std::int64_t clock = 10000;
    for (int ply = 0; ply < game.plies; ++ply) {
        db::MoveRecord move;
        move.ply = ply;
        move.uci = {kFiles[below(8)], static_cast<char>('1' + below(8)), kFiles[below(8)],
                    static_cast<char>('1' + below(8))};
        move.san = move.uci.substr(2);
        const bool book = ply < 8;
        if (!book) {
            move.time_ms = 50 + below(400);
            clock = std::max<std::int64_t>(100, clock - *move.time_ms + 100);
            move.clock_ms = clock;
            move.score_cp = below(200) - 100;
            move.depth = 8 + below(12);
            move.seldepth = *move.depth + below(10);
            move.nodes = 20000 + below(400000);
            move.nps = *move.nodes * 1000 / std::max<std::int64_t>(1, *move.time_ms);
            move.pv = move.uci + " e7e5 g1f3 b8c6";
            move.hashfull = below(1000);
        }
        if (ply % 2 == 0) movetext += std::to_string(ply / 2 + 1) + ". ";
        movetext += move.san + (book ? " "
                                     : " {" + std::to_string(*move.score_cp) + "/" + std::to_string(*move.depth) + " " +
                                           std::to_string(*move.time_ms) + "ms} ");
        game.moves.push_back(std::move(move));
    }
    game.pgn += movetext;
}

db::GameRecord GameSynth::game(const std::string& white, const std::string& black, double elo_diff, bool with_moves) {
    db::GameRecord game;
    game.white = white;
    game.black = black;
    game.result = draw_result(elo_diff);
    game.termination = termination(game.result);
    game.plies = 40 + below(160);
    const std::int64_t duration_ms = 8000 + game.plies * 90 + below(4000);
    clock_ms += duration_ms / kConcurrency;
    game.started_at = iso_time(clock_ms - duration_ms);
    game.finished_at = iso_time(clock_ms);
    game.opening_id = "UHO_4060_v3.epd:" + std::to_string(below(100000));
    game.opening_fen = "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5";
    const std::string result(db::to_string(game.result));
    game.pgn = "[Event \"?\"]\n[Site \"?\"]\n[Date \"" +
               game.started_at.substr(0, 10).replace(4, 1, ".").replace(7, 1, ".") + "\"]\n[White \"" + white +
               "\"]\n[Black \"" + black + "\"]\n[Result \"" + result + "\"]\n[FEN \"" + game.opening_fen +
               "\"]\n[PlyCount \"" + std::to_string(game.plies) + "\"]\n[Termination \"" + game.termination +
               "\"]\n[TimeControl \"10+0.1\"]\n\n";
    if (with_moves) fill_moves(game);
    game.pgn += result + "\n";
    return game;
}

}  // namespace arbiter::bench
