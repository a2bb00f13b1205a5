// PGN reader: any text either throws io::SourceError (with a line inside the text) or yields
// games whose start FEN parses and whose moves replay legally from it, SAN and UCI agreeing.
// A second pass with a ply limit exercises the opening-book path that skips later moves.
#include <algorithm>

#include "engine/chess/position.h"
#include "harness/pgn/reader.h"
#include "tests/fuzz/chess_checks.h"

namespace {

void check_game(const arbiter::pgn::PgnGame& game, std::size_t line_count) {
    fuzz::check(game.line >= 1 && game.line <= line_count, "game line out of range");
    chess::Position pos;
    try {
        pos.set_fen(game.start_fen, game.chess960);
    } catch (const chess::FenError& e) {
        fuzz::fail("PGN start FEN does not parse: " + game.start_fen + ": " + e.what());
    }
    for (const auto& move : game.moves) {
        chess::MoveList legal;
        chess::generate_legal(pos, legal);
        fuzz::check(legal.contains(move.move), "PGN move " + move.san + " is not legal in " + pos.fen());
        fuzz::check(move.san == chess::to_san(pos, move.move) && move.uci == chess::to_uci(pos, move.move),
                    "PGN move " + move.san + " / " + move.uci + " disagrees with the rules core in " + pos.fen());
        pos.make_move(move.move);
    }
}

void read_all(std::string_view text, arbiter::pgn::ReadOptions options) {
    const std::size_t line_count = 1 + static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
    try {
        arbiter::pgn::PgnReader reader(text, "fuzz.pgn", options);
        while (const auto game = reader.next()) {
            check_game(*game, line_count);
            fuzz::check(game->moves.size() <= options.max_plies, "PGN ply limit not respected");
        }
    } catch (const arbiter::io::SourceError& e) {
        fuzz::check(e.file() == "fuzz.pgn" && e.line() >= 1 && e.line() <= line_count,
                    std::string("PGN error with a wrong location: ") + e.what());
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::as_text(data, size);
    read_all(text, {});
    read_all(text, {.max_plies = 4});
    return 0;
}
