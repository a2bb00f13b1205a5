// arbiter called as cutechess-cli and as fastchess (the links build/bin/cutechess-cli and
// build/bin/fastchess): the same command prints each tool's result lines, follows each tool's
// defaults, and -version / -help answer as scripts that check them expect while saying it is arbiter.
#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>

#include "tests/reliability/reliability_support.h"

using namespace reliability;
using Catch::Matchers::Contains;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> two_games(const std::string& db) {
    return {"-engine",    "cmd=" TEMPO_BIN, "name=A", "-engine", "cmd=" TEMPO_BIN, "name=B", "-each",
            "nodes=2000", "-games",         "2",      "-repeat", "-rounds",        "1",      "-maxmoves",
            "6",          "--db",           db,       "-pgnout", "games.pgn"};
}

}  // namespace

TEST_CASE("the same command prints fastchess's results block as fastchess and cutechess-cli's lines as cutechess-cli",
          "[integration]") {
    TempDir dir;
    std::vector<std::string> fastchess_args = two_games("f.db");
    fastchess_args.back() = "games-f.pgn";  // cutechess's spelling, which fastchess 1.0 to 1.6 read
    const auto fastchess = run_tool(tool_path("fastchess"), fastchess_args, dir.path());
    INFO(fastchess.out << fastchess.err);
    REQUIRE(fastchess.exit_code == 0);
    CHECK(std::regex_search(fastchess.out, std::regex("\nResults of A vs B \\([^)]*\\):\nElo: ")));
    CHECK(std::regex_search(fastchess.out, std::regex("\nGames: 2, Wins: \\d+, Losses: \\d+, Draws: \\d+, Points: ")));
    CHECK_THAT(fastchess.out, !Contains("Elo difference:"));
    CHECK(fs::exists(dir.file("config.json")));  // fastchess saves its state
    const std::string fastchess_pgn = read_text(dir.file("games-f.pgn"));
    CHECK(count_of(fastchess_pgn, "[Event \"Fastchess Tournament\"]") == 2);
    // fastchess's layout: its tag order (cutechess-cli sorts the tags, GameEndTime before GameStartTime).
    CHECK(std::regex_search(fastchess_pgn, std::regex("\\[GameDuration \"[^\"]*\"\\]\n\\[GameStartTime ")));

    const auto cutechess = run_tool(tool_path("cutechess-cli"), two_games("c.db"), dir.path());
    INFO(cutechess.out << cutechess.err);
    REQUIRE(cutechess.exit_code == 0);
    CHECK(std::regex_search(cutechess.out, std::regex("\nScore of A vs B: \\d+ - \\d+ - \\d+  \\[0\\.\\d+\\] 2\n")));
    CHECK(std::regex_search(cutechess.out, std::regex("\nElo difference: -?[\\d.]+ \\+/- [\\d.]+, LOS: ")));
    CHECK_THAT(cutechess.out, !Contains("Games: 2, Wins:") && !Contains("Ptnml(0-2)"));
    CHECK(count_of(read_text(dir.file("games.pgn")), "[Event \"?\"]") == 2);  // cutechess-cli names no event
}

TEST_CASE("flag -version and -help under the tools' names answer as the tools do and say they are arbiter",
          "[integration]") {
    TempDir dir;
    for (const char* flag : {"-version", "--version"}) {
        const auto cutechess = run_tool(tool_path("cutechess-cli"), {flag}, dir.path());
        CHECK(cutechess.exit_code == 0);
        CHECK(std::regex_search(cutechess.out, std::regex("^cutechess-cli \\d+\\.\\d+\\.\\d+ \\(arbiter ")));
        const auto fastchess = run_tool(tool_path("fastchess"), {flag}, dir.path());
        CHECK(fastchess.exit_code == 0);
        CHECK(std::regex_search(fastchess.out, std::regex("^fastchess alpha \\d+\\.\\d+\\.\\d+ \\(arbiter ")));
    }
    CHECK(run_tool(tool_path("fastchess"), {"-v"}, dir.path()).out.rfind("fastchess alpha ", 0) == 0);
    for (const char* tool : {"cutechess-cli", "fastchess"}) {
        const auto help = run_tool(tool_path(tool), {"-help"}, dir.path());
        CHECK(help.exit_code == 0);
        CHECK_THAT(help.out, Contains("This is arbiter in its ") && Contains("usage: arbiter [match]"));
    }
}

TEST_CASE("flag -dialect X given first with -version or -help answers as tool X, as its link does", "[integration]") {
    TempDir dir;
    const std::string arbiter = tool_path("arbiter");
    for (const char* dialect : {"cutechess", "cutechess-cli"}) {
        const auto version = run_tool(arbiter, {"-dialect", dialect, "-version"}, dir.path());
        CHECK(version.exit_code == 0);
        CHECK(std::regex_search(version.out, std::regex("^cutechess-cli \\d+\\.\\d+\\.\\d+ \\(arbiter ")));
    }
    const auto fastchess = run_tool(arbiter, {"-dialect", "fastchess", "--version"}, dir.path());
    CHECK(fastchess.exit_code == 0);
    CHECK(std::regex_search(fastchess.out, std::regex("^fastchess alpha \\d+\\.\\d+\\.\\d+ \\(arbiter ")));
    for (const char* dialect : {"cutechess", "fastchess"}) {
        const auto help = run_tool(arbiter, {"-dialect", dialect, "-help"}, dir.path());
        CHECK(help.exit_code == 0);
        CHECK_THAT(help.out, Contains(std::string("This is arbiter in its ") + dialect + " dialect"));
    }
    // Without a tool's dialect, -version is arbiter's own.
    const auto own = run_tool(arbiter, {"-dialect", "arbiter", "-version"}, dir.path());
    CHECK(own.exit_code == 0);
    CHECK(own.out.rfind("arbiter ", 0) == 0);
}

TEST_CASE("flag -config outname= alone keeps fastchess's -games 2 default: the same games per round", "[integration]") {
    TempDir dir;
    for (const bool with_outname : {false, true}) {
        std::vector<std::string> args = {"-engine",        "cmd=" TEMPO_BIN,
                                         "name=A",         "-engine",
                                         "cmd=" TEMPO_BIN, "name=B",
                                         "-each",          "nodes=500",
                                         "-rounds",        "2",
                                         "-maxmoves",      "4",
                                         "--db",           with_outname ? "named.db" : "plain.db"};
        if (with_outname) args.insert(args.end(), {"-config", "outname=state.json"});
        const auto run = run_tool(tool_path("fastchess"), args, dir.path());
        INFO(run.out << run.err);
        REQUIRE(run.exit_code == 0);
        // -rounds 2 of fastchess's default -games 2: four games either way.
        CHECK_THAT(run.out, Contains("Games: 4, Wins:"));
        if (with_outname) CHECK(fs::exists(dir.file("state.json")));
    }
}
