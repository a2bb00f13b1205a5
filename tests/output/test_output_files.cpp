// -pgnout / -epdout files (issue #17): a failed write leaves nothing of the game behind and closes
// the file to later games; on resume the games a file misses are found (the file must end with the
// run's first stored games) and written with the text a live run gives them.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "engine/chess/movegen.h"
#include "engine/chess/san.h"
#include "harness/game/game_output.h"
#include "tests/support/match_test_support.h"
#include "harness/output/output_files.h"

using namespace arbiter;
using match_test::TempDir;
using output::AppendFile;
using output::OutputFileError;
using output::stored_games_at_end;
using Catch::Matchers::Contains;

namespace {

std::string read_file(const std::string& path) { return test_support::read_text(path); }

void write_file(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

bool castles(const chess::Position& position, chess::Move move) {
    return chess::to_san(position, move).rfind("O-O", 0) == 0;
}

// A game from `start_fen` of `plies` moves chosen without an engine: castling when it is legal
// (the notation Chess960 gets wrong first), else the first move in UCI order. Two book moves,
// the rest with an engine's figures.
game::PlayedGame scripted_game(const std::string& start_fen, bool chess960, int plies) {
    game::PlayedGame played;
    played.start_fen = start_fen;
    chess::Position position(start_fen, chess960);
    for (int ply = 0; ply < plies; ++ply) {
        chess::MoveList moves;
        chess::generate_legal(position, moves);
        if (moves.size() == 0) break;
        chess::Move chosen = moves[0];
        for (chess::Move move : moves) {
            if (castles(position, chosen)) break;
            const bool earlier = chess::to_uci(position, move) < chess::to_uci(position, chosen);
            if (castles(position, move) || earlier) chosen = move;
        }
        const std::string chosen_uci = chess::to_uci(position, chosen);
        game::PlayedMove played_move;
        played_move.uci = chosen_uci;
        played_move.san = chess::to_san(position, chosen);
        played_move.book = ply < 2;
        if (ply >= 2) {
            played_move.score = protocol::Score{protocol::ScoreKind::Centipawns, 10 * ply - 80};
            played_move.depth = 7;
            played_move.time_ms = 120 + ply;
        }
        played.moves.push_back(played_move);
        position.make_move(chosen);
    }
    played.final_fen = position.fen();
    played.outcome = {adjudication::GameResult::Draw, adjudication::EndReason::MaxMovesAdjudication,
                      "Draw by adjudication"};
    played.started = std::chrono::system_clock::now();
    played.finished = played.started + std::chrono::seconds(3);
    return played;
}

}  // namespace

TEST_CASE("a file ends with the first stored games, after whatever came before them", "[unit]") {
    const std::vector<std::string> stored{"g1\n\n", "g2\n\n", "g3\n\n"};
    CHECK(stored_games_at_end("", stored, true) == 0u);
    CHECK(stored_games_at_end("g1\n\n", stored, true) == 1u);
    CHECK(stored_games_at_end("g1\n\ng2\n\n", stored, true) == 2u);
    CHECK(stored_games_at_end("g1\n\ng2\n\ng3\n\n", stored, true) == 3u);
    // Games of other runs before this run's.
    CHECK(stored_games_at_end("other\n\ng1\n\ng2\n\n", stored, true) == 2u);
    // The end of a longer file: what precedes the games must end a line.
    CHECK(stored_games_at_end("\ng1\n\n", stored, false) == 1u);
    CHECK_FALSE(stored_games_at_end("xg1\n\n", stored, false));
    CHECK_FALSE(stored_games_at_end("xg1\n\n", stored, true));
    // Not the run's first games, in the wrong order, a game cut short, an edit after them, or
    // nothing of the run at all: the missing games cannot be told.
    CHECK_FALSE(stored_games_at_end("g2\n\n", stored, true));
    CHECK_FALSE(stored_games_at_end("g2\n\ng1\n\n", stored, true));
    CHECK_FALSE(stored_games_at_end("g3\n\nother\n\ng1\n\ng2\n\n", stored, true));
    CHECK_FALSE(stored_games_at_end("g1\n\ng", stored, true));
    CHECK_FALSE(stored_games_at_end("g1\n\ng2\n\n\n", stored, true));
    CHECK_FALSE(stored_games_at_end("other\n\n", stored, true));
    // The same line twice (two games ending in one position): counted, not merged.
    const std::vector<std::string> same{"x\n", "x\n", "x\n"};
    CHECK(stored_games_at_end("x\n", same, true) == 1u);
    CHECK(stored_games_at_end("x\nx\n", same, true) == 2u);
    CHECK(stored_games_at_end("ax\nx\n", same, true) == 1u);
}

TEST_CASE("append_missing writes the stored games after the ones the file ends with", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("games.pgn");
    const std::vector<std::string> stored{"g1\n\n", "g2\n\n", "g3\n\n", "g4\n\n"};
    SECTION("a file holding the first games gets the rest") {
        write_file(path, "other run\n\ng1\n\ng2\n\n");
        AppendFile file(path, "-pgnout");
        CHECK(file.append_missing(stored, "run 1 of run.db") == 2u);
        CHECK(read_file(path) == "other run\n\ng1\n\ng2\n\ng3\n\ng4\n\n");
        CHECK(file.append_missing(stored, "run 1 of run.db") == 0u);
    }
    SECTION("a missing file gets all of them") {
        AppendFile file(path, "-pgnout");
        CHECK(file.append_missing(stored, "run 1 of run.db") == 4u);
        CHECK(read_file(path) == "g1\n\ng2\n\ng3\n\ng4\n\n");
    }
    SECTION("a file edited after the games is refused, untouched, with the way out") {
        write_file(path, "g1\n\ng2\n\nedited\n");
        AppendFile file(path, "-pgnout");
        try {
            file.append_missing(stored, "run 1 of run.db");
            FAIL("no error");
        } catch (const OutputFileError& error) {
            CHECK_THAT(error.what(),
                       Contains("-pgnout " + path) && Contains("run 1 of run.db") && Contains("delete it"));
        }
        CHECK(read_file(path) == "g1\n\ng2\n\nedited\n");
    }
    SECTION("a device cannot be read back and is left alone") {
        AppendFile file("/dev/null", "-pgnout");
        CHECK(file.append_missing(stored, "run 1 of run.db") == 0u);
    }
}

TEST_CASE("an output file that cannot be opened is bad input naming the flag and path", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("no/such/dir/games.pgn");
    CHECK_THROWS_WITH(AppendFile(path, "-pgnout"), Contains("-pgnout " + path) && Contains("No such file"));
}

TEST_CASE("a failed write names the file and closes it to later games", "[unit]") {
    AppendFile file("/dev/full", "-epdout");
    CHECK_THROWS_WITH(file.append("8/8/8/8/8/8/8/8 w - -\n"),
                      Contains("-epdout /dev/full") && Contains("No space left"));
    CHECK_THROWS_WITH(file.append("x\n"), Contains("-epdout /dev/full") && Contains("earlier write failed"));
}

TEST_CASE("a write cut short by a full disk leaves no part of the game in the file", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("games.pgn");
    const std::string game(60, 'g');
    // In a child: the file size limit stands in for a full disk (write() fails with EFBIG once
    // the file would pass 100 bytes, after writing what fits), and it must not bind this process.
    test_support::ChildSpec full_disk;
    full_disk.max_file_bytes = 100;
    full_disk.body = [&] {
        AppendFile file(path, "-pgnout");
        file.append(game);
        try {
            file.append(game);
        } catch (const std::runtime_error&) {
            return 0;
        }
        return 1;
    };
    const auto ended = test_support::run(full_disk);
    REQUIRE(ended.exited());
    CHECK(ended.exit_code == 0);
    CHECK(read_file(path) == game);
}

TEST_CASE("the min PGN and EPD rebuilt from a stored game are what a live run writes", "[unit]") {
    const bool chess960 = GENERATE(false, true);
    // Both sides may castle at once: in Chess960 notation castling is "king takes rook" (e1h1).
    const std::string start =
        std::string("r3k2r/pppqbppp/2np1n2/4p3/4P3/2NP1N2/PPPQBPPP/R3K2R w ") + (chess960 ? "HAha" : "KQkq") + " - 0 9";
    INFO("chess960 " << chess960);
    const game::PlayedGame played = scripted_game(start, chess960, 24);
    REQUIRE(played.moves.size() == 24u);
    REQUIRE(played.moves[0].san == "O-O");
    game::GameSetup setup;
    setup.white_name = "white \"quoted\"";
    setup.black_name = "black";
    setup.chess960 = chess960;
    const game::PgnContext context{"An \\ event", "", 7};
    pgn::WriterOptions minimal;
    minimal.minimal = true;
    const std::string stored = game::game_pgn(setup, played, context);
    CHECK(pgn::minimal_pgn_from_stored(stored) == game::game_pgn(setup, played, context, minimal));
    CHECK(game::final_epd_from_stored(stored) == played.final_fen);
}
