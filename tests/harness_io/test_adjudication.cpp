// -draw / -resign / -maxmoves flag values and the outcome texts cutechess writes to PGN.
#include <catch2/catch.hpp>

#include "harness/adjudication/outcome.h"
#include "harness/adjudication/rules.h"
#include "harness/adjudication/score.h"

using namespace arbiter::adjudication;

TEST_CASE("adjudication: -draw values", "[adjudication]") {
    DrawRule rule = parse_draw_flag({"movenumber=40", "movecount=8", "score=10"});
    CHECK(rule == DrawRule{40, 8, 10});
    // The same pairs in one word, as a JSON config may hold them.
    CHECK(parse_draw_flag({"movenumber=40 movecount=8  score=10"}) == rule);
    CHECK(parse_draw_flag({"score=0", "movecount=1", "movenumber=0"}) == DrawRule{0, 1, 0});
}

TEST_CASE("adjudication: -draw errors name the flag and the key", "[adjudication]") {
    CHECK_THROWS_WITH(parse_draw_flag({"movenumber=40", "score=10"}), "-draw: missing movecount=");
    CHECK_THROWS_WITH(parse_draw_flag({"movenumber=40", "movecount=8", "score=10", "moves=3"}),
                      "-draw: unknown key 'moves'");
    CHECK_THROWS_WITH(parse_draw_flag({"movenumber=x", "movecount=8", "score=10"}),
                      "-draw: movenumber=x: expected an integer");
    CHECK_THROWS_WITH(parse_draw_flag({"movenumber=4", "movecount=0", "score=10"}),
                      "-draw: movecount=0: must be at least 1");
    CHECK_THROWS_WITH(parse_draw_flag({"movenumber=4", "movecount=8", "score=-1"}),
                      "-draw: score=-1: must be at least 0");
    CHECK_THROWS_WITH(parse_draw_flag({"movenumber=4", "movenumber=5", "movecount=8", "score=1"}),
                      "-draw: key 'movenumber' given twice");
    CHECK_THROWS_WITH(parse_draw_flag({"movenumber"}), "-draw: expected key=value, got 'movenumber'");
}

TEST_CASE("adjudication: -resign values", "[adjudication]") {
    CHECK(parse_resign_flag({"movecount=3", "score=400"}) == ResignRule{3, 400, false});
    CHECK(parse_resign_flag({"movecount=3", "score=400", "twosided=true"}) == ResignRule{3, 400, true});
    CHECK(parse_resign_flag({"movecount=3", "score=400", "twosided=false"}) == ResignRule{3, 400, false});
    CHECK_THROWS_WITH(parse_resign_flag({"movecount=3", "score=400", "twosided=yes"}),
                      "-resign: twosided=yes: expected true or false");
    CHECK_THROWS_WITH(parse_resign_flag({"score=400"}), "-resign: missing movecount=");
    CHECK_THROWS_WITH(parse_resign_flag({"movecount=3", "score=4x"}), "-resign: score=4x: expected an integer");
}

TEST_CASE("adjudication: -maxmoves", "[adjudication]") {
    CHECK(parse_maxmoves_flag("100") == 100);
    CHECK(parse_maxmoves_flag("0") == 0);
    CHECK_THROWS_WITH(parse_maxmoves_flag("-1"), Catch::StartsWith("-maxmoves: '-1'"));
    CHECK_THROWS_WITH(parse_maxmoves_flag(""), Catch::StartsWith("-maxmoves: ''"));
    CHECK_THROWS_WITH(parse_maxmoves_flag("ten"), Catch::StartsWith("-maxmoves: 'ten'"));
}

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
