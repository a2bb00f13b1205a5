#include "harness/pgn/fastchess_layout.h"

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <stdexcept>
#include <utility>
#include <vector>

#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "harness/pgn/cutechess_layout.h"
#include "harness/pgn/reader.h"

namespace arbiter::pgn {
namespace {

constexpr std::size_t kFastchessLineLimit = 80;

std::string printf_text(const char* format, double value) {
    char text[64];
    std::snprintf(text, sizeof text, format, value);
    return text;
}

std::string seconds_text(std::int64_t ms) { return printf_text("%.3f", static_cast<double>(ms) / 1000.0) + "s"; }

// "2024-05-01T12:34:56.789Z" -> milliseconds since the epoch; 0 when the text is not that shape.
std::int64_t epoch_ms(const std::string& iso) {
    std::tm parts{};
    int ms = 0;
    if (std::sscanf(iso.c_str(), "%4d-%2d-%2dT%2d:%2d:%2d.%3d", &parts.tm_year, &parts.tm_mon, &parts.tm_mday,
                    &parts.tm_hour, &parts.tm_min, &parts.tm_sec, &ms) != 7)
        return 0;
    parts.tm_year -= 1900;
    parts.tm_mon -= 1;
    return static_cast<std::int64_t>(timegm(&parts)) * 1000 + ms;
}

// fastchess's GameStartTime/GameEndTime: "2024-05-01T12:34:56 +0000".
std::string timestamp(const std::string& iso) { return iso.size() >= 19 ? iso.substr(0, 19) + " +0000" : iso; }

std::string duration(const db::GameRecord& game) {
    const std::int64_t ms = epoch_ms(game.finished_at) - epoch_ms(game.started_at);
    const std::int64_t total = ms > 0 ? ms / 1000 : 0;
    char text[32];
    std::snprintf(text, sizeof text, "%02lld:%02lld:%02lld", static_cast<long long>(total / 3600),
                  static_cast<long long>(total / 60 % 60), static_cast<long long>(total % 60));
    return text;
}

// fastchess's Termination words for arbiter's end reasons (harness/adjudication reason_name).
std::string termination(const std::string& reason) {
    if (reason.ends_with("adjudication")) return "adjudication";
    if (reason == "time-forfeit") return "time forfeit";
    if (reason == "illegal-move") return "illegal move";
    if (reason == "disconnection" || reason == "stalled-connection") return "abandoned";
    if (reason == "interrupted") return "unterminated";
    return "normal";
}

bool is_book(const db::MoveRecord& move) { return !move.time_ms.has_value(); }

// The comment the cutechess layout gave a move, so that the closing description can be told apart
// from it in the stored PGN (harness/pgn/cutechess_layout's eval_comment, with the same figures).
std::string cutechess_comment(const db::MoveRecord& move) {
    if (is_book(move)) return "book";
    MoveEval eval;
    if (move.score_mate) eval.score = adjudication::Score::mate(*move.score_mate);
    else if (move.score_cp) eval.score = adjudication::Score::cp(*move.score_cp);
    eval.depth = move.depth.value_or(0);
    eval.time_ms = move.time_ms.value_or(0);
    return eval_comment(eval);
}

// Why the game ended ("Black mates"), as the stored PGN's closing comment says it.
std::string closing_description(const PgnGame& stored, const db::GameRecord& game) {
    if (stored.moves.empty() || game.moves.empty()) return stored.leading_comment;
    const std::string& comment = stored.moves.back().comment;
    const std::string figures = cutechess_comment(game.moves.back());
    if (figures.empty()) return comment;
    if (comment == figures) return {};
    if (comment.starts_with(figures + ", ")) return comment.substr(figures.size() + 2);
    return comment;
}

std::string tag_or(const PgnGame& stored, const char* name, const std::string& otherwise) {
    const std::string* value = stored.tag(name);
    return value ? *value : otherwise;
}

// A quote or backslash in a tag value is escaped, as the PGN standard asks (fastchess writes them bare).
std::string escaped(const std::string& value) {
    std::string out;
    for (char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

using Tags = std::vector<std::pair<std::string, std::string>>;

Tags tags_of(const PgnGame& stored, const db::GameRecord& game, bool minimal) {
    Tags tags;
    for (const char* name : {"Event", "Site", "Date", "Round", "White", "Black"})
        tags.emplace_back(name, tag_or(stored, name, "?"));
    tags.emplace_back("Result", stored.result);
    if (stored.has_fen_tag || stored.chess960) {
        tags.emplace_back("SetUp", "1");
        tags.emplace_back("FEN", stored.start_fen);
    }
    if (stored.chess960) tags.emplace_back("Variant", "Chess960");
    if (minimal) return tags;
    tags.emplace_back("GameDuration", duration(game));
    tags.emplace_back("GameStartTime", timestamp(game.started_at));
    tags.emplace_back("GameEndTime", timestamp(game.finished_at));
    tags.emplace_back("PlyCount", std::to_string(game.moves.size()));
    tags.emplace_back("Termination", termination(game.termination));
    if (const std::string* tc = stored.tag("TimeControl")) {
        tags.emplace_back("TimeControl", *tc == "inf" ? "-" : *tc);  // fastchess's word for no clock
    } else {
        for (const char* name : {"WhiteTimeControl", "BlackTimeControl"})
            if (const std::string* side_tc = stored.tag(name)) tags.emplace_back(name, *side_tc);
    }
    return tags;
}

std::string long_algebraic(const chess::Position& position, chess::Move move, const std::string& san) {
    if (move.kind() == chess::Move::CASTLING) return san;
    std::string lan;
    if (std::isupper(static_cast<unsigned char>(san.front()))) lan += san.front();
    lan += chess::square_name(move.from());
    if (position.is_capture(move)) lan += 'x';
    lan += chess::square_name(move.to());
    if (const auto equals = san.find('='); equals != std::string::npos) lan += san.substr(equals, 2);
    if (san.back() == '+' || san.back() == '#') lan += san.back();
    return lan;
}

std::string move_text(const chess::Position& position, chess::Move move, const db::MoveRecord& stored,
                      MoveNotation notation) {
    if (notation == MoveNotation::uci) return stored.uci;
    const std::string san = chess::to_san(position, move);
    return notation == MoveNotation::lan ? long_algebraic(position, move, san) : san;
}

std::string figures_comment(const db::MoveRecord& move, const FastchessPgnOptions& options) {
    std::string text = fastchess_score(move) + "/" + std::to_string(move.depth.value_or(0)) + " " +
                       seconds_text(move.time_ms.value_or(0));
    const auto add = [&text](bool wanted, const std::string& item) {
        if (wanted) text += ", " + item;
    };
    add(options.timeleft, "tl=" + seconds_text(move.clock_ms.value_or(0)));
    add(options.latency, "latency=" + seconds_text(move.time_ms.value_or(0) - move.engine_time_ms.value_or(0)));
    add(options.nodes, "n=" + std::to_string(move.nodes.value_or(0)));
    add(options.seldepth, "sd=" + std::to_string(move.seldepth.value_or(0)));
    add(options.nps, "nps=" + std::to_string(move.nps.value_or(0)));
    add(options.hashfull, "hashfull=" + std::to_string(move.hashfull.value_or(0)));
    add(options.tbhits, "tbhits=" + std::to_string(move.tbhits.value_or(0)));
    add(options.pv, "pv=\"" + move.pv + "\"");
    if (!options.match_lines.empty()) {
        std::size_t start = 0;
        while (start < move.lines.size()) {
            std::size_t end = move.lines.find('\n', start);
            if (end == std::string::npos) end = move.lines.size();
            add(true, "line=\"" + move.lines.substr(start, end - start) + "\"");
            start = end + 1;
        }
    }
    return text;
}

// fastchess's wrapping: an item goes on a new line when, after a space, it would pass 80 columns.
void append_wrapped_as_fastchess(std::string& out, std::size_t& line_length, const std::string& item) {
    if (line_length > 0 && line_length + item.size() + 1 > kFastchessLineLimit) {
        out += '\n';
        line_length = 0;
    }
    if (line_length > 0) {
        out += ' ';
        ++line_length;
    }
    out += item;
    line_length += item.size();
}

std::string movetext(const PgnGame& stored, const db::GameRecord& game, const FastchessPgnOptions& options,
                     bool minimal) {
    chess::Position position(stored.start_fen, stored.chess960);
    const std::string description = minimal ? std::string() : closing_description(stored, game);
    int number = position.fullmove_number();
    std::string out;
    std::size_t line_length = 0;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const db::MoveRecord& stored_move = game.moves[i];
        chess::Move move;
        try {
            move = chess::parse_uci(position, stored_move.uci);
        } catch (const chess::MoveParseError& error) {
            throw std::invalid_argument("fastchess PGN: ply " + std::to_string(i + 1) + ": " + error.what());
        }
        std::string item;
        if (position.side_to_move() == chess::WHITE) item = std::to_string(number) + ". ";
        else if (i == 0) item = std::to_string(number) + "... ";
        item += move_text(position, move, stored_move, options.notation);
        if (!minimal) {
            std::string comment = is_book(stored_move) ? "book" : figures_comment(stored_move, options);
            if (i + 1 == game.moves.size() && !is_book(stored_move) && !description.empty())
                comment += ", " + description;
            item += " {" + comment + "}";
        }
        append_wrapped_as_fastchess(out, line_length, item);
        if (position.side_to_move() == chess::BLACK) ++number;
        position.make_move(move);
    }
    append_wrapped_as_fastchess(out, line_length, stored.result);
    return out;
}

PgnGame stored_game(const db::GameRecord& game) {
    std::vector<PgnGame> games = parse_pgn_text(game.pgn, "stored game " + std::to_string(game.id));
    if (games.size() != 1)
        throw io::SourceError("stored game " + std::to_string(game.id), 1,
                              "holds " + std::to_string(games.size()) + " games instead of one");
    return std::move(games.front());
}

}  // namespace

std::string fastchess_score(const db::MoveRecord& move) {
    if (move.score_mate) {
        const int value = *move.score_mate;
        return std::string(value > 0 ? "+" : "-") + "M" + std::to_string(value > 0 ? value * 2 - 1 : -value * 2);
    }
    if (!move.score_cp) return {};
    const int value = *move.score_cp;
    // As fastchess computes it: a float of the magnitude, printed with two decimals.
    const float pawns = static_cast<float>(std::abs(value)) / 100.0f;
    return std::string(value > 0 ? "+" : value < 0 ? "-" : "") + printf_text("%.2f", static_cast<double>(pawns));
}

std::string fastchess_pgn(const db::GameRecord& game, const FastchessPgnOptions& options, bool minimal) {
    const PgnGame stored = stored_game(game);
    std::string out;
    for (const auto& [name, value] : tags_of(stored, game, minimal))
        if (!value.empty()) out += "[" + name + " \"" + escaped(value) + "\"]\n";
    out += '\n';
    return out + movetext(stored, game, options, minimal) + "\n\n";
}

std::string to_string(MoveNotation notation) {
    switch (notation) {
        case MoveNotation::lan: return "lan";
        case MoveNotation::uci: return "uci";
        case MoveNotation::san: break;
    }
    return "san";
}

bool parse_move_notation(const std::string& text, MoveNotation& notation) {
    if (text == "san") notation = MoveNotation::san;
    else if (text == "lan") notation = MoveNotation::lan;
    else if (text == "uci") notation = MoveNotation::uci;
    else return false;
    return true;
}

}  // namespace arbiter::pgn
