// PGN writer: cutechess-cli's exact layout (tags, comments, wrapping) and round trips through
// the reader.
#include <catch2/catch.hpp>

#include <cctype>
#include <climits>
#include <cstdio>
#include <sstream>

#include "engine/chess/movegen.h"
#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "harness/pgn/reader.h"
#include "harness/pgn/cutechess_layout.h"
#include "tests/support/text_file.h"

using namespace arbiter;
using arbiter::adjudication::Score;
using arbiter::pgn::GameRecord;
using arbiter::pgn::MoveEval;
using arbiter::pgn::WrittenMove;

namespace {

WrittenMove book(const char* uci) { return WrittenMove{uci, true, std::nullopt, {}}; }

WrittenMove engine(const char* uci, Score score, int depth, std::int64_t ms) {
    return WrittenMove{uci, false, MoveEval{score, depth, ms}, {}};
}

GameRecord scholars_mate() {
    GameRecord game;
    game.event = "Test Event";
    game.site = "local";
    game.date = "2024.01.02";
    game.round = "3";
    game.white = "tempo";
    game.black = "stockfish";
    game.white_tc = game.black_tc = tc::parse_time_control("40/60");
    game.outcome = adjudication::rule_outcome(chess::Termination::Checkmate, chess::BLACK);
    game.moves = {book("e2e4"),
                  book("e7e5"),
                  engine("f1c4", Score::cp(31), 12, 450),
                  engine("b8c6", Score::cp(-25), 11, 1234),
                  engine("d1h5", Score::cp(100), 9, 50),
                  engine("g8f6", Score::mate(-1), 5, 100),
                  engine("h5f7", Score::mate(1), 1, 0)};
    game.extra_tags = {{"GameStartTime", "2024-01-02T10:00:00.000 UTC"},
                       {"GameEndTime", "2024-01-02T10:00:03.000 UTC"},
                       {"GameDuration", "00:00:03"}};
    return game;
}

// True when `text` has the shape of `pattern`, where '9' stands for any digit and '*' for any
// non-empty rest (a time-zone name).
bool has_shape(const std::string& text, const std::string& pattern) {
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        if (pattern[i] == '*') return text.size() > i;
        if (i >= text.size()) return false;
        if (pattern[i] == '9' ? !std::isdigit(static_cast<unsigned char>(text[i])) : text[i] != pattern[i])
            return false;
    }
    return text.size() == pattern.size();
}

using test_support::lines_of;

// A long, deterministic legal game for wrapping and round-trip tests.
GameRecord long_game(int plies) {
    GameRecord game;
    game.outcome = adjudication::draw_adjudication(adjudication::EndReason::MaxMovesAdjudication);
    chess::Position pos;
    for (int ply = 0; ply < plies; ++ply) {
        chess::MoveList legal;
        chess::generate_legal(pos, legal);
        if (legal.empty()) break;
        chess::Move move = legal[(ply * 7 + 3) % legal.size()];
        game.moves.push_back(engine("", Score::cp((ply * 37) % 900 - 450), 10 + ply % 20, 37 * ply));
        game.moves.back().uci = chess::to_uci(pos, move);
        pos.make_move(move);
        if (chess::adjudicate(pos) != chess::Termination::None) break;
    }
    return game;
}

}  // namespace

TEST_CASE("pgn writer: score and comment texts as cutechess prints them", "[pgn]") {
    using pgn::MateNotation;
    CHECK(pgn::score_text(Score::cp(31)) == "+0.31");
    CHECK(pgn::score_text(Score::cp(-25)) == "-0.25");
    CHECK(pgn::score_text(Score::cp(0)) == "0.00");
    CHECK(pgn::score_text(Score::cp(-1)) == "-0.01");
    CHECK(pgn::score_text(Score::cp(1500)) == "+15.00");
    // Whole centipawns are printed as printf's "%.2f" of cp / 100 prints them, '+' added.
    for (const int cp : {-32001, -10000, -999, -100, -99, -10, -9, 9, 10, 99, 100, 101, 999, 12345, INT_MIN, INT_MAX}) {
        char expected[64];
        std::snprintf(expected, sizeof expected, "%s%.2f", cp > 0 ? "+" : "", cp / 100.0);
        CHECK(pgn::score_text(Score::cp(cp)) == expected);
    }
    CHECK(pgn::score_text(Score::mate(5)) == "+M9");
    CHECK(pgn::score_text(Score::mate(-2)) == "-M4");
    CHECK(pgn::score_text(Score::mate(5), MateNotation::Moves) == "+M5");
    CHECK(pgn::score_text(Score::mate(-3), MateNotation::Moves) == "-M3");
    CHECK(pgn::score_text(Score::none()).empty());

    CHECK(pgn::eval_comment({Score::cp(31), 12, 450}) == "+0.31/12 0.45s");
    CHECK(pgn::eval_comment({Score::cp(31), 12, 45}) == "+0.31/12 0.045s");
    CHECK(pgn::eval_comment({Score::cp(31), 12, 4500}) == "+0.31/12 4.5s");
    CHECK(pgn::eval_comment({Score::cp(31), 12, 45000}) == "+0.31/12 45s");
    CHECK(pgn::eval_comment({Score::cp(31), 12, 0}) == "+0.31/12 0s");
    CHECK(pgn::eval_comment({Score::none(), 0, 300}).empty());
    CHECK(pgn::eval_comment({Score::none(), 0, 700}) == "0.70s");
}

TEST_CASE("pgn writer: a complete game in cutechess layout", "[pgn]") {
    const std::string expected =
        "[Event \"Test Event\"]\n"
        "[Site \"local\"]\n"
        "[Date \"2024.01.02\"]\n"
        "[Round \"3\"]\n"
        "[White \"tempo\"]\n"
        "[Black \"stockfish\"]\n"
        "[Result \"1-0\"]\n"
        "[GameDuration \"00:00:03\"]\n"
        "[GameEndTime \"2024-01-02T10:00:03.000 UTC\"]\n"
        "[GameStartTime \"2024-01-02T10:00:00.000 UTC\"]\n"
        "[PlyCount \"7\"]\n"
        "[TimeControl \"40/60\"]\n"
        "\n"
        "1. e4 {book} e5 {book} 2. Bc4 {+0.31/12 0.45s} Nc6 {-0.25/11 1.2s}\n"
        "3. Qh5 {+1.00/9 0.050s} Nf6 {-M2/5 0.10s} 4. Qxf7# {+M1/1 0s, White mates} 1-0\n"
        "\n";
    CHECK(pgn::write_game(scholars_mate()) == expected);
}

TEST_CASE("pgn writer: minimal mode keeps the roster and the moves", "[pgn]") {
    pgn::WriterOptions options;
    options.minimal = true;
    const std::string expected =
        "[Event \"Test Event\"]\n[Site \"local\"]\n[Date \"2024.01.02\"]\n[Round \"3\"]\n[White \"tempo\"]\n"
        "[Black \"stockfish\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n";
    CHECK(pgn::write_game(scholars_mate(), options) == expected);
}

TEST_CASE("pgn writer: adjudicated games carry Termination and odds give two TimeControls", "[pgn]") {
    GameRecord game = scholars_mate();
    game.moves.resize(4);
    game.outcome = adjudication::win_adjudication(chess::WHITE);
    game.black_tc = tc::parse_time_control("40/30");
    game.extra_tags.clear();
    const std::string text = pgn::write_game(game);
    CHECK_THAT(text, Catch::Contains("[Termination \"adjudication\"]\n"));
    CHECK_THAT(text, Catch::Contains("[BlackTimeControl \"40/30\"]\n[PlyCount \"4\"]\n[Termination"));
    CHECK_THAT(text, Catch::Contains("[WhiteTimeControl \"40/60\"]\n\n1. e4"));
    CHECK_THAT(text, Catch::EndsWith("Nc6 {-0.25/11 1.2s, White wins by adjudication} 1-0\n\n"));
}

TEST_CASE("pgn writer: book start with Black to move", "[pgn]") {
    GameRecord game;
    game.start_fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 9";
    game.moves = {book("c7c5"), engine("g1f3", Score::cp(20), 8, 120)};
    game.outcome = adjudication::interrupted();
    std::string text = pgn::write_game(game);
    CHECK_THAT(text, Catch::Contains("[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 9\"]\n"
                                     "[PlyCount \"2\"]\n[SetUp \"1\"]\n[Termination \"unterminated\"]\n"));
    CHECK_THAT(text, Catch::EndsWith("\n1... c5 {book} 2. Nf3 {+0.20/8 0.12s, No result} *\n\n"));

    pgn::WriterOptions from_fen;
    from_fen.number_moves_from_fen = true;
    CHECK_THAT(pgn::write_game(game, from_fen), Catch::Contains("\n9... c5 {book} 10. Nf3"));
}

TEST_CASE("pgn writer: SAN recorded during play is written as given, as a replay would name it", "[pgn]") {
    GameRecord white_starts = scholars_mate();
    const std::vector<std::string> sans{"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"};
    for (std::size_t i = 0; i < sans.size(); ++i) white_starts.moves[i].san = sans[i];
    CHECK(pgn::write_game(white_starts) == pgn::write_game(scholars_mate()));

    GameRecord black_starts;
    black_starts.start_fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 9";
    black_starts.moves = {book("c7c5"), engine("g1f3", Score::cp(20), 8, 120)};
    black_starts.outcome = adjudication::interrupted();
    const std::string replayed = pgn::write_game(black_starts);
    black_starts.moves[0].san = "c5";
    black_starts.moves[1].san = "Nf3";
    CHECK(pgn::write_game(black_starts) == replayed);
    pgn::WriterOptions from_fen;
    from_fen.number_moves_from_fen = true;
    CHECK_THAT(pgn::write_game(black_starts, from_fen), Catch::Contains("\n9... c5 {book} 10. Nf3"));

    // Trusted as given: a recorded game is not replayed, so its SAN is not recomputed.
    black_starts.moves[1].san = "Ngf3";
    CHECK_THAT(pgn::write_game(black_starts), Catch::Contains("2. Ngf3 {"));
    // One move without SAN and the whole game is replayed and checked again.
    black_starts.moves[0].san.clear();
    CHECK(pgn::write_game(black_starts) == replayed);
}

TEST_CASE("pgn writer: the standard start needs no FEN tag", "[pgn]") {
    GameRecord game = scholars_mate();
    game.start_fen = chess::kStartFen;
    CHECK_THAT(pgn::write_game(game), !Catch::Contains("[FEN"));
}

TEST_CASE("pgn writer: Chess960 games carry Variant and FEN", "[pgn]") {
    GameRecord game;
    game.chess960 = true;
    game.start_fen = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1";
    game.moves = {engine("e1g1", Score::cp(10), 5, 10), engine("e8b8", Score::cp(-10), 5, 10)};
    game.outcome = adjudication::draw_adjudication();
    std::string text = pgn::write_game(game);
    // X-FEN, as cutechess writes it: both rooks are the outermost ones, so KQkq.
    CHECK_THAT(text, Catch::Contains("[FEN \"1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1\"]\n"));
    CHECK_THAT(text, Catch::Contains("[Variant \"fischerandom\"]\n"));
    CHECK_THAT(text, Catch::Contains("1. O-O {+0.10/5 0.010s} O-O-O {-0.10/5 0.010s, Draw by adjudication}"));
    auto games = pgn::parse_pgn_text(text, "960.pgn");
    REQUIRE(games.size() == 1);
    CHECK(games[0].chess960);
    CHECK(games[0].moves[1].uci == "e8b8");
}

TEST_CASE("pgn writer: a game without moves", "[pgn]") {
    GameRecord game;
    game.outcome = adjudication::disconnection(chess::WHITE);
    CHECK_THAT(pgn::write_game(game), Catch::EndsWith("[Termination \"abandoned\"]\n\n{White disconnects} 0-1\n\n"));
    pgn::WriterOptions minimal;
    minimal.minimal = true;
    CHECK_THAT(pgn::write_game(game, minimal), Catch::EndsWith("[Result \"0-1\"]\n\n0-1\n\n"));
}

TEST_CASE("pgn writer: movetext lines stay under 80 columns", "[pgn]") {
    const std::string text = pgn::write_game(long_game(300));
    std::size_t longest = 0, movetext_lines = 0;
    for (const std::string& line : lines_of(text)) {
        if (line.empty() || line[0] == '[') continue;
        ++movetext_lines;
        longest = std::max(longest, line.size());
    }
    CHECK(longest <= 79);
    CHECK(longest >= 60);  // lines are filled, not broken early
    CHECK(movetext_lines > 20);
}

TEST_CASE("pgn writer: written games read back move for move", "[pgn]") {
    GameRecord game = long_game(200);
    game.white = "Engine \"quoted\" \\ name";
    auto games = pgn::parse_pgn_text(pgn::write_game(game), "roundtrip.pgn");
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].moves.size() == game.moves.size());
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        CHECK(games[0].moves[i].uci == game.moves[i].uci);
        if (i + 1 < game.moves.size()) CHECK(games[0].moves[i].comment == pgn::eval_comment(*game.moves[i].eval));
    }
    CHECK(*games[0].tag("White") == game.white);
    CHECK(*games[0].tag("PlyCount") == std::to_string(game.moves.size()));
    CHECK(game.moves.size() > 50);
    CHECK(games[0].result == "1/2-1/2");
}

TEST_CASE("pgn writer: an illegal move is refused with its ply", "[pgn]") {
    GameRecord game;
    game.moves = {book("e2e4"), book("e2e4")};
    CHECK_THROWS_WITH(pgn::write_game(game), Catch::StartsWith("PGN writer: ply 2 'e2e4'"));
    game.start_fen = "not a fen";
    CHECK_THROWS_AS(pgn::write_game(game), std::invalid_argument);
}

TEST_CASE("pgn writer: extra tags sort among the writer's own", "[pgn]") {
    GameRecord game = scholars_mate();
    game.extra_tags = {{"ECO", "C20"}, {"Opening", "King's pawn game"}};
    const std::string text = pgn::write_game(game);
    CHECK_THAT(text, Catch::Contains("[Result \"1-0\"]\n[ECO \"C20\"]\n[Opening \"King's pawn game\"]\n[PlyCount"));
}

TEST_CASE("pgn writer: date, timestamp and duration texts", "[pgn]") {
    auto now = std::chrono::system_clock::now();
    CHECK(has_shape(pgn::pgn_date(now), "9999.99.99"));
    CHECK(has_shape(pgn::pgn_timestamp(now), "9999-99-99T99:99:99.999 *"));
    CHECK(pgn::pgn_duration(std::chrono::seconds(205)) == "00:03:25");
    CHECK(pgn::pgn_duration(std::chrono::seconds(3 * 3600 + 7)) == "03:00:07");
}
