// cutechess-cli's ranking table (-resultformat) and outcome list (-outcomeinterval), compared byte
// for byte with what cutechess-cli 1.4 printed (tests/data/runner_output/resultformat_*.txt): each
// engine's results are rebuilt from the "Finished game" lines of the same file.
#include <catch2/catch.hpp>

#include <cmath>

#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "harness/output/result_list.h"
#include "tests/support/text_file.h"

using namespace arbiter::schedule;
using namespace arbiter::output;

namespace {

const std::string kCaptured = std::string(REPO_ROOT_DIR) + "/tests/data/runner_output/";

struct Capture {
    std::vector<PlayerRecord> players;
    std::string table;     // the ranking table, each line ending in '\n'
    std::string outcomes;  // from the blank line before the first "Player:" to the last count
};

Capture read_capture(const std::string& file, const std::vector<std::string>& names) {
    Capture capture;
    for (const auto& name : names) capture.players.push_back(PlayerRecord{name, "inf", 0, 0, 0, 0, 0, 0, {}, {}});
    const auto index_of = [&](const std::string& name) {
        return static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
    };
    const std::regex finished(R"(Finished game \d+ \((\S+) vs (\S+)\): (1-0|0-1|1/2-1/2) \{(.*)\})");
    std::istringstream in(test_support::read_text(kCaptured + file));
    std::vector<std::string> after_games;
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (std::regex_match(line, m, finished)) {
            const double score = m[3] == "1-0" ? 1.0 : m[3] == "0-1" ? 0.0 : 0.5;
            add_game(capture.players, index_of(m[1]), index_of(m[2]), score, m[4]);
            after_games.clear();
        } else {
            after_games.push_back(line);
        }
    }
    std::size_t i = 0;
    for (; i < after_games.size() && !after_games[i].empty(); ++i) capture.table += after_games[i] + "\n";
    for (; i < after_games.size(); ++i) {
        if (after_games[i].rfind("Player: ", 0) == 0 && capture.outcomes.empty()) capture.outcomes = "\n";
        if (capture.outcomes.empty()) continue;
        if (after_games[i] == "Finished match") break;
        capture.outcomes += after_games[i] + "\n";
    }
    if (!capture.outcomes.empty()) capture.outcomes.pop_back();
    return capture;
}

const std::vector<std::string> kDepths{"sf-d1", "sf-d2", "sf-d3", "sf-d4"};
const std::vector<std::string> kForfeits{"sf-st", "sf-d2", "sf-d3"};

}  // namespace

TEST_CASE("every named -resultformat prints cutechess-cli's table", "[unit]") {
    for (const char* format : {"default", "wide", "wide2", "per-color", "minimal", "small", "short", "concise",
                               "with-points", "ordo", "term", "draws", "wide3"}) {
        INFO(format);
        const Capture capture = read_capture(std::string("resultformat_") + format + ".txt", kDepths);
        REQUIRE(capture.table.rfind("Rank Name", 0) == 0);
        CHECK(cutechess_ranking(capture.players, format) == capture.table);
    }
}

TEST_CASE("custom -resultformat lists: groups, spaces, field names without figures, unknown names", "[unit]") {
    const Capture fields = read_capture("resultformat_custom_fields.txt", kDepths);
    CHECK(cutechess_ranking(fields.players, "Rank,Name,Games,W,L,D,Points,LOS,wElo,bError,Bogus,TC") == fields.table);
    const Capture groups = read_capture("resultformat_custom_groups.txt", kDepths);
    CHECK(cutechess_ranking(groups.players, "Name, Elo ,WLDStats,Terminations") == groups.table);
}

// cutechess-cli prints inf and nan where a figure has no finite value; arbiter prints the marked
// one-sided 95% bound of a perfect or null score and '-' for an error without one, and the rest of
// the table byte for byte as cutechess does.
std::string with_arbiter_bounds(std::string table, const std::string& infinite, const std::string& bound) {
    for (std::size_t at; (at = table.find(infinite)) != std::string::npos;) table.replace(at, infinite.size(), bound);
    for (std::size_t at; (at = table.find("    nan")) != std::string::npos;) table.replace(at, 7, "      -");
    return table;
}

TEST_CASE("losses on time, infinite and undefined Elo, per-colour scores", "[unit]") {
    // sf-st lost all 8 games: its Elo is at most -elo(0.05^(1/8)) (elo.h), derived here on its own.
    const long ceiling = std::lround(-400.0 * std::log10(1.0 / std::pow(0.05, 1.0 / 8) - 1.0));
    REQUIRE(ceiling == 137);
    const std::string bound = "< -" + std::to_string(ceiling);
    const Capture term = read_capture("resultformat_term_forfeits.txt", kForfeits);
    CHECK(cutechess_ranking(term.players, "term") == with_arbiter_bounds(term.table, "   -inf", " " + bound));
    const Capture custom = read_capture("resultformat_custom_forfeits.txt", kForfeits);
    CHECK(cutechess_ranking(custom.players,
                            "Rank,Name,Elo,Error,RegulW,RegulL,OtherW,Time,wScore,bScore,wDScore,bDScore") ==
          with_arbiter_bounds(custom.table, "   -inf", " " + bound));
}

TEST_CASE("the outcome list counts every ending per engine as cutechess-cli does", "[unit]") {
    for (const auto& [file, names] :
         {std::pair{"resultformat_default.txt", kDepths}, std::pair{"resultformat_term_forfeits.txt", kForfeits}}) {
        INFO(file);
        const Capture capture = read_capture(file, names);
        REQUIRE_FALSE(capture.outcomes.empty());
        CHECK(cutechess_outcomes(capture.players) == capture.outcomes);
    }
}

TEST_CASE("a gauntlet lists its seeds first from rank 0; ties list the later engine first", "[unit]") {
    std::vector<PlayerRecord> players;
    for (const char* name : {"seed", "a", "b", "c"})
        players.push_back(PlayerRecord{name, "inf", 0, 0, 0, 0, 0, 0, {}, {}});
    add_game(players, 0, 1, 1.0, "White mates");
    add_game(players, 2, 0, 1.0, "White mates");
    add_game(players, 0, 3, 0.0, "Black mates");
    const std::string table = cutechess_ranking(players, "Rank,Name", 1);
    CHECK(table ==
          "Rank Name                      \n"
          "   0 seed                      \n"
          "   1 c                         \n"
          "   2 b                         \n"
          "   3 a                         \n");
    // Without the gauntlet order b and c tie at 100%: the later engine (c) is listed first.
    CHECK(cutechess_ranking(players, "Rank,Name") ==
          "Rank Name                      \n"
          "   1 c                         \n"
          "   2 b                         \n"
          "   3 seed                      \n"
          "   4 a                         \n");
}

TEST_CASE("flag -resultformat help names every format and field", "[unit]") {
    const std::string help = resultformat_help();
    for (const char* word : {"default", "wide", "wide2", "per-color", "wide3", "WLDStats", "DrawStats", "wScore", "TC"})
        CHECK(help.find(word) != std::string::npos);
}

TEST_CASE("figures round halves away from zero and write -0.0 as 0, as Qt does for cutechess", "[unit]") {
    // Qt 5.15's QString::arg(31.25, 6, 'f', 1) gives "  31.3" where printf gives "  31.2".
    std::vector<PlayerRecord> players;
    for (const char* name : {"a", "b", "c"}) players.push_back(PlayerRecord{name, "inf", 0, 0, 0, 0, 0, 0, {}, {}});
    for (int i = 0; i < 5; ++i) add_game(players, 0, 2, 1.0, "White mates");   // a: 5 wins,
    for (int i = 0; i < 11; ++i) add_game(players, 0, 2, 0.0, "Black mates");  // 11 losses: 31.25%
    add_game(players, 2, 1, 1.0, "White mates");
    add_game(players, 1, 2, 1.0, "White mates");  // b: 50%
    const std::string table = cutechess_ranking(players, "Name,Elo,Score");
    CHECK_THAT(table, Catch::Contains("\na                            -137   31.3% \n"));
    CHECK_THAT(table, Catch::Contains("\nb                               0   50.0% \n"));  // -400 log10(1) is -0.0
}
