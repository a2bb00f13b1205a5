#pragma once
// PGN reader: games with their tags and their mainline replayed through the rules core, so each
// move comes back as SAN and UCI. Variations are skipped, comments and NAGs kept. Works on what
// cutechess-cli, fastchess and lichess write. A move that does not parse or is illegal, a FEN
// tag that is not a position, or broken syntax throws io::SourceError naming the file and line.

#include <cstddef>
#include <fstream>
#include <istream>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/chess/types.h"
#include "harness/epd/source_error.h"
#include "harness/pgn/lexer.h"

namespace arbiter::pgn {

struct PgnMove {
    chess::Move move;
    std::string san;  // as the core writes it (canonical), not as the file spelled it
    std::string uci;
    std::string comment;            // comments after the move, joined with a space
    std::vector<std::string> nags;  // "$1", or glyphs like "!?" written apart from the move
};

struct PgnGame {
    std::vector<std::pair<std::string, std::string>> tags;  // in file order
    std::string start_fen;                                  // the FEN tag, else the standard start position
    bool has_fen_tag = false;
    bool chess960 = false;  // from the Variant tag
    std::vector<PgnMove> moves;
    std::string result;           // the termination marker ("*" when a game ends without one)
    std::string leading_comment;  // comment before the first move
    std::size_t line = 0;         // line where the game starts
    bool truncated = false;       // more moves followed than ReadOptions::max_plies kept

    // The value of tag `name`, or nullptr.
    const std::string* tag(std::string_view name) const;
};

struct ReadOptions {
    // Replay and keep only this many plies; later moves are skipped without being checked
    // (opening books use this for plies=N).
    std::size_t max_plies = std::numeric_limits<std::size_t>::max();
    // A termination marker that contradicts the Result tag (`[Result "1-0"]` but `*` after the moves)
    // is an error naming the line, as pgn-extract reports it; readers of results set this, books not.
    bool check_result = false;
};

// True for Variant tag values that mean Chess960 ("chess 960", "fischerandom", "Chess960", ...).
bool is_chess960_variant(std::string_view variant);

// Reads games one at a time from a text held by the caller, or from a stream read as it goes.
class PgnReader {
public:
    PgnReader(std::string_view text, std::string source_name, ReadOptions options = {});
    PgnReader(std::istream& in, std::string source_name, ReadOptions options = {});

    // The next game, or nullopt at the end of the input.
    std::optional<PgnGame> next();

private:
    [[noreturn]] void fail(std::size_t line, const std::string& why) const;
    Token take();
    void read_tags(PgnGame& game);
    void read_movetext(PgnGame& game);
    void check_result_tag(const PgnGame& game, std::size_t marker_line) const;
    void skip_variation(std::size_t open_line);

    Lexer lexer_;
    ReadOptions options_;
    std::optional<Token> lookahead_;
};

// Reads a PGN file game by game: memory holds one game and a read buffer, whatever the file's size.
class PgnFileReader {
public:
    // Throws io::SourceError naming the file when it cannot be opened.
    explicit PgnFileReader(const std::string& path, ReadOptions options = {});

    // The next game, or nullopt at the end of the file.
    std::optional<PgnGame> next() { return reader_.next(); }

private:
    std::ifstream file_;
    PgnReader reader_;
};

std::vector<PgnGame> parse_pgn_text(std::string_view text, const std::string& source_name, ReadOptions options = {});
std::vector<PgnGame> read_pgn_file(const std::string& path, ReadOptions options = {});

}  // namespace arbiter::pgn
