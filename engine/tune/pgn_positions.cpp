#include "engine/tune/pgn_positions.h"

#include <cctype>
#include <optional>

#include "engine/chess/san.h"

namespace tempo::tune {

namespace {

struct PlayedPosition {
    std::string fen;
    int ply = 0;
    bool in_check = false;
    bool book = false;
};

// One game being read: its start, its moves so far and the result once the movetext ends.
class GameReader {
public:
    GameReader(const std::string& path, const ReadOptions& options, std::vector<LabelledPosition>& out,
               ReadCounts& counts)
        : path_(path), options_(options), out_(out), counts_(counts) {}

    void tag(std::string_view line, long long line_number);
    // Feeds one line of movetext; the game is emitted when its result token is read.
    void movetext(std::string_view line, long long line_number);
    bool in_comment() const { return in_comment_; }

private:
    void start_if_needed(long long line_number);
    void token(std::string_view word, long long line_number);
    void comment(std::string_view text);
    void finish(std::string_view result_token);
    std::string where(long long line_number) const { return path_ + ":" + std::to_string(line_number); }

    const std::string& path_;
    const ReadOptions& options_;
    std::vector<LabelledPosition>& out_;
    ReadCounts& counts_;
    std::string start_fen_ = chess::kStartFen;
    std::optional<chess::Position> position_;
    std::vector<PlayedPosition> played_;
    std::string comment_;  // an open {comment} spanning lines
    bool in_comment_ = false;
    int variation_depth_ = 0;  // inside ( ... ): moves of another line, not played
};

void GameReader::tag(std::string_view line, long long line_number) {
    const std::size_t quote = line.find('"');
    const std::size_t end_quote = line.rfind('"');
    if (quote == std::string_view::npos || end_quote <= quote) throw InputError(where(line_number) + ": bad PGN tag");
    const std::string_view name = line.substr(1, line.find(' ') - 1);
    if (name == "FEN") start_fen_ = std::string(line.substr(quote + 1, end_quote - quote - 1));
}

void GameReader::start_if_needed(long long line_number) {
    if (position_) return;
    try {
        position_.emplace(start_fen_);
    } catch (const chess::FenError& error) {
        throw InputError(where(line_number) + ": bad FEN tag: " + error.what());
    }
}

void GameReader::comment(std::string_view text) {
    // cutechess writes {book} after each move taken from the opening book.
    if (!played_.empty() && text.find("book") != std::string_view::npos) played_.back().book = true;
}

void GameReader::movetext(std::string_view line, long long line_number) {
    start_if_needed(line_number);
    std::size_t i = 0;
    while (i < line.size()) {
        if (in_comment_) {
            const std::size_t close = line.find('}', i);
            comment_ += line.substr(i, close == std::string_view::npos ? std::string_view::npos : close - i);
            if (close == std::string_view::npos) return;
            in_comment_ = false;
            if (variation_depth_ == 0) comment(comment_);
            comment_.clear();
            i = close + 1;
            continue;
        }
        const char c = line[i];
        if (c == ';') return;  // comment to the end of the line
        if (std::isspace(static_cast<unsigned char>(c))) {
            ++i;
            continue;
        }
        if (c == '{') {
            in_comment_ = true;
            ++i;
            continue;
        }
        if (c == '(') {
            ++variation_depth_;
            ++i;
            continue;
        }
        if (c == ')') {
            --variation_depth_;
            ++i;
            continue;
        }
        std::size_t end = line.find_first_of(" \t\r{}();", i);
        if (end == std::string_view::npos) end = line.size();
        if (variation_depth_ == 0) token(line.substr(i, end - i), line_number);
        i = end;
    }
}

void GameReader::token(std::string_view word, long long line_number) {
    if (word == "1-0" || word == "0-1" || word == "1/2-1/2" || word == "*") return finish(word);
    if (word.front() == '$') return;  // numeric annotation glyph
    // Move numbers: "12." "12..." or attached as in "12.e4".
    std::size_t digits = 0;
    while (digits < word.size() && std::isdigit(static_cast<unsigned char>(word[digits]))) ++digits;
    if (digits == word.size()) return;
    if (digits > 0 && word[digits] == '.') {
        const std::size_t move_start = word.find_first_not_of('.', digits);
        if (move_start == std::string_view::npos) return;
        word.remove_prefix(move_start);
    }
    try {
        const chess::Move move = chess::parse_san(*position_, word);
        played_.push_back({position_->fen(), position_->game_ply(), position_->in_check(), false});
        position_->make_move(move);
    } catch (const chess::MoveParseError& error) {
        throw InputError(where(line_number) + ": bad move '" + std::string(word) + "': " + error.what());
    }
}

void GameReader::finish(std::string_view result_token) {
    const std::optional<double> result = parse_result(result_token);
    for (const PlayedPosition& played : played_) {
        ++counts_.lines;
        if (!result) continue;  // unfinished game: no label
        if (played.book) {
            ++counts_.book;
        } else if (played.in_check) {
            ++counts_.in_check;
        } else if (played.ply < options_.skip_plies) {
            ++counts_.early;
        } else {
            out_.push_back({played.fen, *result, std::nullopt});  // PGN scores are not read
            ++counts_.kept;
        }
    }
    played_.clear();
    position_.reset();
    start_fen_ = chess::kStartFen;
}

}  // namespace

void read_pgn_positions(const std::string& path, std::istream& in, const ReadOptions& options,
                        std::vector<LabelledPosition>& out, ReadCounts& counts) {
    GameReader game(path, options, out, counts);
    std::string line;
    for (long long number = 1; std::getline(in, line); ++number) {
        const std::string_view text = line;
        if (!game.in_comment() && !text.empty() && text.front() == '[') {
            game.tag(text, number);
        } else if (text.find_first_not_of(" \t\r") != std::string_view::npos) {
            game.movetext(text, number);
        }
    }
}

}  // namespace tempo::tune
