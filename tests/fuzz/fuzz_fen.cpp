// FEN reader: any text either throws FenError or yields a consistent position whose fen()
// re-parses to the same position, in standard and in Chess960 mode; from an accepted position
// every legal move round-trips through SAN and UCI and make/unmake.
#include "tests/fuzz/chess_checks.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text = fuzz::as_text(data, size);
    for (const bool chess960 : {false, true}) {
        chess::Position pos;
        try {
            pos.set_fen(text, chess960);
        } catch (const chess::FenError&) {
            continue;
        }
        fuzz::check_fen_round_trip(pos);
        fuzz::check_legal_moves(pos, true);
    }
    return 0;
}
