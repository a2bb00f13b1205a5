#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <sstream>

#include "engine/chess/position.h"
#include "engine/eval.h"
#include "engine/features.h"

using namespace tempo;

namespace {

// The same position with colours swapped and the board flipped vertically.
std::string mirror_fen(const std::string& fen) {
    std::istringstream fields(fen);
    std::string board, side, castling, ep, rule50, moves;
    fields >> board >> side >> castling >> ep >> rule50 >> moves;
    std::vector<std::string> ranks;
    std::stringstream board_stream(board);
    for (std::string rank; std::getline(board_stream, rank, '/');) ranks.push_back(rank);
    std::reverse(ranks.begin(), ranks.end());
    std::string flipped;
    for (std::size_t i = 0; i < ranks.size(); ++i) {
        if (i) flipped += '/';
        for (char c : ranks[i]) flipped += std::isalpha(static_cast<unsigned char>(c)) ? char(c ^ 32) : c;
    }
    std::string flipped_castling = castling;
    for (char& c : flipped_castling)
        if (c != '-') c = char(c ^ 32);
    std::string flipped_ep = ep == "-" ? ep : std::string{ep[0], char('1' + '8' - ep[1])};
    return flipped + (side == "w" ? " b " : " w ") + flipped_castling + " " + flipped_ep + " " + rule50 + " " + moves;
}

const char* kEvalPositions[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
    "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1",
    "4k3/8/3P4/8/8/8/5p2/4K3 w - - 0 1",  // advanced passers: valued by hand-set and tuned terms alike
};

}  // namespace

TEST_CASE("eval is colour-symmetric for every feature set", "[eval]") {
    FeatureSet with_none = FeatureSet::none();
    for (const FeatureSet& features : {FeatureSet::all(), with_none}) {
        for (const char* fen : kEvalPositions) {
            chess::Position pos(fen);
            chess::Position mirrored(mirror_fen(fen));
            INFO(fen << " vs " << mirror_fen(fen));
            CHECK(evaluate(pos, features) == evaluate(mirrored, features));
        }
    }
}

TEST_CASE("each eval feature changes the eval of some position", "[eval]") {
    for (Feature feature : {Feature::TaperedEval, Feature::PassedPawns, Feature::Mobility, Feature::KingSafety}) {
        FeatureSet without = FeatureSet::all();
        without.set(feature, false);
        bool changed = false;
        for (const char* fen : kEvalPositions) {
            chess::Position pos(fen);
            changed = changed || evaluate(pos, FeatureSet::all()) != evaluate(pos, without);
        }
        INFO(feature_info(feature).name);
        CHECK(changed);
    }
}

TEST_CASE("drawish pawnless endings are draws under InsufficientMaterial", "[eval]") {
    for (const char* fen : {"8/2k5/8/8/8/8/1q6/3QK3 w - - 0 1", "8/8/3k4/8/8/7r/R7/4K3 w - - 0 1",
                            "8/8/3k4/8/8/5b2/R7/4K3 w - - 0 1", "8/8/3k4/8/8/8/2NN4/4K3 w - - 0 1"}) {
        chess::Position pos(fen);
        INFO(fen);
        CHECK(is_drawish_pawnless(pos));
        CHECK(evaluate(pos, FeatureSet::all()) == 0);
        FeatureSet without = FeatureSet::all();
        without.set(Feature::InsufficientMaterial, false);
        CHECK(evaluate(pos, without) != 0);
    }
    for (const char* fen : {"8/8/8/4k3/8/8/8/3QK3 w - - 0 1", "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
                            "8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"}) {
        chess::Position pos(fen);
        INFO(fen);
        CHECK_FALSE(is_drawish_pawnless(pos));
    }
}

TEST_CASE("an unstoppable passed pawn is worth nearly a queen", "[eval]") {
    chess::Position runs("8/k7/8/8/8/8/7P/K7 w - - 0 1");     // rule of the square: h-pawn queens
    chess::Position caught("8/8/8/8/6k1/8/7P/K7 w - - 0 1");  // the king is inside the square
    CHECK(evaluate(runs, FeatureSet::all()) - evaluate(caught, FeatureSet::all()) > 400);
}
