// Cross-check with Debian's pgn-extract: every game the writer produces must replay there
// without a diagnostic. pgn-extract exits 0 even for broken games, so the check reads its
// diagnostics log (-l, which -s leaves empty for clean input) and counts the games it wrote
// back; a deliberately broken file proves the check can fail.
#include <catch2/catch.hpp>

#include <filesystem>

#include "harness/pgn/reader.h"
#include "harness/pgn/cutechess_layout.h"
#include "tests/support/child.h"
#include "tests/support/text_file.h"
#include "tests/support/data_paths.h"

using namespace arbiter;
using arbiter::adjudication::Score;
using arbiter::pgn::GameRecord;
using arbiter::pgn::WrittenMove;

namespace {

struct ExtractReport {
    int exit_code = -1;
    std::string diagnostics;  // pgn-extract's log; empty when every game replayed
    std::size_t games_out = 0;
};

std::size_t count_games(const std::string& text) {
    std::size_t count = 0;
    for (std::size_t pos = text.find("[Event "); pos != std::string::npos; pos = text.find("[Event ", pos + 1)) ++count;
    return count;
}

ExtractReport run_pgn_extract(const io_test::TempFile& input) {
    const std::string log = input.sibling("pgn-extract.log");
    const std::string out = input.sibling("pgn-extract.out.pgn");
    test_support::ChildSpec extract{.program = PGN_EXTRACT_BIN, .args = {"-s", "-l", log, "-o", out, input.path()}};
    extract.out = extract.err = test_support::Stream::null();
    ExtractReport report;
    report.exit_code = test_support::run(extract).exit_code;
    report.diagnostics = test_support::read_text(log);
    report.games_out = count_games(test_support::read_text(out));
    return report;
}

WrittenMove engine(const std::string& uci, int cp, int depth, std::int64_t ms) {
    return WrittenMove{uci, false, pgn::MoveEval{Score::cp(cp), depth, ms}, {}};
}

// The book's games rewritten as arbiter would write them after playing the book moves.
std::vector<GameRecord> games_from_book(std::size_t count) {
    auto book = pgn::read_pgn_file(io_test::openings_path("8moves_v3.pgn"));
    std::vector<GameRecord> games;
    for (std::size_t i = 0; i < count && i < book.size(); ++i) {
        GameRecord game;
        game.event = "pgn-extract check";
        game.round = std::to_string(i + 1);
        game.white = "tempo";
        game.black = "base";
        game.white_tc = game.black_tc = tc::parse_time_control("10+0.1");
        for (std::size_t ply = 0; ply < book[i].moves.size(); ++ply) {
            const std::string& uci = book[i].moves[ply].uci;
            game.moves.push_back(ply < 8 ? WrittenMove{uci, true, std::nullopt, {}}
                                         : engine(uci, int(ply) * 13 - 90, 9, 85));
        }
        game.outcome = i % 2 ? adjudication::draw_adjudication() : adjudication::time_forfeit(chess::BLACK);
        games.push_back(std::move(game));
    }
    return games;
}

std::vector<GameRecord> special_games() {
    std::vector<GameRecord> games;
    GameRecord black_start;
    black_start.start_fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 9";
    black_start.moves = {WrittenMove{"c7c5", true, std::nullopt, {}}, engine("g1f3", 20, 8, 120)};
    black_start.outcome = adjudication::interrupted();
    games.push_back(black_start);

    GameRecord mate;
    mate.moves = {engine("f2f3", 0, 1, 1), engine("e7e5", 0, 1, 1), engine("g2g4", -900, 3, 2),
                  WrittenMove{"d8h4", false, pgn::MoveEval{Score::mate(1), 2, 3}, {}}};
    mate.outcome = adjudication::rule_outcome(chess::Termination::Checkmate, chess::WHITE);
    games.push_back(mate);

    GameRecord empty;
    empty.outcome = adjudication::disconnection(chess::WHITE);
    games.push_back(empty);

    GameRecord chess960;
    chess960.chess960 = true;
    chess960.start_fen = "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1";
    chess960.moves = {engine("e1g1", 10, 5, 10), engine("e8b8", -10, 5, 10)};
    chess960.outcome = adjudication::draw_adjudication();
    games.push_back(chess960);
    return games;
}

}  // namespace

TEST_CASE("pgn-extract: written games replay without diagnostics", "[integration][pgn]") {
    REQUIRE(std::filesystem::exists(PGN_EXTRACT_BIN));
    std::vector<GameRecord> games = games_from_book(300);
    for (GameRecord& game : special_games()) games.push_back(std::move(game));
    std::string text;
    for (const GameRecord& game : games) text += pgn::write_game(game);
    pgn::WriterOptions minimal;
    minimal.minimal = true;
    text += pgn::write_game(games.front(), minimal);

    io_test::TempFile file("written.pgn", text);
    ExtractReport report = run_pgn_extract(file);
    INFO(report.diagnostics);
    CHECK(report.exit_code == 0);
    CHECK(report.diagnostics.empty());
    CHECK(report.games_out == games.size() + 1);
}

TEST_CASE("pgn-extract: the check catches a broken game", "[integration][pgn]") {
    REQUIRE(std::filesystem::exists(PGN_EXTRACT_BIN));
    GameRecord good = special_games()[1];
    std::string text = pgn::write_game(good);
    std::string broken = text;
    broken.replace(broken.find("Qh4#"), 4, "Qh6#");  // an illegal move
    io_test::TempFile file("broken.pgn", text + broken);
    ExtractReport report = run_pgn_extract(file);
    CHECK_FALSE(report.diagnostics.empty());
    CHECK(report.games_out == 1);

    std::string unclosed = text;
    unclosed.erase(unclosed.find('}'), 1);  // a comment that never ends
    io_test::TempFile second("unclosed.pgn", unclosed);
    CHECK_FALSE(run_pgn_extract(second).diagnostics.empty());
}
