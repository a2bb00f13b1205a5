// cutechess-cli's engine keys run through `arbiter match`: ponder, debug, stderr=, whitepov, trust,
// book=/bookdepth= with -bookmode, tscale=, tc=inf with a limit and tc=0/5+0. misbehave_engine
// (tests/misbehave) plays the same move in the same position, so its games can be predicted: with
// Ponder on it guesses its opponent's reply exactly, and its Score setting says what it reports.
#include <catch2/catch.hpp>

#include "harness/openings/polyglot.h"
#include "engine/chess/san.h"
#include "tests/support/match_test_support.h"
#include "tests/support/text_file.h"

using namespace match_test;

namespace {

using arbiter::db::GameResult;

std::vector<std::string> words(std::initializer_list<std::string> list) { return list; }

using test_support::count_of;

// One game each way, misbehave_engine at one node a move, one worker (one process per engine).
std::vector<std::string> two_games(const TempDir& dir, const std::string& db = "k.db") {
    return {"-each", "nodes=1", "-games", "2", "-maxmoves", "8", "-concurrency", "1", "--db", dir.file(db)};
}

// A Polyglot book holding one line from the start position, every move with weight 1.
std::string write_book(const TempDir& dir, const std::vector<std::string>& line) {
    using namespace arbiter::openings;
    std::vector<PolyglotEntry> entries;
    chess::Position position;
    for (const auto& uci : line) {
        const chess::Move move = chess::parse_uci(position, uci);
        entries.push_back(PolyglotEntry{position.key(), encode_polyglot_move(position, move), 1, 0});
        position.make_move(move);
    }
    const std::string path = dir.file("line.bin");
    save_polyglot_book(path, entries);
    return path;
}

std::vector<std::string> first_moves(const StoredGame& game, std::size_t count) {
    std::vector<std::string> moves;
    for (std::size_t i = 0; i < count && i < game.moves.size(); ++i) moves.push_back(game.moves[i].uci);
    return moves;
}

}  // namespace

TEST_CASE("ponder: the engine thinks on its opponent's time and a right guess gets ponderhit", "[integration]") {
    TempDir dir;
    const auto pondering =
        run_match(misbehave_engine("a") + words({"ponder", "stderr=" + dir.file("a.err")}) + misbehave_engine("b") +
                  words({"stderr=" + dir.file("b.err")}) + two_games(dir) + words({"-logdir", dir.file("logs")}));
    INFO(pondering.out << pondering.err);
    REQUIRE(pondering.code == 0);
    // a guesses b's reply exactly, so each of b's replies that a gets to answer is a ponderhit:
    // 7 a game of 16 plies (-maxmoves 8).
    CHECK(count_of(read_text(dir.file("a.err")), "misbehave_engine: ponderhit") == 14);
    CHECK(count_of(read_text(dir.file("b.err")), "ponderhit") == 0);
    // stderr= takes the engines' stderr away from -logdir.
    CHECK_FALSE(std::filesystem::exists(dir.file("logs")));

    // Pondering changes when the engine thinks, not what it plays.
    const auto plain = run_match(misbehave_engine("a") + misbehave_engine("b") + two_games(dir, "plain.db"));
    REQUIRE(plain.code == 0);
    CHECK(same_games(stored_games(dir.file("k.db")), stored_games(dir.file("plain.db"))));
}

TEST_CASE("debug: the engine gets 'debug on' before every game", "[integration]") {
    TempDir dir;
    const auto result = run_match(misbehave_engine("a") + words({"debug", "stderr=" + dir.file("a.err")}) +
                                  misbehave_engine("b") + words({"stderr=" + dir.file("b.err")}) + two_games(dir));
    INFO(result.out << result.err);
    REQUIRE(result.code == 0);
    CHECK(count_of(read_text(dir.file("a.err")), "misbehave_engine: debug on") == 2);
    CHECK(count_of(read_text(dir.file("b.err")), "debug") == 0);
}

TEST_CASE("whitepov: the scores of an engine that speaks for White are turned when it plays Black", "[integration]") {
    TempDir dir;
    // b always reports +5 pawns. As Black with whitepov that is Black 5 pawns down: it resigns.
    const auto rules = words({"-each", "nodes=1", "-games", "1", "-maxmoves", "6", "-resign", "movecount=1",
                              "score=400", "-concurrency", "1"});
    const auto turned = run_match(misbehave_engine("w") + misbehave_engine("b", {"--score=cp 500"}) +
                                  words({"whitepov"}) + rules + words({"--db", dir.file("pov.db")}));
    INFO(turned.out << turned.err);
    REQUIRE(turned.code == 0);
    const auto games = stored_games(dir.file("pov.db"));
    REQUIRE(games.size() == 1);
    const StoredGame& game = games.begin()->second;
    CHECK(game.game.result == GameResult::white_win);
    CHECK(game.moves.size() == 2);
    CHECK(game.moves[1].score_cp == -500);  // stored from the mover's side, as every score

    const auto as_sent = run_match(misbehave_engine("w") + misbehave_engine("b", {"--score=cp 500"}) + rules +
                                   words({"--db", dir.file("plain.db")}));
    REQUIRE(as_sent.code == 0);
    const StoredGame plain = stored_games(dir.file("plain.db")).begin()->second;
    CHECK(plain.game.result == GameResult::draw);  // -maxmoves: nobody resigned
    CHECK(plain.moves[1].score_cp == 500);
}

TEST_CASE("trust: a trusted engine's own mate score wins the game", "[integration]") {
    TempDir dir;
    const auto rules = words({"-each", "nodes=1", "-games", "1", "-maxmoves", "6", "-concurrency", "1"});
    const auto trusted = run_match(misbehave_engine("m", {"--score=mate 3"}) + words({"trust"}) +
                                   misbehave_engine("b") + rules + words({"--db", dir.file("t.db")}));
    INFO(trusted.out << trusted.err);
    REQUIRE(trusted.code == 0);
    const StoredGame game = stored_games(dir.file("t.db")).begin()->second;
    CHECK(game.game.result == GameResult::white_win);
    CHECK(game.moves.size() == 1);
    CHECK(game.game.pgn.find("White wins by adjudication: trusted mate score") != std::string::npos);

    const auto untrusted = run_match(misbehave_engine("m", {"--score=mate 3"}) + misbehave_engine("b") + rules +
                                     words({"--db", dir.file("u.db")}));
    REQUIRE(untrusted.code == 0);
    CHECK(stored_games(dir.file("u.db")).begin()->second.moves.size() == 12);
}

TEST_CASE("trust: a trusted xboard engine's result claim stands, an untrusted one loses", "[integration]") {
    TempDir dir;
    // Claims a draw instead of moving whenever it is asked to move; logs what it is told.
    const std::string claimer =
        dir.write("claimer.sh",
                  "#!/bin/sh\n"
                  "forced=0\n"
                  "while read -r line; do\n"
                  "  echo \"$line\" >> \"$0.log\"\n"
                  "  case \"$line\" in\n"
                  "    protover*) echo 'feature ping=1 setboard=1 usermove=1 myname=\"claimer\" done=1' ;;\n"
                  "    ping*) echo \"pong ${line#ping }\" ;;\n"
                  "    force) forced=1 ;;\n"
                  "    go) forced=0; echo '1/2-1/2 {Draw by repetition}' ;;\n"
                  "    usermove*) [ \"$forced\" = 0 ] && echo '1/2-1/2 {Draw by repetition}' ;;\n"
                  "    quit) exit 0 ;;\n"
                  "  esac\n"
                  "done\n",
                  true);
    const auto claimer_engine = words({"-engine", "cmd=" + claimer, "name=c", "proto=xboard", "depth=1"});
    const auto rules = words({"-games", "1", "-concurrency", "1", "-logdir", "off"});
    const auto trusted = run_match(claimer_engine + words({"trust", "ponder"}) + misbehave_engine("b") +
                                   words({"nodes=1"}) + rules + words({"--db", dir.file("t.db")}));
    INFO(trusted.out << trusted.err);
    REQUIRE(trusted.code == 0);
    const StoredGame game = stored_games(dir.file("t.db")).begin()->second;
    CHECK(game.game.result == GameResult::draw);
    CHECK(game.game.termination == "trusted-claim");
    CHECK(game.game.pgn.find("{Draw by repetition}") != std::string::npos);
    // ponder on an xboard engine: `hard` instead of `easy`.
    CHECK(read_text(claimer + ".log").find("\nhard\n") != std::string::npos);
    std::filesystem::remove(claimer + ".log");

    const auto untrusted = run_match(claimer_engine + misbehave_engine("b") + words({"nodes=1"}) + rules +
                                     words({"--db", dir.file("u.db")}));
    REQUIRE(untrusted.code == 0);
    const StoredGame lost = stored_games(dir.file("u.db")).begin()->second;
    CHECK(lost.game.result == GameResult::black_win);
    CHECK(lost.game.pgn.find("White makes an invalid result claim") != std::string::npos);
    CHECK(read_text(claimer + ".log").find("\neasy\n") != std::string::npos);
}

TEST_CASE("book= and bookdepth=: engines play their own Polyglot book moves", "[integration]") {
    TempDir dir;
    const std::string book = write_book(dir, {"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"});
    const std::vector<std::string> line{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5"};

    SECTION("both engines: the books continue the opening, both games of a pair get it") {
        const auto result = run_match(misbehave_engine("a") + misbehave_engine("b") +
                                      words({"-each", "book=" + book, "bookdepth=2", "-repeat"}) + two_games(dir));
        INFO(result.out << result.err);
        REQUIRE(result.code == 0);
        const auto games = stored_games(dir.file("k.db"));
        REQUIRE(games.size() == 2);
        for (const auto& [key, game] : games) {
            // bookdepth=2: two full moves from the book, not Bb5.
            CHECK(first_moves(game, 4) == std::vector<std::string>(line.begin(), line.begin() + 4));
            CHECK(game.moves.size() > 4);
            CHECK(game.moves[4].uci != "f1b5");
            CHECK(game.game.pgn.find("e4 {book}") != std::string::npos);
        }
    }
    SECTION("one engine: its book answers on its own turns only, to the default depth") {
        const auto result = run_match(misbehave_engine("a") + words({"book=" + book}) + misbehave_engine("b") +
                                      words({"-bookmode", "disk"}) + two_games(dir));
        INFO(result.out << result.err);
        REQUIRE(result.code == 0);
        for (const auto& [key, game] : stored_games(dir.file("k.db"))) {
            if (game.game.white == "a") {
                CHECK(game.moves.front().uci == "e2e4");
                CHECK_FALSE(game.moves.front().depth.has_value());  // a book move: no search
            } else {
                CHECK(game.moves.front().depth.has_value());  // b has no book
            }
        }
    }
    SECTION("a book that cannot be read is bad input naming the engine") {
        const auto result = run_match(misbehave_engine("a") + words({"book=" + dir.file("none.bin")}) +
                                      misbehave_engine("b") + two_games(dir));
        CHECK(result.code == 2);
        CHECK(result.err.find("-engine #1 book") != std::string::npos);
    }
}

TEST_CASE("tc=inf with a node, depth or time limit, and tc=0/5+0, play games", "[integration]") {
    TempDir dir;
    const auto result =
        run_match(misbehave_engine("a") + words({"tc=inf", "nodes=1"}) + misbehave_engine("b") +
                  words({"tc=0/5+0", "-games", "1", "-maxmoves", "4", "-concurrency", "1", "--db", dir.file("tc.db")}));
    INFO(result.out << result.err);
    REQUIRE(result.code == 0);
    const std::string pgn = stored_games(dir.file("tc.db")).begin()->second.game.pgn;
    CHECK(pgn.find("[WhiteTimeControl \"inf\"]") != std::string::npos);
    CHECK(pgn.find("[BlackTimeControl \"5\"]") != std::string::npos);  // 0 moves: the whole game, as cutechess

    const auto timed =
        run_match(misbehave_engine("a") + words({"tc=inf", "st=0.2"}) + misbehave_engine("b") +
                  words({"tc=inf", "depth=3", "-games", "1", "-maxmoves", "2", "--db", dir.file("st.db")}));
    INFO(timed.out << timed.err);
    REQUIRE(timed.code == 0);
    CHECK(stored_games(dir.file("st.db")).begin()->second.game.pgn.find("[WhiteTimeControl \"0.2/move\"]") !=
          std::string::npos);

    // tc=inf alone would think forever: still refused.
    const auto endless = run_match(misbehave_engine("a") + misbehave_engine("b") +
                                   words({"-each", "tc=inf", "--db", dir.file("inf.db")}));
    CHECK(endless.code == 2);
    CHECK(endless.err.find("has no time control") != std::string::npos);
}

TEST_CASE("tscale= scales the engine's protocol timeouts", "[integration]") {
    TempDir dir;
    // The engine answers `uci` after 1 s; -startup-ms 300 gives up long before, tscale=20 makes it 6 s.
    const auto slow = misbehave_engine("slow", {"--mode=slow-start", "--delay=1000"});
    const auto rules =
        words({"-each", "nodes=1", "-games", "1", "-maxmoves", "2", "-concurrency", "1", "-startup-ms", "300"});
    const auto impatient = run_match(slow + misbehave_engine("b") + rules + words({"--db", dir.file("i.db")}));
    CHECK(impatient.code == 2);
    CHECK(impatient.err.find("did not send uciok within 300 ms") != std::string::npos);

    const auto patient =
        run_match(slow + words({"tscale=20"}) + misbehave_engine("b") + rules + words({"--db", dir.file("p.db")}));
    INFO(patient.out << patient.err);
    CHECK(patient.code == 0);
    CHECK(stored_games(dir.file("p.db")).size() == 1);
}
