#pragma once
// cutechess-cli's PGN layout (-pgnout file [min]), the one arbiter stores with every game; fastchess's
// is in fastchess_layout.h. The writer produces games the way cutechess-cli writes them:
//   * the Seven Tag Roster ("?" for empty values), then the other tags sorted by name
//     (FEN, GameDuration, GameEndTime, GameStartTime, PlyCount, SetUp, Termination,
//     TimeControl or WhiteTimeControl/BlackTimeControl, Variant, plus caller-supplied ones);
//   * Termination only for games that did not end normally (adjudication, time forfeit, ...);
//   * move comments "{+0.31/12 0.45s}" (mover's score in pawns, depth, time), "{book}" for
//     opening moves, and the result description appended to the last comment
//     ("{-1.20/14 0.8s, White wins by adjudication}");
//   * movetext lines broken before reaching 80 columns, move numbers counted from 1 as
//     cutechess does (option: from the FEN's move number, as fastchess does);
//   * "min" mode: roster + FEN/SetUp + Variant, no comments.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "harness/adjudication/outcome.h"
#include "harness/adjudication/score.h"
#include "harness/tc/time_control.h"

namespace arbiter::pgn {

struct MoveEval {
    adjudication::Score score;  // mover's point of view
    int depth = 0;
    std::int64_t time_ms = 0;
};

struct WrittenMove {
    std::string uci;    // as the engine sent it; replayed to produce SAN
    bool book = false;  // opening move: commented {book}
    std::optional<MoveEval> eval;
    std::string san;  // when every move has it, written as it is instead of replaying
};

struct GameRecord {
    std::string event, site, date, round;  // empty -> "?"
    std::string white, black;
    std::string start_fen;  // empty or the standard start -> no FEN/SetUp tags
    bool chess960 = false;
    std::optional<tc::TimeControl> white_tc, black_tc;
    adjudication::Outcome outcome;
    std::vector<WrittenMove> moves;
    // GameStartTime, GameEndTime, GameDuration, ECO, ...: written among the sorted tags; a
    // name that the writer also produces replaces the writer's value.
    std::vector<std::pair<std::string, std::string>> extra_tags;
};

enum class MateNotation {
    Plies,  // cutechess: "+M9" = mating in 9 plies (UCI "mate 5"), "-M4" = mated in 4 plies
    Moves,  // fastchess-like: "+M5" / "-M2", the UCI mate distance itself
};

struct WriterOptions {
    bool minimal = false;
    MateNotation mate_notation = MateNotation::Plies;
    bool number_moves_from_fen = false;
    // The Variant tag of Chess960 games. cutechess-cli writes "fischerandom" (and reads only
    // that); lichess writes "Chess960", pgn-extract knows "chess 960". The FEN tag of a Chess960
    // game is X-FEN, as cutechess writes it (KQkq for outermost rooks, file letters otherwise).
    std::string chess960_variant = "fischerandom";
};

// One complete game, ending with a blank line, ready to append to a file. Throws
// std::invalid_argument naming the ply if a move is not legal (the game loop must never record
// an illegal move) or the start FEN is bad.
std::string write_game(const GameRecord& game, const WriterOptions& options = {});

// What -pgnout min wrote for a game, rebuilt from the full PGN stored with it: a resumed run writes
// the games its output file misses with the text a live run gave them. Throws io::SourceError when
// `stored_pgn` does not parse.
std::string minimal_pgn_from_stored(const std::string& stored_pgn);

// The comment text for one engine move ("+0.31/12 0.45s", "-M4/30 1.2s", "0s"); empty when
// the engine reported nothing worth a comment (cutechess: no depth, no score, under 0.5 s).
std::string eval_comment(const MoveEval& eval, MateNotation notation = MateNotation::Plies);

// Score text alone: "+0.31", "-0.25", "0.00", "+M9".
std::string score_text(const adjudication::Score& score, MateNotation notation = MateNotation::Plies);

// Tag texts for the game loop: "2024.05.17" (local date), "2024-05-17T14:03:22.120 CEST"
// (cutechess GameStartTime/GameEndTime), "00:03:25" (GameDuration).
std::string pgn_date(std::chrono::system_clock::time_point when);
std::string pgn_timestamp(std::chrono::system_clock::time_point when);
std::string pgn_duration(std::chrono::seconds duration);

}  // namespace arbiter::pgn
