// The outcome texts cutechess writes to PGN. The -draw, -resign and -maxmoves flags are read in
// cli/match_flags.cpp (tests/config/test_match_args.cpp).
#include <catch2/catch.hpp>

#include "harness/adjudication/outcome.h"
#include "harness/adjudication/score.h"

using namespace arbiter::adjudication;

TEST_CASE("adjudication: result tokens", "[adjudication]") {
    CHECK(result_token(GameResult::WhiteWins) == "1-0");
    CHECK(result_token(GameResult::BlackWins) == "0-1");
    CHECK(result_token(GameResult::Draw) == "1/2-1/2");
    CHECK(result_token(GameResult::Unfinished) == "*");
    for (auto result : {GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw, GameResult::Unfinished})
        CHECK(parse_result_token(result_token(result)) == result);
    CHECK(parse_result_token("2-0") == GameResult::Unfinished);
}

TEST_CASE("adjudication: outcomes decided by the game loop use cutechess wording", "[adjudication]") {
    Outcome flag = time_forfeit(chess::WHITE);
    CHECK(flag.result == GameResult::BlackWins);
    CHECK(flag.description == "White loses on time");
    CHECK(termination_tag(flag.reason) == "time forfeit");

    Outcome illegal = illegal_move(chess::BLACK);
    CHECK(illegal.result == GameResult::WhiteWins);
    CHECK(illegal.description == "Black makes an illegal move");
    CHECK(termination_tag(illegal.reason) == "illegal move");

    CHECK(termination_tag(disconnection(chess::WHITE).reason) == "abandoned");
    CHECK(disconnection(chess::WHITE).description == "White disconnects");
    CHECK(stalled_connection(chess::BLACK).description == "Black's connection stalls");
    CHECK(termination_tag(stalled_connection(chess::BLACK).reason) == "stalled connection");
    CHECK(resignation(chess::BLACK).description == "Black resigns");
    CHECK(is_normal_termination(resignation(chess::BLACK).reason));

    Outcome stopped = interrupted();
    CHECK_FALSE(stopped.finished());
    CHECK(termination_tag(stopped.reason) == "unterminated");

    CHECK(draw_adjudication().description == "Draw by adjudication");
    CHECK(termination_tag(draw_adjudication().reason) == "adjudication");
    CHECK(win_adjudication(chess::WHITE).description == "White wins by adjudication");
    CHECK(reason_name(EndReason::TimeForfeit) == "time-forfeit");
}

TEST_CASE("adjudication: rule endings use cutechess wording", "[adjudication]") {
    Outcome mate = rule_outcome(chess::Termination::Checkmate, chess::BLACK);
    CHECK(mate.result == GameResult::WhiteWins);
    CHECK(mate.description == "White mates");
    CHECK(termination_tag(mate.reason) == "normal");
    CHECK(rule_outcome(chess::Termination::Stalemate, chess::WHITE).description == "Draw by stalemate");
    CHECK(rule_outcome(chess::Termination::Threefold, chess::WHITE).description == "Draw by 3-fold repetition");
    CHECK(rule_outcome(chess::Termination::FiftyMove, chess::WHITE).description == "Draw by fifty moves rule");
    CHECK(rule_outcome(chess::Termination::InsufficientMaterial, chess::WHITE).description ==
          "Draw by insufficient mating material");
    CHECK_FALSE(rule_outcome(chess::Termination::None, chess::WHITE).finished());
}

TEST_CASE("adjudication: mate scores compare beyond any threshold", "[adjudication]") {
    CHECK(mate_plies(5) == 9);
    CHECK(mate_plies(-2) == 4);
    CHECK(mate_plies(0) == 0);
    CHECK(comparable_centipawns(Score::cp(-250)) == -250);
    CHECK(comparable_centipawns(Score::mate(3)) == kMateScore - 5);
    CHECK(comparable_centipawns(Score::mate(-3)) == -(kMateScore - 6));
}
