// Labelled positions for Texel tuning: a position and the result of the game it came from.
//
// Readers for the common "quiet-labeled" line formats (results from White's side):
//   <fen> [1.0]                  zurichess / Ethereal style; also [1-0] [0.5] [1/2-1/2] [0.0] [0-1]
//   <fen> c9 "1/2-1/2";          EPD with a c9 result opcode
//   <fen> | score | result       arbiter export-positions; score in centipawns (White's view), #N for
//                                mates, - for none; result 1.0/0.5/0.0 or 1-0 ...
// and for PGN files (tags, SAN movetext, {comments}, (variations), $NAGs; cutechess's {book}
// comment marks book moves). Every bad line is an error naming file:line.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chess/position.h"

namespace tempo::tune {

class InputError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct LabelledPosition {
    std::string fen;
    double white_result = 0.5;  // 1 White won, 0.5 draw, 0 Black won
    // The playing engine's search score in centipawns, White's view (pipe format only); mates are
    // ±kMateScoreCp. `tempo tune --score-weight` blends it into the target.
    std::optional<double> white_score;
};

inline constexpr double kMateScoreCp = 10000.0;

struct ReadOptions {
    int skip_plies = 0;  // drop positions before this game ply (from the FEN move counters in EPD)
};

struct ReadCounts {
    long long lines = 0;  // positions seen (EPD lines, PGN plies)
    long long kept = 0;
    long long in_check = 0;  // skipped: the side to move is in check, the eval is meaningless
    long long book = 0;      // skipped: PGN book moves
    long long early = 0;     // skipped: before skip_plies
};

// "1-0", "1.0", "1", "0-1", "0.0", "0", "1/2-1/2", "0.5", "½-½" ... → White's result; nullopt if not a result.
std::optional<double> parse_result(std::string_view text);

// "35", "-120" → centipawns; "#3" / "#-3" → ±kMateScoreCp; "-" → nullopt. Throws InputError on anything else.
std::optional<double> parse_white_score(std::string_view text, const std::string& where);

// Parses one EPD-style line; nullopt for blank and '#' comment lines. Throws InputError("where: ...").
std::optional<LabelledPosition> parse_labelled_line(std::string_view line, const std::string& where);

// Appends the file's kept positions to `out`. PGN when the name ends in .pgn, else line formats.
void read_labelled_file(const std::string& path, const ReadOptions& options, std::vector<LabelledPosition>& out,
                        ReadCounts& counts);

}  // namespace tempo::tune
