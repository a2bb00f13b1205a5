// Whole runs against real engines: what lands in the database and in the PGN file, a gauntlet
// with an xboard engine, and the command's handling of bad input.
#include <catch2/catch.hpp>

#include <algorithm>

#include "tests/support/match_test_support.h"
#include "harness/pgn/reader.h"

using namespace match_test;

namespace {

const std::string kBook = std::string(REPO_ROOT_DIR) + "/openings/8moves_v3.pgn";

// pgn-extract exits 0 even for broken games: its diagnostics log must stay empty instead.
std::string pgn_extract_diagnostics(const TempDir& dir, const std::string& pgn) {
    const std::string log = dir.file("pgn-extract.log");
    test_support::ChildSpec extract{.program = PGN_EXTRACT_BIN,
                                    .args = {"-s", "-l", log, "-o", dir.file("pgn-extract.out"), pgn}};
    extract.out = extract.err = test_support::Stream::null();
    REQUIRE(test_support::run(extract).exit_code == 0);
    return read_text(log);
}

}  // namespace

TEST_CASE("stockfish vs stockfish at fixed nodes: database and PGN agree", "[integration]") {
    if (!executable(STOCKFISH_BIN)) WARN("stockfish not installed");
    if (!executable(STOCKFISH_BIN)) return;
    TempDir dir;
    const auto result = run_match(
        stockfish_engine("sf-a", 2000) + stockfish_engine("sf-b", 2000) +
        std::vector<std::string>{"-games", "4", "-repeat", "-concurrency", "2", "-openings", "file=" + kBook,
                                 "order=sequential", "-maxmoves", "80", "-pgnout", dir.file("games.pgn"), "-epdout",
                                 dir.file("final.epd"), "--db", dir.file("a.db"), "-event", "match test"});
    INFO(result.out << result.err);
    REQUIRE(result.code == 0);
    CHECK(result.out.find("Score of sf-a vs sf-b") != std::string::npos);
    CHECK(result.out.find("PLAYER") != std::string::npos);  // the ratings table

    const auto games = stored_games(dir.file("a.db"));
    REQUIRE(games.size() == 4);
    for (const auto& [key, stored] : games) {
        CHECK(stored.game.plies == static_cast<int>(stored.moves.size()));
        CHECK(stored.game.round >= 1);
        CHECK_FALSE(stored.game.opening_id.empty());
        // The book line's moves carry no engine data; every engine move has all of it.
        const auto& first = stored.moves.front();
        CHECK_FALSE(first.score_cp.has_value());
        const auto& last = stored.moves.back();
        CHECK(last.time_ms.has_value());
        CHECK(last.depth.has_value());
        CHECK(last.nodes.has_value());
        CHECK((last.score_cp.has_value() || last.score_mate.has_value()));
        CHECK_FALSE(last.san.empty());
    }
    // Both games of a pair start from the same opening with colours reversed.
    CHECK(games.at({0, 0}).game.opening_id == games.at({0, 1}).game.opening_id);
    CHECK(games.at({0, 0}).game.white == games.at({0, 1}).game.black);
    CHECK(games.at({0, 0}).game.opening_id != games.at({1, 0}).game.opening_id);

    const auto pgn_games = arbiter::pgn::read_pgn_file(dir.file("games.pgn"));
    REQUIRE(pgn_games.size() == 4);
    for (const auto& game : pgn_games) {
        REQUIRE(game.tag("PlyCount"));
        CHECK(game.tag("TimeControl"));
        CHECK(*game.tag("Event") == "match test");
    }
    CHECK(pgn_extract_diagnostics(dir, dir.file("games.pgn")).empty());
    const std::string epd = read_text(dir.file("final.epd"));
    CHECK(std::count(epd.begin(), epd.end(), '\n') == 4);
}

TEST_CASE("gauntlet with phalanx over xboard", "[integration]") {
    if (!executable(STOCKFISH_BIN) || !executable(PHALANX_BIN)) WARN("stockfish or phalanx not installed");
    if (!executable(STOCKFISH_BIN) || !executable(PHALANX_BIN)) return;
    TempDir dir;
    // st=1 is the smallest time xboard's `st` command can say (whole seconds); Phalanx takes it as
    // an average, so the margin is wide.
    const auto result = run_match(
        stockfish_engine("sf", 1000) + std::vector<std::string>{"-engine", "conf=phalanx", "st=1", "timemargin=5000"} +
        misbehave_engine("fake") + std::vector<std::string>{"nodes=1"} +
        std::vector<std::string>{"-tournament", "gauntlet", "-games", "1", "-concurrency", "2", "-maxmoves", "12",
                                 "-pgnout", dir.file("g.pgn"), "--db", dir.file("g.db")});
    INFO(result.out << result.err);
    REQUIRE(result.code == 0);
    const auto games = stored_games(dir.file("g.db"));
    REQUIRE(games.size() == 2);
    for (const auto& [key, stored] : games) {
        CHECK(stored.game.white == "sf");  // engine 0 meets everyone, White in a pair's first game
        CHECK(stored.game.termination != "time-forfeit");
        CHECK(stored.game.termination != "disconnection");
    }
    CHECK((games.at({0, 0}).game.black == "phalanx" || games.at({1, 0}).game.black == "phalanx"));
    CHECK(pgn_extract_diagnostics(dir, dir.file("g.pgn")).empty());
}

TEST_CASE("bad input exits with 2 and names the flag", "[integration]") {
    auto result = run_match({"-engine", "cmd=/bin/true", "-games", "x"});
    CHECK(result.code == 2);
    CHECK(result.err.find("-games") != std::string::npos);

    result =
        run_match({"-engine", "cmd=/bin/true", "name=a", "nodes=1", "-engine", "cmd=/bin/true", "name=a", "nodes=1"});
    // A shared name is no error (cutechess-cli allows it): the second engine plays as a-2; /bin/true
    // then fails its handshake, which is bad input naming the engine.
    CHECK(result.code == 2);
    CHECK(result.err.find("-engine #2: name 'a' is taken by another engine; this one plays as 'a-2'") !=
          std::string::npos);

    result = run_match({"-engine", "cmd=/bin/true", "name=a", "-engine", "cmd=/bin/true", "name=b", "nodes=1"});
    CHECK(result.code == 2);
    CHECK(result.err.find("-engine #1") != std::string::npos);  // no time control

    TempDir dir;
    result = run_match({"-engine", "cmd=/bin/true", "name=a", "nodes=1", "-engine", "cmd=/bin/true", "name=b",
                        "nodes=1", "-openings", "file=" + dir.file("missing.epd"), "--db", dir.file("x.db")});
    CHECK(result.code == 2);
    CHECK(result.err.find("missing.epd") != std::string::npos);

    result = run_match({"-engine", "conf=nosuchengine", "nodes=1", "-engine", "cmd=/bin/true", "nodes=1"});
    CHECK(result.code == 2);
    CHECK(result.err.find("nosuchengine") != std::string::npos);
}

TEST_CASE("mistakes only the engine reveals are bad input too", "[integration]") {
    TempDir dir;
    auto result = run_match({"-engine", "cmd=/no/such/engine", "nodes=1", "-engine", "cmd=" MISBEHAVE_BIN, "nodes=1",
                             "--db", dir.file("x.db")});
    CHECK(result.code == 2);
    CHECK(result.err.find("-engine #1 cmd") != std::string::npos);

    // Only under -strict: without it the option is skipped with a warning (test_engine_keys.cpp).
    result = run_match(
        misbehave_engine("a") + misbehave_engine("b") +
        std::vector<std::string>{"-each", "nodes=1", "option.NoSuchOption=3", "--db", dir.file("x.db"), "-strict"});
    INFO(result.out << result.err);
    CHECK(result.code == 2);
    CHECK(result.err.find("NoSuchOption") != std::string::npos);
}

TEST_CASE("each engine plays on its own clock (time odds)", "[integration]") {
    TempDir dir;
    const auto result = run_match(misbehave_engine("fast") + std::vector<std::string>{"tc=1+0.01"} +
                                  misbehave_engine("slow") + std::vector<std::string>{"tc=40/4"} +
                                  std::vector<std::string>{"-games", "2", "-maxmoves", "10", "--db", dir.file("o.db")});
    INFO(result.out << result.err);
    REQUIRE(result.code == 0);
    for (const auto& [key, stored] : stored_games(dir.file("o.db"))) {
        const bool fast_is_white = stored.game.white == "fast";
        CHECK(stored.game.pgn.find(fast_is_white ? "[WhiteTimeControl \"1+0.01\"]" : "[BlackTimeControl \"1+0.01\"]") !=
              std::string::npos);
        CHECK(stored.game.pgn.find(fast_is_white ? "[BlackTimeControl \"40/4\"]" : "[WhiteTimeControl \"40/4\"]") !=
              std::string::npos);
        for (const auto& move : stored.moves) {
            const bool fast_moved = (move.ply % 2 == 0) == fast_is_white;
            REQUIRE(move.clock_ms);
            CHECK(*move.clock_ms <= (fast_moved ? 1200 : 4000));  // increments add up: instant moves
            CHECK(*move.clock_ms > (fast_moved ? 500 : 3000));
        }
    }
}
