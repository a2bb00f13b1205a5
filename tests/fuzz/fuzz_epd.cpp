// EPD reader: any text either throws io::SourceError (with a line inside the text) or yields
// records whose FEN re-parses and whose resolved moves are legal in that position.
#include <algorithm>

#include "engine/chess/position.h"
#include "harness/epd/epd.h"
#include "tests/fuzz/chess_checks.h"

namespace {

void check_moves_legal(const chess::Position& pos, const std::vector<arbiter::epd::EpdMove>& moves) {
    chess::MoveList legal;
    chess::generate_legal(pos, legal);
    for (const auto& move : moves) {
        fuzz::check(legal.contains(move.move), "EPD move " + move.san + " is not legal in " + pos.fen());
        fuzz::check(move.uci == chess::to_uci(pos, move.move), "EPD move " + move.san + " has UCI " + move.uci);
    }
}

void check_record(const arbiter::epd::EpdRecord& record, std::size_t line_count) {
    fuzz::check(record.line >= 1 && record.line <= line_count, "record line out of range");
    chess::Position pos;
    try {
        pos.set_fen(record.fen, record.chess960);
    } catch (const chess::FenError& e) {
        fuzz::fail("EPD record FEN does not re-parse: " + record.fen + ": " + e.what());
    }
    fuzz::check(pos.fen() == record.fen, "EPD record FEN is not canonical: " + record.fen);
    check_moves_legal(pos, record.best_moves);
    check_moves_legal(pos, record.avoid_moves);
    for (const auto& scored : record.scored_moves) check_moves_legal(pos, {scored.move});
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::as_text(data, size);
    const std::size_t line_count = 1 + static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
    for (const bool resolve_moves : {true, false}) {
        try {
            const auto records = arbiter::epd::parse_epd_text(text, "fuzz.epd", {resolve_moves});
            for (const auto& record : records) check_record(record, line_count);
        } catch (const arbiter::io::SourceError& e) {
            fuzz::check(e.file() == "fuzz.epd" && e.line() >= 1 && e.line() <= line_count,
                        std::string("EPD error with a wrong location: ") + e.what());
        }
    }
    return 0;
}
