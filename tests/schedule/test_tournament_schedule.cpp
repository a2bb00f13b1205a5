// Pairings, colours and openings of each dialect compared with what cutechess-cli and fastchess
// played (tests/data/runner_output/pairings_*.txt, knockout_*.txt), and the rules no capture shows.
#include <catch2/catch.hpp>

#include <regex>
#include <sstream>
#include <string>
#include <vector>
#include <nlohmann/json.hpp>

#include "cli/match_flags.h"
#include "harness/config/tournament_json.h"
#include "harness/schedule/knockout.h"
#include "harness/schedule/schedule.h"
#include "tests/support/text_file.h"

using namespace arbiter;
using namespace arbiter::schedule;

namespace {

const std::string kCaptured = std::string(REPO_ROOT_DIR) + "/tests/data/runner_output/";
constexpr std::uint64_t kBookSize = 12;  // tests/data/openings12.epd, the captures' book

struct CapturedCase {
    std::size_t engines = 2;
    std::string args;
    std::string games;  // "1 E1-E2 o1; 1 E2-E1 o2; ..."
};

std::vector<CapturedCase> captured_cases(const std::string& file) {
    std::vector<CapturedCase> cases;
    std::istringstream in(test_support::read_text(kCaptured + file));
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("engines: ", 0) == 0) cases.push_back({std::stoul(line.substr(9)), {}, {}});
        else if (line.rfind("args:", 0) == 0) cases.back().args = line.size() > 6 ? line.substr(6) : "";
        else if (line.rfind("games: ", 0) == 0) cases.back().games = line.substr(7);
    }
    return cases;
}

std::vector<std::string> words(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string word; in >> word;) out.push_back(word);
    return out;
}

config::MatchConfig config_of(const std::string& dialect, std::size_t engines, const std::string& args) {
    std::vector<std::string> flags{"-dialect", dialect};
    for (std::size_t i = 1; i <= engines; ++i)
        for (const std::string& word :
             {std::string("-engine"), std::string("cmd=engine"), "name=E" + std::to_string(i)})
            flags.push_back(word);
    for (const std::string& word : words(args)) flags.push_back(word);
    return cli::parse_match_flags(flags);
}

// Every game of the schedule in pair order, as the captures write them.
std::string games_of(const Schedule& schedule) {
    std::string text;
    for (std::uint64_t p = 0; p < schedule.total_pairs(); ++p) {
        const PairTask task = schedule.pair(p);
        std::uint64_t opening = task.slot;
        if (schedule.opening_cycle() > 0) opening %= std::min(schedule.opening_cycle(), kBookSize);
        for (const ScheduledGame& game : task.games) {
            if (!text.empty()) text += "; ";
            text += std::to_string(game.round) + " E" + std::to_string(game.white + 1) + "-E" +
                    std::to_string(game.black + 1) + " o" + std::to_string(opening % kBookSize + 1);
        }
    }
    return text;
}

std::string schedule_text(const std::string& dialect, const CapturedCase& c) {
    const config::MatchConfig config = config_of(dialect, c.engines, c.args);
    return games_of(Schedule(schedule_spec(config, c.engines)));
}

}  // namespace

TEST_CASE("the cutechess dialect pairs, colours and opens games as cutechess-cli did", "[unit]") {
    const auto cases = captured_cases("pairings_cutechess.txt");
    REQUIRE(cases.size() == 22);
    for (const CapturedCase& c : cases) {
        INFO(c.engines << " engines, " << c.args);
        CHECK(schedule_text("cutechess", c) == c.games);
    }
}

TEST_CASE("the fastchess dialect pairs, colours and opens games as fastchess did", "[unit]") {
    const auto cases = captured_cases("pairings_fastchess.txt");
    REQUIRE(cases.size() == 13);
    for (const CapturedCase& c : cases) {
        INFO(c.engines << " engines, " << c.args);
        CHECK(schedule_text("fastchess", c) == c.games);
    }
}

TEST_CASE("the arbiter dialect keeps cutechess's two-engine schedule and its own slot order", "[unit]") {
    for (const CapturedCase& c : captured_cases("pairings_cutechess.txt")) {
        if (c.engines != 2 || c.args.find("-repeat 3") != std::string::npos ||
            c.args.find("-games 3") != std::string::npos)
            continue;  // arbiter's -repeat pairs never straddle a round
        INFO(c.args);
        CHECK(schedule_text("arbiter", c) == c.games);
    }
    // Three engines: every pairing plays slot 0's opening before any plays slot 1's.
    const std::string three = schedule_text("arbiter", {3, "-games 2 -repeat", ""});
    CHECK(three == "1 E1-E2 o1; 1 E2-E1 o1; 1 E1-E3 o1; 1 E3-E1 o1; 1 E2-E3 o1; 1 E3-E2 o1");
    CHECK(schedule_text("arbiter", {3, "-games 1 -rounds 2 -noswap -reverse", ""}) ==
          "1 E2-E1 o1; 1 E3-E1 o1; 1 E3-E2 o1; 2 E2-E1 o2; 2 E3-E1 o2; 2 E3-E2 o2");
    CHECK(schedule_text("arbiter", {4, "-tournament gauntlet -seeds 2", ""}) ==
          "1 E1-E3 o1; 1 E1-E4 o1; 1 E2-E3 o1; 1 E2-E4 o1");
}

TEST_CASE("flag -repeat N and fastchess's -games limit", "[unit]") {
    // cutechess: -repeat 3 plays each opening three times, colours still alternating.
    CHECK(schedule_text("arbiter", {2, "-games 6 -repeat 3", ""}) ==
          "1 E1-E2 o1; 1 E2-E1 o1; 1 E1-E2 o1; 1 E2-E1 o2; 1 E1-E2 o2; 1 E2-E1 o2");
    CHECK(Schedule(schedule_spec(config_of("arbiter", 2, "-games 6 -repeat 3"), 2)).total_pairs() == 2);
    CHECK_FALSE(config_of("arbiter", 2, "-repeat 1").repeat);
    // fastchess: -repeat N is -games N; -games above 2 swaps with -rounds; both above 2 is an error.
    CHECK(config_of("fastchess", 2, "-repeat").games == 2);
    CHECK(config_of("fastchess", 2, "-rounds 5").games == 2);
    const config::MatchConfig swapped = config_of("fastchess", 2, "-games 8 -rounds 1");
    CHECK(swapped.games == 1);
    CHECK(swapped.rounds == 8);
    CHECK_THROWS_WITH(config_of("fastchess", 2, "-games 3 -rounds 3"), Catch::Contains("at most 2 games"));
    CHECK(config_of("fastchess", 3, "-tournament roundrobin").tournament == "round-robin");
    CHECK_THROWS_WITH(config_of("cutechess", 3, "-tournament swiss"), Catch::Contains("knockout or pyramid"));
}

TEST_CASE("pentanomial pairs only where two games share an opening with colours reversed", "[unit]") {
    CHECK(Schedule(schedule_spec(config_of("fastchess", 2, ""), 2)).colour_reversed_pairs());
    CHECK_FALSE(Schedule(schedule_spec(config_of("fastchess", 2, "-games 1 -rounds 4"), 2)).colour_reversed_pairs());
    CHECK_FALSE(Schedule(schedule_spec(config_of("fastchess", 2, "-noswap"), 2)).colour_reversed_pairs());
    CHECK(Schedule(schedule_spec(config_of("cutechess", 2, "-games 2 -repeat"), 2)).colour_reversed_pairs());
    CHECK_FALSE(Schedule(schedule_spec(config_of("cutechess", 2, "-games 2"), 2)).colour_reversed_pairs());
}

namespace {

struct KnockoutCapture {
    std::string file;
    std::size_t engines;
    int games;
    int repeat;
    bool reverse;
};

// Replays a captured cutechess knockout game by game: each started game must be the one the
// bracket hands out, numbered alike; at the end the bracket must print as cutechess printed it.
void replay(const KnockoutCapture& capture) {
    KnockoutBracket::Options options;
    options.engines = capture.engines;
    options.games = capture.games;
    options.repeat = capture.repeat;
    options.reverse = capture.reverse;
    options.seeds = static_cast<int>(capture.engines);
    KnockoutBracket bracket(options);
    std::vector<std::string> names;
    for (std::size_t i = 1; i <= capture.engines; ++i) names.push_back(std::string(1, 'E').append(std::to_string(i)));

    const std::regex started(R"(Started game (\d+) of (\d+) \(E(\d+) vs E(\d+)\))");
    const std::regex finished(R"(Finished game \d+ \(E(\d+) vs E\d+\): (1-0|0-1|1/2-1/2) .*)");
    std::istringstream in(test_support::read_text(kCaptured + capture.file));
    std::vector<std::string> after_games;
    std::optional<KnockoutBracket::Game> current;
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (std::regex_match(line, m, started)) {
            current = bracket.next_game();
            REQUIRE(current);
            INFO(line);
            CHECK(current->game.white + 1 == std::stoul(m[3]));
            CHECK(current->game.black + 1 == std::stoul(m[4]));
            CHECK(current->game.number == std::stoull(m[1]));
            CHECK(bracket.planned_games() == std::stoull(m[2]));
        } else if (std::regex_match(line, m, finished)) {
            const double white_score = m[2] == "1-0" ? 1.0 : m[2] == "0-1" ? 0.0 : 0.5;
            bracket.record(current->game.pair_index, current->game.white, white_score);
            after_games.clear();
        } else {
            after_games.push_back(line);
        }
    }
    CHECK_FALSE(bracket.next_game());
    CHECK(bracket.finished());
    std::string expected;  // the bracket: the lines after the last game up to the blank line
    for (const std::string& line : after_games) {
        if (line.empty()) break;
        expected += (expected.empty() ? "" : "\n") + line;
    }
    CHECK(bracket.results(names) == expected);
}

}  // namespace

TEST_CASE("knockouts pair, extend and print their bracket as cutechess-cli's did", "[unit]") {
    const KnockoutCapture captures[] = {
        {"knockout_3_bye.txt", 3, 1, 1, false},    {"knockout_4_games2.txt", 4, 2, 1, false},
        {"knockout_4_games3.txt", 4, 3, 1, false}, {"knockout_5_reverse.txt", 5, 1, 1, true},
        {"knockout_6_repeat.txt", 6, 2, 2, false},
    };
    for (const KnockoutCapture& capture : captures) {
        INFO(capture.file);
        replay(capture);
    }
}

TEST_CASE("a knockout goes back into its bracket from the stored games", "[unit]") {
    KnockoutBracket::Options options;
    options.engines = 5;
    options.games = 2;
    options.seeds = 5;
    const auto white_score = [](std::uint64_t pair_index) {
        return pair_index % 4 == 1 ? 0.0 : pair_index % 5 == 2 ? 0.5 : 1.0;
    };
    KnockoutBracket live(options);
    std::vector<std::uint64_t> played;
    for (int i = 0; i < 5; ++i) {
        const auto game = live.next_game();
        REQUIRE(game);
        live.record(game->game.pair_index, game->game.white, white_score(game->game.pair_index));
        played.push_back(game->game.pair_index);
    }
    KnockoutBracket resumed(options);
    std::sort(played.begin(), played.end());
    for (std::uint64_t pair_index : played) resumed.restore(pair_index, white_score(pair_index));
    CHECK_THROWS(resumed.restore(played.front(), 1.0));  // stored twice
    int rest = 0;
    for (; rest < 200; ++rest) {
        const auto a = live.next_game();
        const auto b = resumed.next_game();
        REQUIRE(a.has_value() == b.has_value());
        if (!a) break;
        CHECK(a->game.pair_index == b->game.pair_index);
        CHECK(a->game.white == b->game.white);
        CHECK(a->game.round == b->game.round);
        CHECK(a->opening == b->opening);
        live.record(a->game.pair_index, a->game.white, white_score(a->game.pair_index));
        resumed.record(b->game.pair_index, b->game.white, white_score(b->game.pair_index));
    }
    CHECK(rest > 0);
    CHECK(live.finished());
    const std::vector<std::string> names{"A", "B", "C", "D", "E"};
    CHECK(resumed.results(names) == live.results(names));
}

TEST_CASE("knockout seeding: unseeded engines are drawn from the seed, byes go to the top seeds", "[unit]") {
    KnockoutBracket::Options options;
    options.engines = 6;
    options.seeds = 2;
    options.seed = 11;
    const std::string a = KnockoutBracket(options).results({"A", "B", "C", "D", "E", "F"});
    CHECK(a == KnockoutBracket(options).results({"A", "B", "C", "D", "E", "F"}));
    // Seeds 1 and 2 sit at the two ends of the bracket, each beside a bye.
    CHECK(a.rfind("A\n\t\tA\nbye", 0) == 0);
    CHECK(a.find("B\n\t\tB\nbye") != std::string::npos);
    bool differs = false;
    for (std::uint64_t seed = 12; seed < 20 && !differs; ++seed) {
        options.seed = seed;
        differs = KnockoutBracket(options).results({"A", "B", "C", "D", "E", "F"}) != a;
    }
    CHECK(differs);
}

TEST_CASE("a knockout of draws stops its tie-breaks at the limit and lets the engine given earlier through", "[unit]") {
    KnockoutBracket::Options options;
    options.engines = 3;
    options.games = 2;
    KnockoutBracket bracket(options);
    std::vector<KnockoutBracket::TieDecided> ties;
    std::uint64_t games = 0;
    for (; games < 1000; ++games) {
        const auto game = bracket.next_game();
        if (!game) break;
        if (auto tie = bracket.record(game->game.pair_index, game->game.white, 0.5)) ties.push_back(*tie);
    }
    REQUIRE(bracket.finished());
    const int per_encounter = options.games + KnockoutBracket::kMaxTieBreakGames;
    CHECK(games == 2 * static_cast<std::uint64_t>(per_encounter));  // one bye: two encounters
    REQUIRE(ties.size() == 2);
    for (const auto& tie : ties) {
        CHECK(tie.through < tie.out);
        CHECK(tie.games == per_encounter);
    }
    CHECK(bracket.winner() == std::optional<std::size_t>(0));
    const std::string printed = bracket.results({"A", "B", "C"});
    CHECK_THAT(printed, Catch::Contains("\t\t\t\tA (11-11)"));
}

TEST_CASE("tournament settings in JSON configs, and which of them make a run's identity", "[unit]") {
    config::MatchConfig plain = config_of("arbiter", 3, "");
    const nlohmann::json plain_json = config::match_config_to_json(plain);
    for (const char* key : config::kTournamentJsonKeys) CHECK_FALSE(plain_json.contains(key));  // old identities stay

    config::MatchConfig all = config_of("cutechess", 4,
                                        "-tournament pyramid -repeat 3 -seeds 2 -noswap -reverse "
                                        "-report penta=false -wait 50 -outcomeinterval 4 "
                                        "-scoreinterval 2 -resultformat wide");
    const config::MatchConfig back = config::match_config_from_json(config::match_config_to_json(all), "test");
    CHECK(back.tournament == "pyramid");
    CHECK(back.schedule == config::ScheduleRules::cutechess);
    CHECK(back.repeat);
    CHECK(back.repeat_count == 3);
    CHECK(back.seeds == 2);
    CHECK(back.noswap);
    CHECK(back.reverse);
    CHECK(back.report_penta == false);
    CHECK(back.wait_ms == 50);
    CHECK(back.outcomeinterval == 4);
    CHECK(back.scoreinterval == 2);
    CHECK(back.resultformat == "wide");

    // What is printed and when games start is not part of the identity; the schedule is.
    config::MatchConfig shown = all;
    shown.wait_ms = 0, shown.outcomeinterval = 0, shown.scoreinterval = 1, shown.resultformat = "default";
    CHECK(config::run_identity(shown) == config::run_identity(all));
    for (auto change : std::vector<void (*)(config::MatchConfig&)>{
             [](config::MatchConfig& c) { c.schedule = config::ScheduleRules::fastchess; },
             [](config::MatchConfig& c) { c.seeds = 3; }, [](config::MatchConfig& c) { c.noswap = false; },
             [](config::MatchConfig& c) { c.reverse = false; }, [](config::MatchConfig& c) { c.repeat_count = 2; },
             [](config::MatchConfig& c) { c.report_penta.reset(); }}) {
        config::MatchConfig changed = all;
        change(changed);
        CHECK(config::run_identity(changed) != config::run_identity(all));
    }
    CHECK_THROWS_WITH(config::match_config_from_json(nlohmann::json{{"schedule", "swiss"}}, "c.json"),
                      Catch::Contains("c.json.schedule"));
    CHECK_THROWS_WITH(config::match_config_from_json(nlohmann::json{{"seeds", -1}}, "c.json"),
                      Catch::Contains("c.json.seeds"));
    CHECK_THROWS_WITH(config::match_config_from_json(nlohmann::json{{"noswap", "yes"}}, "c.json"),
                      Catch::Contains("c.json.noswap"));
    CHECK(config::match_config_from_json(nlohmann::json{{"tournament", "roundrobin"}}, "c.json").tournament ==
          "round-robin");
}
