// SAN and UCI move parsing. The input is a sequence of moves separated by spaces, played from
// each of a fixed set of positions while they parse: a move either throws MoveParseError or is
// a legal move that to_san() writes back in a form parse_san() maps to the same move. The last
// position reached from each start also gets the legal-move round trips of chess_checks.h.
#include <array>
#include <vector>

#include "tests/fuzz/chess_checks.h"

namespace {

// Chosen to reach the awkward SAN cases: disambiguation by file, rank and both, promotions with
// and without capture, en passant, both castlings in standard and Chess960, check evasions.
struct StartPosition {
    const char* fen;
    bool chess960;
};
constexpr std::array<StartPosition, 8> kStarts{{
    {chess::kStartFen, false},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", false},
    {"1n2k3/P1P3P1/8/3Q1Q2/8/3Q1Q2/1p5p/R3K2R b KQ - 0 1", false},
    {"4k3/8/8/2pP4/8/8/8/4K3 w - c6 0 2", false},
    {"r3k2r/8/8/8/1N3N2/8/1N3N2/R3K2R w KQkq - 0 1", false},
    {"bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w FDfd - 0 1", true},
    {"1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1", true},
    {"4k3/8/8/8/8/8/3q4/4K3 w - - 0 1", false},
}};

std::vector<std::string_view> split_words(std::string_view text) {
    std::vector<std::string_view> words;
    std::size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && (text[i] == ' ' || text[i] == '\n')) ++i;
        const std::size_t start = i;
        while (i < text.size() && text[i] != ' ' && text[i] != '\n') ++i;
        if (i > start) words.push_back(text.substr(start, i - start));
    }
    return words;
}

// Returns the parsed move, or Move::none() when `word` is rejected by both notations.
chess::Move parse_either(const chess::Position& pos, std::string_view word) {
    chess::MoveList legal;
    chess::generate_legal(pos, legal);
    chess::Move found = chess::Move::none();
    try {
        found = chess::parse_san(pos, word);
    } catch (const chess::MoveParseError&) {}
    try {
        const chess::Move uci = chess::parse_uci(pos, word);
        fuzz::check(legal.contains(uci),
                    "parse_uci accepted an illegal move " + std::string(word) + " in " + pos.fen());
        if (found == chess::Move::none()) found = uci;
    } catch (const chess::MoveParseError&) {}
    if (found == chess::Move::none()) return found;
    fuzz::check(legal.contains(found), "parse_san accepted an illegal move " + std::string(word) + " in " + pos.fen());
    const std::string san = chess::to_san(pos, found);
    try {
        fuzz::check(chess::parse_san(pos, san) == found, "to_san wrote " + san + " for another move in " + pos.fen());
    } catch (const chess::MoveParseError& e) {
        fuzz::fail("to_san wrote " + san + ", which does not parse, in " + pos.fen() + ": " + e.what());
    }
    return found;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::vector<std::string_view> words = split_words(fuzz::as_text(data, size));
    for (const StartPosition& start : kStarts) {
        chess::Position pos(start.fen, start.chess960);
        for (const std::string_view word : words) {
            const chess::Move move = parse_either(pos, word);
            if (move == chess::Move::none()) break;
            pos.make_move(move);
        }
        // The fixed starts are the same every time; only a position the input reached is new.
        if (pos.history_size() > 0) fuzz::check_legal_moves(pos, false);
    }
    return 0;
}
