// The Adjudicator fed move by move: rule endings through the core, then cutechess's draw,
// resign and max-moves rules.
#include <catch2/catch.hpp>

#include "harness/adjudication/adjudicator.h"
#include "engine/chess/san.h"

using namespace arbiter::adjudication;

namespace {

// A game in progress: plays SAN moves and reports them with a given evaluation.
struct Game {
    explicit Game(Rules rules, const char* fen = chess::kStartFen) : position(fen), adjudicator(rules) {}

    std::optional<Outcome> play(const char* san, Score score = Score::none(), int depth = 10) {
        MoveReport report;
        report.mover = position.side_to_move();
        report.depth = depth;
        report.score = score;
        position.make_move(chess::parse_san(position, san));
        return adjudicator.after_move(position, report);
    }

    std::optional<Outcome> book(const char* san) {
        MoveReport report;
        report.mover = position.side_to_move();
        report.book = true;
        position.make_move(chess::parse_san(position, san));
        return adjudicator.after_move(position, report);
    }

    chess::Position position;
    Adjudicator adjudicator;
};

Rules draw_rules(int move_number, int move_count, int score) {
    Rules rules;
    rules.draw = DrawRule{move_number, move_count, score};
    return rules;
}

Rules resign_rules(int move_count, int score, bool two_sided) {
    Rules rules;
    rules.resign = ResignRule{move_count, score, two_sided};
    return rules;
}

}  // namespace

TEST_CASE("adjudicator: checkmate ends the game", "[adjudicator]") {
    Game game{Rules{}};
    CHECK_FALSE(game.play("f3"));
    CHECK_FALSE(game.play("e5"));
    CHECK_FALSE(game.play("g4"));
    auto outcome = game.play("Qh4#");
    REQUIRE(outcome);
    CHECK(outcome->result == GameResult::BlackWins);
    CHECK(outcome->reason == EndReason::Checkmate);
    CHECK(outcome->description == "Black mates");
}

TEST_CASE("adjudicator: stalemate, insufficient material, fifty moves", "[adjudicator]") {
    Game real{Rules{}, "k7/8/1QK5/8/8/8/8/8 w - - 0 1"};
    auto outcome = real.play("Kc7");
    REQUIRE(outcome);
    CHECK(outcome->reason == EndReason::Stalemate);
    CHECK(outcome->result == GameResult::Draw);

    Game bare{Rules{}, "8/8/8/7k/3r4/3K4/8/8 w - - 0 1"};
    outcome = bare.play("Kxd4");
    REQUIRE(outcome);
    CHECK(outcome->reason == EndReason::InsufficientMaterial);

    Game fifty{Rules{}, "8/8/8/3k4/8/3K4/8/R7 w - - 99 80"};
    outcome = fifty.play("Ra2");
    REQUIRE(outcome);
    CHECK(outcome->reason == EndReason::FiftyMove);
    CHECK(outcome->description == "Draw by fifty moves rule");
}

TEST_CASE("adjudicator: threefold repetition through the game's history", "[adjudicator]") {
    Game game{Rules{}};
    const char* shuffle[] = {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"};
    for (const char* san : shuffle) REQUIRE_FALSE(game.play(san));
    auto outcome = game.play("Ng8");
    REQUIRE(outcome);
    CHECK(outcome->reason == EndReason::Threefold);
    CHECK(outcome->description == "Draw by 3-fold repetition");
}

TEST_CASE("adjudicator: draw rule needs movecount full moves within score", "[adjudicator]") {
    Game game{draw_rules(2, 2, 10)};
    CHECK_FALSE(game.play("Nf3", Score::cp(5)));
    CHECK_FALSE(game.play("Nf6", Score::cp(-3)));
    CHECK_FALSE(game.play("Nc3", Score::cp(0)));
    auto outcome = game.play("Nc6", Score::cp(10));
    REQUIRE(outcome);
    CHECK(outcome->result == GameResult::Draw);
    CHECK(outcome->reason == EndReason::DrawAdjudication);
    CHECK(outcome->description == "Draw by adjudication");
}

TEST_CASE("adjudicator: draw rule waits for movenumber", "[adjudicator]") {
    Game game{draw_rules(3, 1, 10)};
    CHECK_FALSE(game.play("Nf3", Score::cp(0)));
    CHECK_FALSE(game.play("Nf6", Score::cp(0)));
    CHECK_FALSE(game.play("Nc3", Score::cp(0)));
    CHECK_FALSE(game.play("Nc6", Score::cp(0)));  // 4 plies: move 2 < 3
    CHECK_FALSE(game.play("Nb1", Score::cp(0)));
    CHECK(game.play("Nb8", Score::cp(0)));  // 6 plies = move 3
}

TEST_CASE("adjudicator: pawn moves, big scores and book moves reset the draw count", "[adjudicator]") {
    Game pawn{draw_rules(0, 1, 10)};
    CHECK_FALSE(pawn.play("Nf3", Score::cp(0)));
    CHECK_FALSE(pawn.play("e5", Score::cp(0)));  // irreversible: streak restarts at 1
    CHECK(pawn.play("Nc3", Score::cp(0)));

    Game score{draw_rules(0, 1, 10)};
    CHECK_FALSE(score.play("Nf3", Score::cp(0)));
    CHECK_FALSE(score.play("Nf6", Score::cp(11)));
    CHECK_FALSE(score.play("Nc3", Score::cp(0)));
    CHECK(score.play("Nc6", Score::cp(0)));

    Game book{draw_rules(0, 1, 10)};
    CHECK_FALSE(book.play("Nf3", Score::cp(0)));
    CHECK_FALSE(book.book("Nf6"));
    CHECK_FALSE(book.play("Nc3", Score::cp(0)));
    CHECK(book.play("Nc6", Score::cp(0)));
}

TEST_CASE("adjudicator: resign rule, one-sided", "[adjudicator]") {
    Game game{resign_rules(3, 500, false)};
    CHECK_FALSE(game.play("Nf3", Score::cp(-600)));
    CHECK_FALSE(game.play("Nf6", Score::cp(-900)));  // Black's scores count only for Black
    CHECK_FALSE(game.play("Nc3", Score::cp(-600)));
    CHECK_FALSE(game.play("Nc6", Score::cp(20)));
    auto outcome = game.play("Nb1", Score::cp(-500));  // third White move at or below -500
    REQUIRE(outcome);
    CHECK(outcome->result == GameResult::BlackWins);
    CHECK(outcome->reason == EndReason::ResignAdjudication);
    CHECK(outcome->description == "Black wins by adjudication");
    CHECK(termination_tag(outcome->reason) == "adjudication");
}

TEST_CASE("adjudicator: resign rule, two-sided needs the winner to agree", "[adjudicator]") {
    Game lukewarm{resign_rules(2, 500, true)};
    CHECK_FALSE(lukewarm.play("Nf3", Score::cp(-700)));
    CHECK_FALSE(lukewarm.play("Nf6", Score::cp(100)));
    CHECK_FALSE(lukewarm.play("Nc3", Score::cp(-700)));
    CHECK_FALSE(lukewarm.play("Nc6", Score::cp(100)));

    Game agreed{resign_rules(2, 500, true)};
    CHECK_FALSE(agreed.play("Nf3", Score::cp(-700)));
    CHECK_FALSE(agreed.play("Nf6", Score::cp(650)));
    CHECK_FALSE(agreed.play("Nc3", Score::cp(-700)));
    CHECK_FALSE(agreed.play("Nc6", Score::cp(650)));  // Black's count is about White losing
    auto outcome = agreed.play("Nb1", Score::cp(-700));
    REQUIRE(outcome);
    CHECK(outcome->result == GameResult::BlackWins);
}

TEST_CASE("adjudicator: mate scores trigger resignation", "[adjudicator]") {
    Game game{resign_rules(2, 900, false)};
    CHECK_FALSE(game.play("Nf3", Score::cp(0)));
    CHECK_FALSE(game.play("Nf6", Score::mate(-5)));
    CHECK_FALSE(game.play("Nc3", Score::cp(0)));
    auto outcome = game.play("Nc6", Score::mate(-4));
    REQUIRE(outcome);
    CHECK(outcome->result == GameResult::WhiteWins);
}

TEST_CASE("adjudicator: moves without evaluation reset the mover's resign count", "[adjudicator]") {
    Game game{resign_rules(2, 500, false)};
    CHECK_FALSE(game.play("Nf3", Score::cp(-600)));
    CHECK_FALSE(game.play("Nf6", Score::cp(0)));
    CHECK_FALSE(game.play("Nc3", Score::none()));  // no score: count restarts
    CHECK_FALSE(game.play("Nc6", Score::cp(0)));
    CHECK_FALSE(game.play("Nb1", Score::cp(-600), 0));  // depth 0: no evaluation either
    CHECK_FALSE(game.play("Nb8", Score::cp(0)));
    CHECK_FALSE(game.play("Nc3", Score::cp(-600)));
    CHECK_FALSE(game.play("Nc6", Score::cp(0)));
    CHECK(game.play("Nb1", Score::cp(-600)));
}

TEST_CASE("adjudicator: maxmoves declares a draw after 2N plies", "[adjudicator]") {
    Rules rules;
    rules.max_moves = 2;
    Game game{rules};
    CHECK_FALSE(game.play("e4", Score::cp(50)));
    CHECK_FALSE(game.play("e5", Score::cp(50)));
    CHECK_FALSE(game.book("Nf3"));
    auto outcome = game.play("Nc6", Score::cp(50));
    REQUIRE(outcome);
    CHECK(outcome->reason == EndReason::MaxMovesAdjudication);
    CHECK(outcome->result == GameResult::Draw);
    CHECK(outcome->description == "Draw by adjudication");

    game.adjudicator.reset();  // counters only; the rule still sees the position's plies
    CHECK(game.play("Bc4", Score::cp(50)));
}

TEST_CASE("adjudicator: mate on the board wins over adjudication", "[adjudicator]") {
    Rules rules = resign_rules(1, 100, false);
    rules.max_moves = 2;
    Game game{rules};
    CHECK_FALSE(game.play("f3", Score::cp(0)));
    CHECK_FALSE(game.play("e5", Score::cp(0)));
    CHECK_FALSE(game.play("g4", Score::cp(0)));
    auto outcome = game.play("Qh4#", Score::cp(-5000));
    REQUIRE(outcome);
    CHECK(outcome->reason == EndReason::Checkmate);
}
