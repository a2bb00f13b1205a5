// Pure parsing/formatting of UCI and CECP lines.
#include "harness/protocol/engine_client.h"
#include "harness/protocol/uci_parse.h"
#include "harness/protocol/xboard_parse.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <limits>

using namespace arbiter::protocol;
using namespace std::chrono_literals;

TEST_CASE("uci: option lines", "[unit][uci]") {
    auto hash = parse_uci_option("option name Hash type spin default 16 min 1 max 33554432");
    REQUIRE(hash);
    CHECK(hash->name == "Hash");
    CHECK(hash->type == OptionType::Spin);
    CHECK(hash->default_value == "16");
    CHECK(hash->min == 1);
    CHECK(hash->max == 33554432);

    auto combo =
        parse_uci_option("option name Play Style type combo default Very Solid var Solid var Very Solid var Risky");
    REQUIRE(combo);
    CHECK(combo->name == "Play Style");
    CHECK(combo->default_value == "Very Solid");
    CHECK(combo->choices == std::vector<std::string>{"Solid", "Very Solid", "Risky"});

    auto path = parse_uci_option("option name SyzygyPath type string default <empty>");
    REQUIRE(path);
    CHECK(path->type == OptionType::String);
    CHECK(path->default_value.empty());

    auto button = parse_uci_option("option name Clear Hash type button");
    REQUIRE(button);
    CHECK(button->type == OptionType::Button);

    CHECK_FALSE(parse_uci_option("option type spin default 1"));
    CHECK_FALSE(parse_uci_option("info depth 1"));
    CHECK_FALSE(parse_uci_option(""));
}

TEST_CASE("uci: info lines", "[unit][uci]") {
    const auto info = parse_uci_info(
        "info depth 9 seldepth 12 multipv 1 score cp -27 upperbound nodes 10000 nps 769230 hashfull 2 "
        "tbhits 0 time 13 pv c7c5 g1f3");
    CHECK(info.depth == 9);
    CHECK(info.seldepth == 12);
    CHECK(info.multipv == 1);
    REQUIRE(info.score);
    CHECK(*info.score == Score{ScoreKind::Centipawns, -27, ScoreBound::Upper});
    CHECK(info.nodes == 10000u);
    CHECK(info.nps == 769230u);
    CHECK(info.hashfull == 2);
    CHECK(info.time == 13ms);
    CHECK(info.pv == std::vector<std::string>{"c7c5", "g1f3"});

    const auto mate =
        parse_uci_info("info score mate -3 lowerbound depth 20 wdl 0 10 990 currmove e2e4 currmovenumber 4");
    CHECK(*mate.score == Score{ScoreKind::Mate, -3, ScoreBound::Lower});
    CHECK(mate.depth == 20);
    CHECK(mate.wdl == std::array<int, 3>{0, 10, 990});
    CHECK(mate.currmove == "e2e4");
    CHECK(mate.currmovenumber == 4);

    const auto text = parse_uci_info("info string NNUE evaluation  using nn.bin enabled depth 3");
    CHECK(text.string == "NNUE evaluation  using nn.bin enabled depth 3");
    CHECK_FALSE(text.depth);

    // `string` as the first field is the rest of the line, however it is spaced; anywhere else too.
    CHECK(parse_uci_info("  info\t string   spaced  out \r").string == "spaced  out");
    CHECK(parse_uci_info("info string").string == "");
    CHECK(parse_uci_info("info depth 3 string hi  there").string == "hi  there");
    CHECK(parse_uci_info("info depth 3 string hi").depth == 3);
    CHECK_FALSE(parse_uci_info("info stringent depth 4").string);
    CHECK(parse_uci_info("info stringent depth 4").depth == 4);

    // Every field word is known: the ones arbiter skips (refutation, currline, sbhits, cpuload) take
    // their values with them, so none is read as part of the PV or as another field.
    const auto skipped = parse_uci_info(
        "info refutation d1h5 g6h5 currline 1 e2e4 sbhits 3 cpuload 500 tbhits 7 nps 9 seldepth 4 hashfull 5 "
        "currmove b1c3 currmovenumber 2 multipv 1 time 8 nodes 6 depth 2 pv a2a3 a7a6");
    CHECK(skipped.tbhits == 7u);
    CHECK(skipped.nps == 9u);
    CHECK(skipped.seldepth == 4);
    CHECK(skipped.hashfull == 5);
    CHECK(skipped.currmove == "b1c3");
    CHECK(skipped.currmovenumber == 2);
    CHECK(skipped.multipv == 1);
    CHECK(skipped.time == 8ms);
    CHECK(skipped.nodes == 6u);
    CHECK(skipped.depth == 2);
    CHECK(skipped.pv == std::vector<std::string>{"a2a3", "a7a6"});
    // A PV ends at the next field word, whatever its length.
    CHECK(parse_uci_info("info pv e2e4 nps 5").pv == std::vector<std::string>{"e2e4"});
    CHECK(parse_uci_info("info pv e2e4 refutation e7e5").pv == std::vector<std::string>{"e2e4"});
    CHECK(parse_uci_info("info pv e2e4 currmovenumber 3").pv == std::vector<std::string>{"e2e4"});
    CHECK(parse_uci_info("info pv e2e4 e7e5x depthx").pv == std::vector<std::string>{"e2e4", "e7e5x", "depthx"});

    // pv in the middle, followed by more fields
    const auto middle = parse_uci_info("info pv e2e4 e7e5 depth 5 nodes 77");
    CHECK(middle.pv.size() == 2);
    CHECK(middle.depth == 5);
    CHECK(middle.nodes == 77u);
}

TEST_CASE("uci: garbage never crashes and keeps what parses", "[unit][uci]") {
    const auto junk =
        parse_uci_info("info depth x nodes -5 score cp time 12 score mate nps 99999999999999999999999 pv");
    CHECK_FALSE(junk.depth);
    CHECK_FALSE(junk.nodes);
    CHECK_FALSE(junk.score);
    CHECK(junk.time == 12ms);
    CHECK_FALSE(junk.nps);
    CHECK(junk.pv.empty());
    for (const char* line : {"info", "info ", "info score", "info score cp", "info wdl 1 2", "info string",
                             "infox depth 3", "\x01\xff info depth", "info depth 99999999999"})
        CHECK_NOTHROW(parse_uci_info(line));
}

TEST_CASE("uci: bestmove and merging", "[unit][uci]") {
    auto best = parse_bestmove("bestmove e7e8q ponder a2a1q");
    REQUIRE(best);
    CHECK(best->move == "e7e8q");
    CHECK(best->ponder == "a2a1q");
    CHECK(parse_bestmove("bestmove (none)")->move == "(none)");
    CHECK(parse_bestmove("bestmove")->move.empty());
    CHECK_FALSE(parse_bestmove("bestmoves e2e4"));

    SearchInfo total;
    merge_search_info(total, parse_uci_info("info depth 5 multipv 1 score cp 20 pv e2e4"));
    merge_search_info(total, parse_uci_info("info depth 5 multipv 2 score cp 10 pv d2d4"));
    merge_search_info(total, parse_uci_info("info nodes 500 time 7"));
    CHECK(total.score->value == 20);
    CHECK(total.pv == std::vector<std::string>{"e2e4"});
    CHECK(total.depth == 5);
    CHECK(total.time == 7ms);
}

TEST_CASE("uci: command formatting", "[unit][uci]") {
    SearchRequest clock;
    clock.clock = ClockState{60000ms, 59000ms, 1000ms, 1000ms, 40};
    CHECK(format_uci_go(clock) == "go wtime 60000 btime 59000 winc 1000 binc 1000 movestogo 40");
    SearchRequest nodes;
    nodes.nodes = 10000;
    CHECK(format_uci_go(nodes) == "go nodes 10000");
    SearchRequest negative;
    negative.clock = ClockState{-5ms, 100ms, 0ms, 0ms, 0};
    CHECK(format_uci_go(negative) == "go wtime 0 btime 100");
    CHECK_THROWS_AS(format_uci_go(SearchRequest{}), OptionError);
    SearchRequest every;
    every.ponder = true;
    every.clock = ClockState{1500ms, 2500ms, 10ms, 20ms, 0};
    every.movetime = 300ms;
    every.nodes = std::numeric_limits<std::uint64_t>::max();
    every.depth = 12;
    CHECK(format_uci_go(every) ==
          "go ponder wtime 1500 btime 2500 winc 10 binc 20 movetime 300 nodes 18446744073709551615 depth 12");
    SearchRequest infinite;
    infinite.infinite = true;
    // The reused buffer: each line replaces the last, whatever it held.
    std::string go = "stale text longer than the line written over it, from an earlier move";
    format_uci_go_into(go, infinite);
    CHECK(go == "go infinite");
    format_uci_go_into(go, nodes);
    CHECK(go == "go nodes 10000");
    CHECK(format_uci_position("startpos", {}) == "position startpos");
    CHECK(format_uci_position("8/8/8/8/8/8/8/K1k5 w - - 0 1", {"a1a2"}) ==
          "position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1 moves a1a2");
    CHECK(format_uci_position("  startpos ", {"e2e4", "e7e5"}) == "position startpos moves e2e4 e7e5");

    // The reused buffer: each line replaces the last, longer or shorter, whatever it held.
    std::string line = "left over from an earlier, much longer position line than any below";
    format_uci_position_into(line, "startpos", {"e2e4"});
    CHECK(line == "position startpos moves e2e4");
    format_uci_position_into(line, " 8/8/8/8/8/8/8/K1k5 w - - 0 1 ", {});
    CHECK(line == "position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1");
    format_uci_position_into(line, "startpos", {});
    CHECK(line == "position startpos");
}

TEST_CASE("xboard: feature lines", "[unit][xboard]") {
    const auto features = parse_feature_line(
        "feature myname=\"Phalanx XXV\" analyze=1 setboard=1 option=\"Randomizer (0-50) -slider 0 0 50\" ping=1 done=1 junk");
    REQUIRE(features.size() == 6);
    CHECK(features[0].name == "myname");
    CHECK(features[0].value == "Phalanx XXV");
    CHECK(features[3].value == "Randomizer (0-50) -slider 0 0 50");
    CHECK(features[5].name == "done");
    CHECK(parse_feature_line("feature myname=\"unterminated").at(0).value == "unterminated");
    CHECK(parse_feature_line("features ping=1").empty());
}

TEST_CASE("xboard: option features", "[unit][xboard]") {
    auto slider = parse_xboard_option("Randomizer (0-50) -slider 0 0 50");
    REQUIRE(slider);
    CHECK(slider->name == "Randomizer (0-50)");
    CHECK(slider->type == OptionType::Spin);
    CHECK(slider->max == 50);
    auto combo = parse_xboard_option("Style -combo Solid /// *Normal /// Risky");
    REQUIRE(combo);
    CHECK(combo->default_value == "Normal");
    CHECK(combo->choices.size() == 3);
    auto check = parse_xboard_option("Use Book -check 1");
    CHECK(check->default_value == "true");
    auto file = parse_xboard_option("Book File -file /usr/share/book -check.bin");
    CHECK(file->type == OptionType::String);
    CHECK(file->default_value == "/usr/share/book -check.bin");
    CHECK_FALSE(parse_xboard_option("no type here"));
}

TEST_CASE("xboard: thinking output and moves", "[unit][xboard]") {
    auto phalanx = parse_thinking_line("  9    -13     6    52391  e7-e5  Nb1-c3  Nb8-c6");
    REQUIRE(phalanx);
    CHECK(phalanx->depth == 9);
    CHECK(phalanx->score->value == -13);
    CHECK(phalanx->time == 60ms);
    CHECK(phalanx->nodes == 52391u);
    CHECK(phalanx->pv.size() == 3);

    auto hoichess = parse_thinking_line("4 -55 0 4106 2. ... e5 3. dxe5 d6");
    REQUIRE(hoichess);
    CHECK(hoichess->pv == std::vector<std::string>{"e5", "dxe5", "d6"});

    auto extended = parse_thinking_line("12& 100003 150 900000 15 6000000 0\tQh7+ Kf8 Qh8#");
    REQUIRE(extended);
    CHECK(extended->depth == 12);
    CHECK(*extended->score == Score{ScoreKind::Mate, 3, ScoreBound::Exact});
    CHECK(extended->seldepth == 15);
    CHECK(extended->nps == 6000000u);
    CHECK(extended->pv.size() == 3);
    CHECK(parse_thinking_line("5 -99995 10 100 a1a2")->score->value == -3);

    CHECK_FALSE(parse_thinking_line("1-0 {White mates}"));
    CHECK_FALSE(parse_thinking_line("1. ... e5"));
    CHECK_FALSE(parse_thinking_line("move e2e4"));
    CHECK_FALSE(parse_thinking_line("3 10 0"));

    CHECK(parse_move_reply("move e7e5") == "e7e5");
    CHECK(parse_move_reply("12. ... Nf3") == "Nf3");
    CHECK(parse_move_reply("12... O-O") == "O-O");
    CHECK_FALSE(parse_move_reply("4 -40 0 3565 1. ... Nc6"));
    CHECK(is_coordinate_move("e7e8q"));
    CHECK(is_coordinate_move("e7e8=Q"));
    CHECK(is_coordinate_move("e1g1"));
    CHECK_FALSE(is_coordinate_move("Nf3"));
    CHECK_FALSE(is_coordinate_move("O-O"));
    CHECK_FALSE(is_coordinate_move("e4"));

    CHECK(parse_result_claim("1/2-1/2 {Draw by repetition}"));
    CHECK_FALSE(parse_result_claim("1-0x"));
    CHECK(parse_rejection("Illegal move: sd 4") == "sd 4");
    CHECK(parse_rejection("Illegal move (no matching move): e2e5") == "e2e5");
    CHECK(parse_rejection("Error (unknown command): computer") == "computer");
    CHECK(parse_rejection("Illegal move") == "");
    CHECK_FALSE(parse_rejection("move e2e4"));
}

TEST_CASE("xboard: time controls and FEN helpers", "[unit][xboard]") {
    CHECK(format_level({40, 300000ms, 0ms}) == "level 40 5 0");
    CHECK(format_level({0, 90000ms, 500ms}) == "level 0 1:30 0.5");
    CHECK(format_level({0, 10000ms, 100ms}) == "level 0 0:10 0.1");
    CHECK(format_level({0, 120000ms, 2000ms}) == "level 0 2 2");
    CHECK(st_seconds(300ms) == 1);
    CHECK(st_seconds(2400ms) == 2);

    CHECK(is_standard_start("startpos"));
    CHECK(is_standard_start(std::string(kStartFen)));
    CHECK_FALSE(is_standard_start("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"));
    CHECK(white_to_move("startpos", 0));
    CHECK_FALSE(white_to_move("startpos", 1));
    CHECK(white_to_move("8/8/8/8/8/8/8/K1k5 b - - 0 1", 1));

    const auto edit = edit_mode_commands("8/8/8/8/8/8/P7/K1k5 w - - 0 1");
    CHECK(edit == std::vector<std::string>{"edit", "#", "Pa2", "Ka1", "c", "Kc1", "."});
}
