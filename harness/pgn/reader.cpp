#include "harness/pgn/reader.h"

#include <algorithm>
#include <cctype>
#include <fstream>

#include "engine/chess/position.h"
#include "engine/chess/san.h"

namespace arbiter::pgn {
namespace {

std::string lower_without_spaces(std::string_view text) {
    std::string out;
    for (char c : text)
        if (c != ' ' && c != '-' && c != '_') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

void append_comment(std::string& target, const std::string& text) {
    if (text.empty()) return;
    if (!target.empty()) target += ' ';
    target += text;
}

}  // namespace

const std::string* PgnGame::tag(std::string_view name) const {
    for (const auto& [key, value] : tags)
        if (key == name) return &value;
    return nullptr;
}

bool is_chess960_variant(std::string_view variant) {
    const std::string name = lower_without_spaces(variant);
    return name == "chess960" || name == "960" || name == "fischerandom" || name == "fischerrandom" || name == "frc";
}

PgnReader::PgnReader(std::string_view text, std::string source_name, ReadOptions options)
    : lexer_(text, std::move(source_name)), options_(options) {}

PgnReader::PgnReader(std::istream& in, std::string source_name, ReadOptions options)
    : lexer_(in, std::move(source_name)), options_(options) {}

void PgnReader::fail(std::size_t line, const std::string& why) const {
    throw io::SourceError(lexer_.source_name(), line, why);
}

Token PgnReader::take() {
    if (lookahead_) {
        Token token = std::move(*lookahead_);
        lookahead_.reset();
        return token;
    }
    return lexer_.next();
}

std::optional<PgnGame> PgnReader::next() {
    Token first = take();
    if (first.kind == TokenKind::End) return std::nullopt;
    lookahead_ = std::move(first);
    PgnGame game;
    game.line = lookahead_->line;
    read_tags(game);
    read_movetext(game);
    return game;
}

void PgnReader::read_tags(PgnGame& game) {
    for (;;) {
        Token token = take();
        // A repeated tag name means the previous game had no movetext at all: this tag
        // already belongs to the next game.
        if (token.kind != TokenKind::Tag || game.tag(token.text)) {
            lookahead_ = std::move(token);
            return;
        }
        game.tags.emplace_back(std::move(token.text), std::move(token.value));
    }
}

void PgnReader::skip_variation(std::size_t open_line) {
    int depth = 1;
    while (depth > 0) {
        Token token = take();
        if (token.kind == TokenKind::End || token.kind == TokenKind::Tag)
            fail(open_line, "variation not closed with ')'");
        if (token.kind == TokenKind::VariationOpen) ++depth;
        if (token.kind == TokenKind::VariationClose) --depth;
    }
}

void PgnReader::read_movetext(PgnGame& game) {
    chess::Position pos;
    game.start_fen = chess::kStartFen;
    if (const std::string* variant = game.tag("Variant")) game.chess960 = is_chess960_variant(*variant);
    if (const std::string* fen = game.tag("FEN")) {
        game.has_fen_tag = true;
        game.chess960 = game.chess960 || chess::fen_needs_chess960(*fen);
        try {
            pos.set_fen(*fen, game.chess960);
        } catch (const chess::FenError& e) {
            fail(game.line, "FEN tag '" + *fen + "': " + e.what());
        }
        game.start_fen = pos.fen();
    }
    for (;;) {
        Token token = take();
        switch (token.kind) {
            case TokenKind::MoveNumber: break;
            case TokenKind::Move: {
                if (game.moves.size() >= options_.max_plies) {
                    game.truncated = true;
                    break;
                }
                PgnMove move;
                try {
                    move.move = chess::parse_san(pos, token.text);
                } catch (const chess::MoveParseError& e) {
                    fail(token.line,
                         "ply " + std::to_string(game.moves.size() + 1) + " '" + token.text + "': " + e.what());
                }
                move.san = chess::to_san(pos, move.move);
                move.uci = chess::to_uci(pos, move.move);
                pos.make_move(move.move);
                game.moves.push_back(std::move(move));
                break;
            }
            case TokenKind::Comment:
                if (game.truncated) break;
                append_comment(game.moves.empty() ? game.leading_comment : game.moves.back().comment, token.text);
                break;
            case TokenKind::Nag:
                if (!game.moves.empty() && !game.truncated) game.moves.back().nags.push_back(token.text);
                break;
            case TokenKind::VariationOpen: skip_variation(token.line); break;
            case TokenKind::VariationClose: fail(token.line, "')' without a variation to close");
            case TokenKind::Result:
                game.result = token.text;
                if (options_.check_result) check_result_tag(game, token.line);
                return;
            case TokenKind::Tag:
            case TokenKind::End: {
                // No termination marker: the game ends where the next one (or the file) starts.
                lookahead_ = std::move(token);
                const std::string* result = game.tag("Result");
                game.result = result ? *result : "*";
                return;
            }
        }
    }
}

void PgnReader::check_result_tag(const PgnGame& game, std::size_t marker_line) const {
    const std::string* tag = game.tag("Result");
    if (!tag || *tag == game.result) return;
    fail(marker_line, "the game starting at line " + std::to_string(game.line) + " has [Result \"" + *tag +
                          "\"] but its moves end with '" + game.result + "'" +
                          (game.result == "*" ? " (unfinished)" : "") + "; make the two agree");
}

std::vector<PgnGame> parse_pgn_text(std::string_view text, const std::string& source_name, ReadOptions options) {
    PgnReader reader(text, source_name, options);
    std::vector<PgnGame> games;
    while (auto game = reader.next()) games.push_back(std::move(*game));
    return games;
}

namespace {

std::ifstream open_pgn_file(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw io::SourceError(path, 0, "cannot open file");
    return file;
}

}  // namespace

PgnFileReader::PgnFileReader(const std::string& path, ReadOptions options)
    : file_(open_pgn_file(path)), reader_(file_, path, options) {}

std::vector<PgnGame> read_pgn_file(const std::string& path, ReadOptions options) {
    PgnFileReader reader(path, options);
    std::vector<PgnGame> games;
    while (auto game = reader.next()) games.push_back(std::move(*game));
    return games;
}

}  // namespace arbiter::pgn
