// The engine-facing match flags run through `arbiter match`: undeclared options (warning, or
// -strict), -check-mate-pvs and fastchess's PV warnings, -show-latency, -ucinewgame-ms, and
// conf=NAME from cutechess's engines.json (-engines FILE). -startup-ms is run in test_engine_keys.cpp
// with tscale=.
#include <catch2/catch.hpp>

#include "tests/support/match_test_support.h"
#include "tests/support/text_file.h"

using namespace match_test;

namespace {

std::vector<std::string> words(std::initializer_list<std::string> list) { return list; }

std::vector<std::string> one_game(const TempDir& dir, const std::string& db = "f.db") {
    return {"-each", "nodes=1", "-games", "1", "-maxmoves", "3", "-concurrency", "1", "--db", dir.file(db)};
}

using test_support::contains;

}  // namespace

TEST_CASE("an option the engine does not declare is skipped with each tool's warning", "[integration]") {
    TempDir dir;
    const auto engines = misbehave_engine("a") + misbehave_engine("b") + words({"option.NoSuch=3"});
    SECTION("cutechess's words on stderr, and the run goes on") {
        const auto result = run_match(engines + one_game(dir));
        INFO(result.out << result.err);
        CHECK(result.code == 0);
        CHECK(contains(result.err, "Warning: b doesn't have option NoSuch\n"));
        CHECK_FALSE(contains(result.err, "Warning: a doesn't have"));
        CHECK(stored_games(dir.file("f.db")).size() == 1);
    }
    SECTION("fastchess's words on stdout, after the run's first line") {
        const auto result = run_match(engines + one_game(dir) + words({"-dialect", "fastchess"}));
        INFO(result.out << result.err);
        CHECK(result.code == 0);
        CHECK(contains(result.out, "new run 1\nWarning; b doesn't have option NoSuch\n"));
    }
    SECTION("-strict: an error before any game") {
        const auto result = run_match(engines + one_game(dir) + words({"-strict"}));
        CHECK(result.code == 2);
        CHECK(contains(result.err, "-engine #2 (b): b doesn't have option NoSuch"));
        CHECK_FALSE(std::filesystem::exists(dir.file("f.db")));
    }
}

TEST_CASE("check-mate-pvs: a mate score needs a PV that mates", "[integration]") {
    TempDir dir;
    // misbehave_engine reports "score mate 3" with a PV of one move.
    const auto engines = misbehave_engine("m", {"--score=mate 3"}) + misbehave_engine("b");
    const auto checked = run_match(engines + one_game(dir) + words({"-check-mate-pvs"}));
    INFO(checked.out << checked.err);
    REQUIRE(checked.code == 0);
    CHECK(contains(checked.err,
                   "Warning; Incomplete mating PV - from m\nInfo; info depth 1 score mate 3 nodes 1 "
                   "time 0 pv "));
    CHECK(contains(checked.err, "\nPosition; startpos\nMoves; \n"));
    CHECK_FALSE(contains(checked.err, "from b"));

    const auto unchecked = run_match(engines + one_game(dir, "u.db"));
    REQUIRE(unchecked.code == 0);
    CHECK_FALSE(contains(unchecked.err, "mating PV"));
}

TEST_CASE("fastchess dialect: PV warnings as fastchess prints them, on stdout", "[integration]") {
    TempDir dir;
    // garbage-info sends "info depth 3 score cp 12 pv MOVE zz99 ..." before its move.
    const auto engines = misbehave_engine("g", {"--mode=garbage-info"}) + misbehave_engine("b");
    const auto fastchess = run_match(engines + one_game(dir) + words({"-dialect", "fastchess"}));
    INFO(fastchess.out << fastchess.err);
    REQUIRE(fastchess.code == 0);
    CHECK(contains(fastchess.out, "Warning; Illegal PV move - move zz99 from g\nInfo; info depth 3 score cp 12 pv "));
    CHECK(contains(fastchess.out, "\nPosition; startpos\nMoves; \n"));
    // The bestmove is the first move of that PV: no mismatch warning.
    CHECK_FALSE(contains(fastchess.out, "Bestmove does not match"));

    const auto cutechess = run_match(engines + one_game(dir, "c.db"));
    REQUIRE(cutechess.code == 0);
    CHECK_FALSE(contains(cutechess.out + cutechess.err, "Illegal PV move"));

    // -testEnv: one line per warning, its parts joined by " :: ", as fastchess writes for workers.
    const auto worker = run_match(engines + one_game(dir, "t.db") + words({"-dialect", "fastchess", "-testEnv"}));
    INFO(worker.out);
    REQUIRE(worker.code == 0);
    CHECK(contains(worker.out, "Warning; Illegal PV move - move zz99 from g :: Info; info depth 3 score cp 12 pv "));
    CHECK(contains(worker.out, " :: Position; startpos :: Moves; \n"));
    CHECK_FALSE(contains(worker.out, "\nInfo; "));
}

TEST_CASE("show-latency: measured minus reported time, per move", "[integration]") {
    TempDir dir;
    const auto result =
        run_match(misbehave_engine("a") + misbehave_engine("b") + one_game(dir) + words({"-show-latency"}));
    INFO(result.out << result.err);
    REQUIRE(result.code == 0);
    // misbehave_engine reports `time 0`: the latency is the whole measured time. 3 moves each.
    std::size_t lines = 0;
    for (auto at = result.err.find("Engine "); at != std::string::npos; at = result.err.find("Engine ", at + 1)) {
        const std::string line = result.err.substr(at, result.err.find('\n', at) - at);
        INFO(line);
        CHECK((line.rfind("Engine a latency: ", 0) == 0 || line.rfind("Engine b latency: ", 0) == 0));
        const auto elapsed = line.substr(line.find("(elapsed: ") + 10);
        CHECK(line.find("latency: " + elapsed.substr(0, elapsed.find(',')) + "ms") != std::string::npos);
        CHECK(contains(line, ", reported: 0)"));
        ++lines;
    }
    CHECK(lines == 6);
}

TEST_CASE("ucinewgame-ms: an engine that does not get ready for a game in time fails the run", "[integration]") {
    TempDir dir;
    // hang-isready: answers isready at start-up, never again after its first ucinewgame.
    const auto result = run_match(misbehave_engine("h", {"--mode=hang-isready"}) + misbehave_engine("b") +
                                  one_game(dir) + words({"-ucinewgame-ms", "300"}));
    INFO(result.out << result.err);
    CHECK(result.code == 1);
    CHECK(contains(result.err, "engine h did not answer isready within 300 ms"));
}

TEST_CASE("conf=NAME reads cutechess's engines.json before arbiter's catalogue", "[integration]") {
    TempDir dir;
    const std::string engines_json =
        dir.write("engines.json",
                  "[\n"
                  "  {\n"
                  "    \"name\": \"scripted\",\n"
                  "    \"command\": \"" MISBEHAVE_BIN
                  "\",\n"
                  "    \"protocol\": \"uci\",\n"
                  "    \"stderrFile\": \"" +
                      dir.file("scripted.err") +
                      "\",\n"
                      "    \"debug\": true,\n"
                      "    \"options\": [{\"name\": \"Ply\", \"type\": \"spin\", \"value\": 0,"
                      " \"min\": 0, \"max\": 9}, {\"name\": \"Clear\", \"type\": \"button\"}]\n"
                      "  }\n"
                      "]\n");
    SECTION("the entry's command, options and keys; the name is the entry's") {
        const auto result = run_match(
            words({"-engine", "conf=scripted", "-engine", "cmd=" MISBEHAVE_BIN, "name=b", "-engines", engines_json}) +
            one_game(dir));
        INFO(result.out << result.err);
        REQUIRE(result.code == 0);
        const auto games = stored_games(dir.file("f.db"));
        REQUIRE(games.size() == 1);
        CHECK(games.begin()->second.game.white == "scripted");
        CHECK(contains(read_text(dir.file("scripted.err")), "misbehave_engine: debug on"));
    }
    SECTION("bad JSON is an error naming the file and line") {
        const std::string broken =
            dir.write("broken.json", "[\n {\"name\": \"x\",\n  \"command\": \"y\"\n  \"protocol\": \"uci\"}\n]\n");
        const auto result = run_match(
            words({"-engine", "conf=x", "-engine", "cmd=" MISBEHAVE_BIN, "-engines", broken}) + one_game(dir));
        CHECK(result.code == 2);
        CHECK(contains(result.err, broken + ":4:"));
    }
    SECTION("a name it does not hold falls through to arbiter's catalogue") {
        const auto result = run_match(
            words({"-engine", "conf=nosuchengine", "-engine", "cmd=" MISBEHAVE_BIN, "-engines", engines_json}) +
            one_game(dir));
        CHECK(result.code == 2);
        CHECK(contains(result.err, "no engine 'nosuchengine' in the reference catalogue"));
    }
    SECTION("bare -engines lists the engines.json names and exits") {
        const auto result = run_match(words({"-engines", "-engines", engines_json}));
        CHECK(result.code == 0);
        CHECK(result.out == "scripted\n");
    }
}

TEST_CASE("two engines of one name play, the later one renamed, as cutechess-cli lets them", "[integration]") {
    TempDir dir;
    const auto result = run_match(misbehave_engine("same") + misbehave_engine("same") + one_game(dir));
    INFO(result.out << result.err);
    REQUIRE(result.code == 0);
    CHECK(contains(result.err, "-engine #2: name 'same' is taken by another engine; this one plays as 'same-2'"));
    const auto games = stored_games(dir.file("f.db"));
    REQUIRE(games.size() == 1);
    CHECK(contains(result.out, "same vs same-2"));
}

TEST_CASE("initstr= sends each line of its text, split at \\n as cutechess-cli splits it", "[integration]") {
    TempDir dir;
    const auto result = run_match(misbehave_engine("a") + words({"initstr=setoption name Alpha value 1\\nisready"}) +
                                  misbehave_engine("b") + one_game(dir) + words({"-debug"}));
    INFO(result.err);
    REQUIRE(result.code == 0);
    CHECK(contains(result.err, ">a(0): setoption name Alpha value 1\n"));
    CHECK(contains(result.err, ">a(0): isready\n"));
    CHECK_FALSE(contains(result.err, "\\nisready"));
}
