// Draw rules, mate, stalemate and adjudication.
#include <catch2/catch.hpp>

#include "engine/chess/movegen.h"
#include "engine/chess/position.h"
#include "engine/chess/san.h"

using chess::Position;
using chess::Termination;

namespace {

void play(Position& pos, const std::vector<std::string>& sans) {
    for (const auto& s : sans) pos.make_move(chess::parse_san(pos, s));
}

}  // namespace

TEST_CASE("threefold repetition", "[rules]") {
    Position pos;
    play(pos, {"Nf3", "Nf6", "Ng1", "Ng8"});
    CHECK(pos.repetition_count() == 1);
    CHECK_FALSE(pos.is_threefold_repetition());
    CHECK(chess::adjudicate(pos) == Termination::None);
    play(pos, {"Nf3", "Nf6", "Ng1"});
    CHECK_FALSE(pos.is_threefold_repetition());
    play(pos, {"Ng8"});
    CHECK(pos.repetition_count() == 2);
    CHECK(pos.is_threefold_repetition());
    CHECK(chess::adjudicate(pos) == Termination::Threefold);
    CHECK(std::string(chess::to_string(chess::adjudicate(pos))) == "threefold");
}

TEST_CASE("repetitions do not reach across irreversible moves or null moves", "[rules]") {
    Position pos;
    play(pos, {"Nf3", "Nf6", "Ng1", "Ng8", "e4", "e5", "Nf3", "Nf6", "Ng1", "Ng8"});
    CHECK(pos.repetition_count() == 1);  // only the position after 1.e4 e5 recurs
    Position nulls;
    play(nulls, {"Nf3", "Nf6"});
    nulls.make_null();
    nulls.make_null();
    CHECK(nulls.repetition_count() == 0);
}

TEST_CASE("search repetition: one recurrence inside the tree is enough", "[rules]") {
    Position pos;
    play(pos, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6"});
    CHECK(pos.is_repetition(6));        // root = start; the earlier occurrence (ply 2) is inside the tree
    CHECK_FALSE(pos.is_repetition(4));  // root = ply 2: recurring to the root itself is not enough
    CHECK_FALSE(pos.is_threefold_repetition());
}

TEST_CASE("fifty-move rule, and mate on the 100th half-move wins", "[rules]") {
    Position pos("4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    CHECK_FALSE(pos.is_fifty_move_draw());
    play(pos, {"Ra2"});
    CHECK(pos.rule50() == 100);
    CHECK(pos.is_fifty_move_draw());
    CHECK(chess::adjudicate(pos) == Termination::FiftyMove);

    Position mate("6k1/5ppp/8/8/8/8/8/R3K3 w - - 99 80");
    play(mate, {"Ra8#"});
    CHECK(mate.is_fifty_move_draw());
    CHECK(chess::adjudicate(mate) == Termination::Checkmate);

    Position reset("4k3/8/8/8/8/8/4P3/4K3 w - - 99 80");
    play(reset, {"e4"});
    CHECK(reset.rule50() == 0);
}

TEST_CASE("insufficient material", "[rules]") {
    CHECK(Position("4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_insufficient_material());
    CHECK(Position("4k3/8/8/8/8/8/8/4KN2 w - - 0 1").is_insufficient_material());
    CHECK(Position("4k3/8/8/8/8/8/8/4KB2 w - - 0 1").is_insufficient_material());
    CHECK(Position("4kb2/8/8/8/8/8/8/4K3 w - - 0 1").is_insufficient_material());
    // Bishops all on one square color (f1 and c8 are both light) - dead position.
    CHECK(Position("2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1").is_insufficient_material());
    CHECK(Position("4k3/8/8/8/8/8/8/2B1KB2 w - - 0 1").is_insufficient_material() == false);
    CHECK(Position("1b2k3/8/8/8/8/8/8/4KB2 w - - 0 1").is_insufficient_material() == false);  // opposite colors
    CHECK(Position("4k3/8/8/8/8/8/8/3NKN2 w - - 0 1").is_insufficient_material() == false);   // K+N+N v K
    CHECK(Position("4kn2/8/8/8/8/8/8/4KN2 w - - 0 1").is_insufficient_material() == false);   // K+N v K+N
    CHECK(Position("4kn2/8/8/8/8/8/8/4KB2 w - - 0 1").is_insufficient_material() == false);   // K+B v K+N
    CHECK(Position("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").is_insufficient_material() == false);
    CHECK(Position("4k3/8/8/8/8/8/8/4K2R w - - 0 1").is_insufficient_material() == false);
    CHECK(Position("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").is_insufficient_material() == false);
    CHECK(chess::adjudicate(Position("4k3/8/8/8/8/8/8/4KN2 w - - 0 1")) == Termination::InsufficientMaterial);
}

TEST_CASE("checkmate and stalemate", "[rules]") {
    Position fools;
    play(fools, {"f3", "e5", "g4", "Qh4#"});
    CHECK(fools.is_checkmate());
    CHECK_FALSE(fools.is_stalemate());
    CHECK(chess::adjudicate(fools) == Termination::Checkmate);
    CHECK(std::string(chess::to_string(Termination::Checkmate)) == "checkmate");

    const Position stale("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    CHECK(stale.is_stalemate());
    CHECK_FALSE(stale.is_checkmate());
    CHECK(chess::adjudicate(stale) == Termination::Stalemate);

    const Position start;
    CHECK_FALSE(start.is_checkmate());
    CHECK_FALSE(start.is_stalemate());
    CHECK(chess::adjudicate(start) == Termination::None);
}

TEST_CASE("a position without its history plays on as the position does", "[rules]") {
    Position game;
    play(game, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8", "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6"});
    const Position copy = game.without_history();
    CHECK(copy.fen() == game.fen());
    CHECK(copy.key() == game.key());
    CHECK(copy.validate().empty());
    CHECK(copy.history_size() == 0);
    chess::MoveList moves, copy_moves;
    chess::generate_legal(game, moves);
    chess::generate_legal(copy, copy_moves);
    REQUIRE(std::vector<chess::Move>(moves.begin(), moves.end()) ==
            std::vector<chess::Move>(copy_moves.begin(), copy_moves.end()));
    for (const chess::Move move : moves) {
        Position after = game.without_history();
        after.make_move(move);
        Position reference = game;
        reference.make_move(move);
        INFO(chess::to_uci(game, move));
        CHECK(after.fen() == reference.fen());
        CHECK(after.validate().empty());
        CHECK(after.is_checkmate() == reference.is_checkmate());
    }
    CHECK(chess::to_san(game, chess::parse_uci(game, "h5f7")) == "Qxf7#");
}
