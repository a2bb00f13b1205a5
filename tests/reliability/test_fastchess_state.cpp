// fastchess's saved state, config.json, with arbiter called as fastchess (build/bin/fastchess) in a
// working directory of its own, as scripts call fastchess: a run fastchess started and was
// interrupted in is continued (tests/data/fastchess_output/config_interrupted.json), the state is
// written in fastchess's format at the end and every -autosaveinterval games, a run killed after an
// autosave is continued from it without playing or counting a game twice, and -config's keys
// (file, outname, discard, stats) and its meaning in each dialect.
#include <catch2/catch.hpp>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

#include "harness/output/fastchess_state.h"
#include "tests/reliability/reliability_support.h"

using namespace reliability;
using Catch::Matchers::Contains;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

const std::string kData = std::string(REPO_ROOT_DIR) + "/tests/data/fastchess_output/";

// The directory fastchess ran in, as it left it: its config.json, its games.pgn and ./tempo.
void fastchess_left(const TempDir& dir) {
    fs::copy_file(kData + "config_interrupted.json", dir.file("config.json"));
    fs::copy_file(kData + "config_interrupted_games.pgn", dir.file("games.pgn"));
    fs::create_symlink(TEMPO_BIN, dir.file("tempo"));
}

json read_json(const std::string& path) { return json::parse(read_text(path)); }

// Every key path of a JSON document ("pgn.track_nodes", "engines[].limit.tc.time", "stats.*.wins").
void key_paths(const json& value, const std::string& prefix, std::set<std::string>& paths) {
    if (value.is_object()) {
        for (const auto& item : value.items()) {
            const std::string key = prefix == "stats" ? "*" : item.key();
            const std::string path = prefix.empty() ? key : prefix + "." + key;
            paths.insert(path);
            key_paths(item.value(), path, paths);
        }
    } else if (value.is_array() && !value.empty() && value[0].is_object()) {
        key_paths(value[0], prefix + "[]", paths);
    }
}

std::set<std::string> key_paths(const json& document) {
    std::set<std::string> paths;
    key_paths(document, "", paths);
    return paths;
}

std::int64_t games_in(const json& stats) {
    std::int64_t games = 0;
    for (const auto& item : stats.items())
        games += item.value()["wins"].get<std::int64_t>() + item.value()["losses"].get<std::int64_t>() +
                 item.value()["draws"].get<std::int64_t>();
    return games;
}

std::int64_t pairs_in(const json& stats) {
    std::int64_t pairs = 0;
    for (const auto& item : stats.items())
        for (const char* key : {"penta_WW", "penta_WD", "penta_WL", "penta_DD", "penta_LD", "penta_LL"})
            pairs += item.value()[key].get<std::int64_t>();
    return pairs;
}

// A fastchess command line of tempo against itself, engines by relative path, in the run's directory.
std::vector<std::string> fastchess_match(int rounds, const std::vector<std::string>& more = {}) {
    std::vector<std::string> args{"-engine",
                                  "cmd=./tempo",
                                  "name=A",
                                  "-engine",
                                  "cmd=./tempo",
                                  "name=B",
                                  "-each",
                                  "nodes=2000",
                                  "option.Hash=8",
                                  "-rounds",
                                  std::to_string(rounds),
                                  "-games",
                                  "2",
                                  "-repeat",
                                  "-maxmoves",
                                  "8",
                                  "-srand",
                                  "9",
                                  "--db",
                                  "run.db",
                                  "-pgnout",
                                  "file=games.pgn",
                                  "nodes=true"};
    return args + more;
}

}  // namespace

TEST_CASE("arbiter as fastchess continues a run fastchess was interrupted in, from its config.json", "[integration]") {
    TempDir dir;
    fastchess_left(dir);
    const json before = read_json(dir.file("config.json"));
    const auto run = run_tool(tool_path("fastchess"), {"-config", "file=config.json", "--db", "run.db"}, dir.path());
    INFO(run.out << run.err);
    REQUIRE(run.exit_code == 0);
    CHECK_THAT(run.out, Contains("Continuing fastchess's run: 2 of 6 games played before"));
    // fastchess counted two games (one complete pair): game 3 is played again, as fastchess plays it.
    CHECK(count_of(run.out, "Started game ") == 4);
    CHECK_THAT(run.out, Contains("Started game 3 of 6") && !Contains("Started game 2 of 6"));
    CHECK_THAT(run.out, Contains("Results of A vs B") && Contains("Games: 6, Wins: "));
    // Its games.pgn goes on, in the layout its pgn settings ask for (nodes=true).
    const std::string pgn = read_text(dir.file("games.pgn"));
    CHECK(count_of(pgn, "[Event ") == 3 + 4);
    CHECK(count_of(pgn.substr(read_text(kData + "config_interrupted_games.pgn").size()), ", n=") > 4 * 10);

    const json after = read_json(dir.file("config.json"));
    CHECK(key_paths(after) == key_paths(before));
    CHECK(games_in(after["stats"]) == 6);
    CHECK(pairs_in(after["stats"]) == 3);
    CHECK(after["engines"] == before["engines"]);
    CHECK(after["pgn"] == before["pgn"]);
    CHECK(after["seed"] == before["seed"]);
    CHECK(after["log"] == before["log"]);
}

TEST_CASE("a run in the fastchess dialect writes config.json in fastchess's format, with its results",
          "[integration]") {
    TempDir dir;
    fs::create_symlink(TEMPO_BIN, dir.file("tempo"));
    const auto run = run_tool(tool_path("fastchess"), fastchess_match(2), dir.path());
    INFO(run.out << run.err);
    REQUIRE(run.exit_code == 0);
    const json written = read_json(dir.file("config.json"));
    CHECK(key_paths(written) == key_paths(read_json(kData + "config_interrupted.json")));
    REQUIRE(written["stats"].contains("A vs B"));
    const json& stats = written["stats"]["A vs B"];
    std::int64_t wins = 0, losses = 0, draws = 0;
    for (const auto& [key, stored] : stored_games(dir.file("run.db"))) {
        const bool a_white = stored.game.white == "A";
        if (stored.game.result == arbiter::db::GameResult::draw) ++draws;
        else if ((stored.game.result == arbiter::db::GameResult::white_win) == a_white) ++wins;
        else ++losses;
    }
    CHECK(stats["wins"] == wins);
    CHECK(stats["losses"] == losses);
    CHECK(stats["draws"] == draws);
    CHECK(pairs_in(written["stats"]) == 2);
    CHECK(written["games"] == 2);
    CHECK(written["rounds"] == 2);
    CHECK(written["pgn"]["file"] == "games.pgn");
    CHECK(written["pgn"]["track_nodes"] == true);
    CHECK(written["engines"][0]["limit"]["nodes"] == 2000);
    CHECK(written["engines"][0]["options"] == json::array({json::array({"Hash", "8"})}));
    // Read back, it is the same run.
    const auto read = arbiter::output::read_fastchess_config(dir.file("config.json"));
    REQUIRE(read.engines.size() == 2);
    CHECK(read.engines[0].cmd == "./tempo");
    CHECK(read.engines[1].nodes == 2000u);
    CHECK(read.fastchess_state->carried->games() == 4);
    CHECK(read.maxmoves == 8);
    CHECK(read.seed == 9u);
}

TEST_CASE("config.json is saved every -autosaveinterval games; a run killed after one continues from it",
          "[integration]") {
    TempDir dir;
    fs::create_symlink(TEMPO_BIN, dir.file("tempo"));
    test_support::Child fastchess(
        tool_in(tool_path("fastchess"), fastchess_match(6, {"-autosaveinterval", "2"}), dir.path()));
    REQUIRE(wait_for_lines(dir.file("games.pgn"), "[Event ", 3, std::chrono::seconds(60)));
    REQUIRE(wait_for_lines(dir.file("config.json"), "\"stats\"", 1, std::chrono::seconds(60)));
    fastchess.signal(SIGKILL);
    REQUIRE_FALSE(fastchess.wait(std::chrono::seconds(30)).timed_out);
    const json saved = read_json(dir.file("config.json"));
    const std::int64_t counted = games_in(saved["stats"]);
    CHECK(counted >= 2);
    CHECK(counted % 2 == 0);  // whole pairs, as fastchess counts them
    const std::size_t stored_before = stored_games(dir.file("run.db")).size();
    CHECK(stored_before >= static_cast<std::size_t>(counted));

    const auto resumed =
        run_tool(tool_path("fastchess"), {"-config", "file=config.json", "--db", "run.db"}, dir.path());
    INFO(resumed.out << resumed.err);
    REQUIRE(resumed.exit_code == 0);
    CHECK_THAT(resumed.out, Contains("Games: 12, Wins: "));
    const json final_state = read_json(dir.file("config.json"));
    CHECK(games_in(final_state["stats"]) == 12);
    CHECK(pairs_in(final_state["stats"]) == 6);
    // The same run of the database goes on: the games stored after the last save are neither played
    // nor counted again.
    CHECK_THAT(resumed.out, Contains("resuming run 1: "));
    CHECK_THAT(resumed.out, Contains("Games: " + std::to_string(12 - stored_before) + " played now, 12 in run 1"));
    CHECK(stored_games(dir.file("run.db")).size() == 12);
}

TEST_CASE("flag -autosaveinterval 0 saves config.json at the end only", "[integration]") {
    TempDir dir;
    fs::create_symlink(TEMPO_BIN, dir.file("tempo"));
    test_support::Child fastchess(
        tool_in(tool_path("fastchess"), fastchess_match(6, {"-autosaveinterval", "0"}), dir.path()));
    REQUIRE(wait_for_lines(dir.file("games.pgn"), "[Event ", 5, std::chrono::seconds(60)));
    fastchess.signal(SIGKILL);
    REQUIRE_FALSE(fastchess.wait(std::chrono::seconds(30)).timed_out);
    CHECK_FALSE(fs::exists(dir.file("config.json")));
}

TEST_CASE("flag -config stats=false plays from the first game, discard=true plays the command line's run",
          "[integration]") {
    TempDir dir;
    fastchess_left(dir);
    const auto fresh =
        run_tool(tool_path("fastchess"),
                 {"-config", "file=config.json", "stats=false", "outname=fresh.json", "--db", "a.db"}, dir.path());
    INFO(fresh.out << fresh.err);
    REQUIRE(fresh.exit_code == 0);
    CHECK_THAT(fresh.out, Contains("Started game 1 of 6") && !Contains("Continuing fastchess's run"));
    CHECK(games_in(read_json(dir.file("fresh.json"))["stats"]) == 6);

    const auto discarded = run_tool(tool_path("fastchess"),
                                    {"-config",
                                     "file=config.json",
                                     "discard=true",
                                     "outname=mine.json",
                                     "-engine",
                                     "cmd=./tempo",
                                     "name=X",
                                     "-engine",
                                     "cmd=./tempo",
                                     "name=Y",
                                     "-each",
                                     "nodes=1000",
                                     "-rounds",
                                     "1",
                                     "-games",
                                     "2",
                                     "-repeat",
                                     "-maxmoves",
                                     "4",
                                     "--db",
                                     "b.db"},
                                    dir.path());
    INFO(discarded.out << discarded.err);
    REQUIRE(discarded.exit_code == 0);
    CHECK_THAT(discarded.out, Contains("Started game 1 of 2 (X vs Y)"));
    const json mine = read_json(dir.file("mine.json"));
    CHECK(mine["engines"][0]["name"] == "X");
    CHECK(games_in(mine["stats"]) == 2);
}

TEST_CASE("flag -config file=F is fastchess's under arbiter, refused under cutechess-cli, which reads arbiter's JSON",
          "[integration]") {
    TempDir dir;
    fastchess_left(dir);
    const auto as_arbiter =
        run_tool(tool_path("arbiter"), {"-config", "file=config.json", "--db", "run.db"}, dir.path());
    INFO(as_arbiter.out << as_arbiter.err);
    REQUIRE(as_arbiter.exit_code == 0);
    CHECK_THAT(as_arbiter.out, Contains("Continuing fastchess's run: 2 of 6"));
    CHECK(games_in(read_json(dir.file("config.json"))["stats"]) == 6);

    const auto refused = run_tool(tool_path("cutechess-cli"), {"-config", "file=config.json"}, dir.path());
    CHECK(refused.exit_code == 2);
    CHECK_THAT(refused.err, Contains("-config") && Contains("fastchess's form"));

    const std::string run_json =
        dir.write("run.json", R"({"engines": [{"name": "P", "cmd": "./tempo"}, {"name": "Q", "cmd": "./tempo"}],
                       "each": {"nodes": 1000}, "games": 2, "repeat": true, "maxmoves": 4, "db": "json.db"})");
    const auto cutechess = run_tool(tool_path("cutechess-cli"), {"-config", "run.json"}, dir.path());
    INFO(cutechess.out << cutechess.err);
    REQUIRE(cutechess.exit_code == 0);
    CHECK_THAT(cutechess.out, Contains("Score of P vs Q"));
    CHECK(fs::exists(dir.file("json.db")));

    const auto fastchess_json = run_tool(tool_path("fastchess"), {"-config", "run.json"}, dir.path());
    CHECK(fastchess_json.exit_code == 2);
    CHECK_THAT(fastchess_json.err, Contains("file=NAME"));
}
