#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>

#include "engine/chess/movegen.h"
#include "engine/chess/position.h"
#include "engine/history.h"
#include "engine/movepick.h"

using namespace tempo;

namespace {

chess::Position random_position(std::mt19937& random) {
    chess::Position pos;
    int plies = int(random() % 80);
    for (int ply = 0; ply < plies; ++ply) {
        chess::MoveList moves;
        chess::generate_legal(pos, moves);
        if (moves.empty()) break;
        pos.make_move(moves[random() % moves.size()]);
    }
    return pos;
}

// Any 16-bit pattern: hash moves and killers may be stale or illegal here.
chess::Move random_move(std::mt19937& random, const chess::MoveList& legal) {
    if (!legal.empty() && random() % 2) return legal[random() % legal.size()];
    return chess::Move(std::uint16_t(random()));
}

std::set<std::uint16_t> raw_set(const chess::MoveList& moves) {
    std::set<std::uint16_t> raws;
    for (chess::Move move : moves) raws.insert(move.raw());
    return raws;
}

}  // namespace

TEST_CASE("the move picker yields every legal move exactly once", "[movepick]") {
    std::mt19937 random(7);
    const Feature ordering[] = {Feature::StagedMoveGen, Feature::MvvLva, Feature::HashMoveFirst, Feature::KillerMoves,
                                Feature::HistoryHeuristic};
    for (int trial = 0; trial < 400; ++trial) {
        chess::Position pos = random_position(random);
        chess::MoveList legal;
        chess::generate_legal(pos, legal);
        FeatureSet features = FeatureSet::all();
        for (Feature feature : ordering) features.set(feature, random() % 2);
        History history;
        history.add_killer(3, random_move(random, legal));
        history.add_killer(3, random_move(random, legal));
        for (chess::Move move : legal) history.reward(pos.moved_piece(move), move.to(), int(random() % 8));
        MovePicker picker(pos, history, features, random_move(random, legal), 3);
        chess::MoveList picked;
        for (chess::Move move = picker.next(); move; move = picker.next()) picked.push_back(move);
        INFO(pos.fen() << " features " << describe_features(features));
        CHECK(picked.size() == legal.size());
        CHECK(raw_set(picked) == raw_set(legal));
    }
}

TEST_CASE("the quiescence picker yields legal captures, or all evasions in check", "[movepick]") {
    std::mt19937 random(11);
    for (int trial = 0; trial < 400; ++trial) {
        chess::Position pos = random_position(random);
        chess::MoveList legal;
        chess::generate_legal(pos, legal);
        History history;
        const FeatureSet features = FeatureSet::all();
        MovePicker picker(pos, history, features, random_move(random, legal), chess::SQ_NONE);
        chess::MoveList picked;
        for (chess::Move move = picker.next(); move; move = picker.next()) picked.push_back(move);
        INFO(pos.fen());
        for (chess::Move move : picked) CHECK(legal.contains(move));
        if (pos.in_check()) {
            CHECK(raw_set(picked) == raw_set(legal));
        } else {
            std::size_t wanted = std::count_if(legal.begin(), legal.end(), [&](chess::Move m) {
                bool under_promotion = m.kind() == chess::Move::PROMOTION && m.promotion_type() != chess::QUEEN;
                return pos.is_capture_or_promotion(m) && !under_promotion;
            });
            CHECK(picked.size() == wanted);
            CHECK(raw_set(picked).size() == picked.size());
        }
    }
}

TEST_CASE("with MvvLva the most valuable victim comes first", "[movepick]") {
    chess::Position pos("4k3/8/8/3q1r2/4P3/8/8/4K3 w - - 0 1");  // exf5 or exd5
    History history;
    const FeatureSet features = FeatureSet::all();
    MovePicker picker(pos, history, features, chess::Move::none(), 0);
    CHECK(picker.next() == chess::Move(chess::E4, chess::D5));
}
