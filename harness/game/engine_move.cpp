#include "harness/game/engine_move.h"

#include <cctype>

#include "engine/chess/san.h"

namespace arbiter::game {
namespace {

// "e7e8=Q" / "E7E8Q" -> "e7e8q": xboard engines decorate promotions; the core wants plain UCI.
std::string plain_coordinates(const std::string& text) {
    std::string out;
    for (char c : text) {
        if (c == '=') continue;
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return out;
}

std::optional<chess::Move> try_uci(const chess::Position& position, const std::string& text) {
    try {
        return chess::parse_uci(position, plain_coordinates(text));
    } catch (const chess::MoveParseError&) {
        return std::nullopt;
    }
}

std::optional<chess::Move> try_san(const chess::Position& position, const std::string& text) {
    try {
        return chess::parse_san(position, text);
    } catch (const chess::MoveParseError&) {
        return std::nullopt;
    }
}

}  // namespace

std::optional<chess::Move> parse_engine_move(const chess::Position& position, const std::string& text,
                                             bool prefer_san) {
    if (text.empty() || text.size() > 16) return std::nullopt;
    if (prefer_san) {
        if (auto move = try_san(position, text)) return move;
        return try_uci(position, text);
    }
    if (auto move = try_uci(position, text)) return move;
    return try_san(position, text);
}

protocol::SanConverter make_san_converter(bool chess960) {
    return [chess960](const std::string& start_fen, const std::vector<std::string>& previous,
                      const std::string& move) -> std::string {
        chess::Position position(start_fen == "startpos" ? std::string(chess::kStartFen) : start_fen, chess960);
        for (const auto& played : previous) position.make_move(chess::parse_uci(position, played));
        return chess::to_san(position, chess::parse_uci(position, move));
    };
}

}  // namespace arbiter::game
