// Whole runs of tempo engines at fixed nodes for each tournament and result-list flag: pairings of
// the cutechess and fastchess dialects against what the real tools played (runner_output/
// pairings_*.txt), knockouts and pyramids, -noswap, -reverse, -wait, -seeds, -srand, the intervals,
// -resultformat, -report penta= and -quick.
#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <regex>
#include <set>

#include "cli/match_flags.h"
#include "cli/report_command.h"
#include "harness/schedule/knockout.h"
#include "tests/support/match_test_support.h"

using namespace match_test;
using Catch::Matchers::Contains;

namespace {

const std::string kBook = std::string(REPO_ROOT_DIR) + "/tests/data/openings12.epd";
const std::string kCaptured = std::string(REPO_ROOT_DIR) + "/tests/data/runner_output/";

std::vector<std::string> split_words(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string word; in >> word;) out.push_back(word);
    return out;
}

// `count` tempo engines named E1, E2, ... at fixed nodes, with the 12-opening book in order.
std::vector<std::string> tempo_field(std::size_t count, const std::string& db) {
    std::vector<std::string> args;
    for (std::size_t i = 1; i <= count; ++i)
        args = args + std::vector<std::string>{"-engine", "cmd=" TEMPO_BIN, "name=E" + std::to_string(i)};
    return args + std::vector<std::string>{"-each",        "proto=uci",
                                           "nodes=300",    "option.Hash=8",
                                           "-openings",    "file=" + kBook,
                                           "format=epd",   "order=sequential",
                                           "-maxmoves",    "30",
                                           "-concurrency", "2",
                                           "--db",         db};
}

std::vector<std::string> book_lines() {
    std::vector<std::string> lines;
    std::istringstream in(read_text(kBook));
    for (std::string line; std::getline(in, line);) {
        const auto fields = split_words(line);
        lines.push_back(fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3]);
    }
    return lines;
}

// The stored games in schedule order, as the captures write them: "ROUND WHITE-BLACK oK".
std::string stored_schedule(const std::string& db) {
    const std::vector<std::string> book = book_lines();
    std::string text;
    for (const auto& [key, stored] : stored_games(db)) {
        const auto fen = split_words(stored.game.opening_fen);
        const std::string position = fen[0] + " " + fen[1] + " " + fen[2] + " " + fen[3];
        const auto line = std::find(book.begin(), book.end(), position) - book.begin() + 1;
        if (!text.empty()) text += "; ";
        text += std::to_string(stored.game.round) + " " + stored.game.white + "-" + stored.game.black + " o" +
                std::to_string(line);
    }
    return text;
}

std::string captured_games(const std::string& file, std::size_t engines, const std::string& args) {
    std::istringstream in(read_text(kCaptured + file));
    std::string want = "engines: " + std::to_string(engines), line;
    while (std::getline(in, line)) {
        if (line != want) continue;
        std::getline(in, line);
        if (line != "args: " + args && !(args.empty() && line == "args: ")) continue;
        std::getline(in, line);
        return line.substr(7);
    }
    FAIL("no captured case " << engines << " engines, " << args);
    return {};
}

std::size_t occurrences(const std::string& text, const std::string& needle) {
    std::size_t count = 0;
    for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++count;
    return count;
}

}  // namespace

TEST_CASE("tournaments of the cutechess and fastchess dialects play the pairings the real tools played",
          "[integration]") {
    const std::vector<std::tuple<std::string, std::size_t, std::string>> cases{
        {"cutechess", 3, "-games 2 -rounds 2 -reverse"},
        {"cutechess", 2, "-games 3 -repeat 2 -rounds 2"},
        {"cutechess", 4, "-tournament gauntlet -seeds 2 -games 1 -rounds 2"},
        {"cutechess", 4, "-tournament pyramid -games 1 -rounds 2"},
        {"cutechess", 3, "-games 2 -rounds 2 -noswap"},
        {"fastchess", 2, ""},
        {"fastchess", 2, "-games 4 -rounds 1"},
        {"fastchess", 3, "-games 1 -rounds 2"},
        {"fastchess", 4, "-tournament gauntlet -seeds 2 -games 1 -rounds 2"},
    };
    for (const auto& [dialect, engines, args] : cases) {
        INFO(dialect << ", " << engines << " engines, " << args);
        TempDir dir;
        const std::string db = dir.file("run.db");
        const RunOutput run =
            run_match(std::vector<std::string>{"-dialect", dialect} + tempo_field(engines, db) + split_words(args));
        INFO(run.out << run.err);
        REQUIRE(run.code == 0);
        CHECK(stored_schedule(db) == captured_games("pairings_" + dialect + ".txt", engines, args));
    }
}

TEST_CASE("a knockout of four tempo engines is decided encounter by encounter, as its bracket says", "[integration]") {
    TempDir dir;
    const std::string db = dir.file("run.db");
    // Different strengths and feature switches; the strongest is seeded first.
    const std::vector<std::string> args{"-engine",
                                        "cmd=" TEMPO_BIN,
                                        "name=full",
                                        "nodes=3000",
                                        "-engine",
                                        "cmd=" TEMPO_BIN,
                                        "name=no-nullmove",
                                        "nodes=1500",
                                        "option.NullMove=false",
                                        "-engine",
                                        "cmd=" TEMPO_BIN,
                                        "name=no-lmr",
                                        "nodes=800",
                                        "option.LateMoveReductions=false",
                                        "-engine",
                                        "cmd=" TEMPO_BIN,
                                        "name=plain",
                                        "nodes=100",
                                        "option.Features=none",
                                        "-each",
                                        "option.Hash=8",
                                        "-openings",
                                        "file=" + kBook,
                                        "order=sequential",
                                        "-maxmoves",
                                        "60",
                                        "-tournament",
                                        "knockout",
                                        "-seeds",
                                        "4",
                                        "-games",
                                        "2",
                                        "-concurrency",
                                        "2",
                                        "--db",
                                        db};
    const RunOutput run = run_match(args);
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);
    // Replaying the stored games through a bracket of the same settings decides it with none left
    // over, and prints the bracket the run printed.
    arbiter::schedule::KnockoutBracket::Options options;
    options.engines = 4;
    options.games = 2;
    options.seeds = 4;
    arbiter::schedule::KnockoutBracket bracket(options);
    const Games games = stored_games(db);
    REQUIRE(games.size() >= 6);
    for (const auto& [key, stored] : games) {
        const double score = stored.game.result == arbiter::db::GameResult::white_win   ? 1.0
                             : stored.game.result == arbiter::db::GameResult::black_win ? 0.0
                                                                                        : 0.5;
        const auto game = bracket.restore(static_cast<std::uint64_t>(key.first), score);
        const std::vector<std::string> names{"full", "no-nullmove", "no-lmr", "plain"};
        CHECK(stored.game.white == names[game.white]);
        CHECK(stored.game.round == game.round);
    }
    CHECK(bracket.finished());
    const std::string printed = bracket.results({"full", "no-nullmove", "no-lmr", "plain"});
    CHECK_THAT(run.out, Contains(printed));
    CHECK(printed.rfind("full\n\t\t", 0) == 0);  // seed 1 meets seed 4 first
    CHECK_THAT(run.out, Contains("\nplain\n"));
}

TEST_CASE("a pyramid has every engine play all its predecessors, and prints cutechess's table", "[integration]") {
    TempDir dir;
    const std::string db = dir.file("run.db");
    const RunOutput run =
        run_match(tempo_field(4, db) + std::vector<std::string>{"-tournament", "pyramid", "-games", "2", "-repeat"});
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);
    std::set<std::pair<std::string, std::string>> met;
    for (const auto& [key, stored] : stored_games(db)) met.insert(std::minmax(stored.game.white, stored.game.black));
    CHECK(stored_games(db).size() == 12);
    CHECK(met.size() == 6);
    CHECK_THAT(run.out, Contains("Rank Name                          Elo     +/-   Games   Score    Draw \n"));
}

TEST_CASE("flag -noswap keeps White with the first engine and -reverse gives it to the second", "[integration]") {
    for (const auto& [flag, first_white] : {std::pair{"-noswap", std::string("E1-E2; E1-E2; E1-E2; E1-E2")},
                                            std::pair{"-reverse", std::string("E2-E1; E1-E2; E2-E1; E1-E2")}}) {
        INFO(flag);
        TempDir dir;
        const std::string db = dir.file("run.db");
        REQUIRE(run_match(tempo_field(2, db) + std::vector<std::string>{"-games", "2", "-rounds", "2", flag}).code ==
                0);
        std::string colours;
        for (const auto& [key, stored] : stored_games(db))
            colours += (colours.empty() ? "" : "; ") + stored.game.white + "-" + stored.game.black;
        CHECK(colours == first_white);
    }
}

TEST_CASE("flag -wait pauses between the games of a worker", "[integration]") {
    TempDir dir;
    const std::string db = dir.file("run.db");
    const auto started = std::chrono::steady_clock::now();
    const RunOutput run =
        run_match(tempo_field(2, db) + std::vector<std::string>{"-games", "3", "-concurrency", "1", "-wait", "400"});
    const auto elapsed = std::chrono::steady_clock::now() - started;
    REQUIRE(run.code == 0);
    CHECK(stored_games(db).size() == 3);
    CHECK(elapsed >= std::chrono::milliseconds(800));  // two pauses: none before the first game
}

TEST_CASE("flag -outcomeinterval prints cutechess's outcome list every N games; the cutechess dialect ends with it",
          "[integration]") {
    TempDir dir;
    const RunOutput every_two =
        run_match(tempo_field(3, dir.file("a.db")) + std::vector<std::string>{"-games", "2", "-outcomeinterval", "2"});
    REQUIRE(every_two.code == 0);
    CHECK(occurrences(every_two.out, "\n\nPlayer: E1\n") == 3);  // after games 2, 4 and 6, not again at the end
    CHECK(std::regex_search(every_two.out, std::regex("Player: E2\n   \"(Win|Loss|Draw)[^\"]*\": \\d+\n")));
    const RunOutput plain = run_match(tempo_field(3, dir.file("b.db")) + std::vector<std::string>{"-games", "2"});
    CHECK(occurrences(plain.out, "Player: E1") == 0);
    const RunOutput cutechess = run_match(std::vector<std::string>{"-dialect", "cutechess"} +
                                          tempo_field(3, dir.file("c.db")) + std::vector<std::string>{"-games", "2"});
    CHECK(occurrences(cutechess.out, "\n\nPlayer: E1\n") == 1);
}

TEST_CASE("flag -resultformat picks the columns of the ranking table; help lists the formats", "[integration]") {
    TempDir dir;
    const std::string db = dir.file("run.db");
    const RunOutput run =
        run_match(tempo_field(3, db) + std::vector<std::string>{"-games", "2", "-resultformat", "wide"});
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);
    const std::string header =
        "Rank Name                          Elo     +/-   Games    Wins  Losses   Draws   "
        "Points   Score    Draw \n";
    REQUIRE_THAT(run.out, Contains(header));
    // Each engine's row holds its stored wins, losses and draws.
    std::map<std::string, std::array<int, 3>> wld;
    for (const auto& [key, stored] : stored_games(db)) {
        const auto result = stored.game.result;
        const int white = result == arbiter::db::GameResult::white_win   ? 0
                          : result == arbiter::db::GameResult::black_win ? 1
                                                                         : 2;
        ++wld[stored.game.white][white];
        ++wld[stored.game.black][white == 2 ? 2 : 1 - white];
    }
    const std::regex row(R"( +\d+ (E\d) +\S+ +\S+ +(\d+) +(\d+) +(\d+) +(\d+) .*)");
    std::istringstream table(run.out.substr(run.out.find(header) + header.size()));
    for (int i = 0; i < 3; ++i) {
        std::string line;
        std::getline(table, line);
        std::smatch m;
        REQUIRE(std::regex_match(line, m, row));
        CHECK(std::stoi(m[2]) == 4);
        CHECK(std::array<int, 3>{std::stoi(m[3]), std::stoi(m[4]), std::stoi(m[5])} == wld[m[1]]);
    }
    const RunOutput help = run_match({"-resultformat", "help"});
    CHECK(help.code == 0);
    CHECK_THAT(help.out,
               Contains("per-color: Rank,Name,Elo,Error,Games,W,L,D,Points,wW,wL,wD,wPoints,bW,bL,bD,bPoints"));
}

TEST_CASE("flag -scoreinterval prints the Score line every N games and after the last", "[integration]") {
    TempDir dir;
    const RunOutput run =
        run_match(tempo_field(2, dir.file("run.db")) + std::vector<std::string>{"-games", "7", "-scoreinterval", "3"});
    REQUIRE(run.code == 0);
    CHECK(occurrences(run.out, "Score of E1 vs E2: ") == 3);
    CHECK(std::regex_search(run.out, std::regex(R"(Score of E1 vs E2: \d+ - \d+ - \d+  \[[0-9.]+\] 7\n)")));
    const RunOutput never = run_match(tempo_field(2, dir.file("never.db")) +
                                      std::vector<std::string>{"-games", "2", "-scoreinterval", "0"});
    CHECK(occurrences(never.out, "Score of ") == 0);
}

TEST_CASE("flag -report penta=false leaves the pentanomial out of fastchess's results block", "[integration]") {
    TempDir dir;
    const auto fastchess = [&](const std::string& db, std::vector<std::string> extra) {
        return run_match(std::vector<std::string>{"-dialect", "fastchess"} + tempo_field(2, dir.file(db)) +
                         std::vector<std::string>{"-output", "format=fastchess"} + extra);
    };
    const RunOutput penta = fastchess("a.db", {});
    REQUIRE(penta.code == 0);
    CHECK_THAT(penta.out, Contains("Ptnml(0-2): ["));
    CHECK_THAT(penta.out, Contains("PairsRatio: "));
    const RunOutput trinomial = fastchess("b.db", {"-report", "penta=false"});
    INFO(trinomial.out << trinomial.err);
    REQUIRE(trinomial.code == 0);
    CHECK_THAT(trinomial.out, Contains("Games: 4, Wins: "));
    CHECK_THAT(trinomial.out, !Contains("Ptnml(0-2)"));
    CHECK_THAT(trinomial.out, !Contains("PairsRatio"));
    CHECK(fastchess("c.db", {"-report", "penta=maybe"}).code == 2);
}

TEST_CASE("flag -quick expands to fastchess's quick settings", "[integration]") {
    TempDir dir;
    const std::string db = dir.file("run.db");
    // The quick settings with one round, and nodes so that 10+0.1 games end at once.
    const RunOutput run = run_match({"-quick", "cmd=" TEMPO_BIN, "cmd=" TEMPO_BIN, "book=" + kBook, "-rounds", "1",
                                     "-each", "nodes=300", "option.Hash=8", "--db", db});
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);
    const Games games = stored_games(db);
    REQUIRE(games.size() == 2);  // -games 2: one opening, colours reversed
    const auto& first = games.begin()->second.game;
    const auto& second = std::next(games.begin())->second.game;
    CHECK(first.white == std::string(TEMPO_BIN) + "1");
    CHECK(second.white == first.black);
    CHECK(first.opening_fen == second.opening_fen);
    CHECK_THAT(first.pgn, Contains("[TimeControl \"10+0.1\"]"));
    CHECK_THAT(run.out, Contains("Elo difference: "));  // cutechess output
    const auto config = arbiter::cli::parse_match_flags({"-quick", "cmd=a", "cmd=b", "book=x.pgn"});
    CHECK(config.rounds == 25000);
    CHECK(config.recover);
    CHECK(config.draw->move_number == 30);
    CHECK(config.draw->move_count == 8);
    CHECK(config.draw->score_cp == 8);
    CHECK(config.openings->order == arbiter::openings::BookOrder::Random);
    CHECK(run_match({"-quick", "cmd=a", "book=x.epd"}).code == 2);
    CHECK(run_match({"-quick", "cmd=a", "cmd=b", "book=x.txt"}).code == 2);
}

TEST_CASE("flag -srand seeds the random opening order: the same number replays it, another changes it",
          "[integration]") {
    TempDir dir;
    const auto openings = [&](const std::string& db, const std::string& seed) {
        std::vector<std::string> args =
            tempo_field(2, dir.file(db)) + std::vector<std::string>{"-games", "6", "-srand", seed};
        std::replace(args.begin(), args.end(), std::string("order=sequential"), std::string("order=random"));
        REQUIRE(run_match(args).code == 0);
        std::string sequence;
        for (const auto& [key, stored] : stored_games(dir.file(db))) sequence += stored.game.opening_fen + "\n";
        return sequence;
    };
    const std::string first = openings("a.db", "7");
    CHECK(openings("b.db", "7") == first);
    CHECK(openings("c.db", "8") != first);
}

TEST_CASE("tournament flags that cannot work are refused before any game", "[integration]") {
    TempDir dir;
    const std::string db = dir.file("run.db");
    const RunOutput shard =
        run_match(tempo_field(4, db) + std::vector<std::string>{"-tournament", "knockout", "--shard", "1/2"});
    CHECK(shard.code == 2);
    CHECK_THAT(shard.err, Contains("--shard"));
    CHECK(run_match(std::vector<std::string>{"-dialect", "fastchess"} + tempo_field(2, db) +
                    std::vector<std::string>{"-games", "3", "-rounds", "3"})
              .code == 2);
    CHECK(run_match(tempo_field(2, db) + std::vector<std::string>{"-repeat", "0"}).code == 2);
    CHECK(run_match(tempo_field(2, db) + std::vector<std::string>{"-wait", "-5"}).code == 2);
    CHECK(run_match(tempo_field(2, db) + std::vector<std::string>{"-noswap", "yes"}).code == 2);
    CHECK_FALSE(std::filesystem::exists(db));
}

TEST_CASE("arbiter report run plans a seeded gauntlet's games as each dialect pairs them", "[integration]") {
    for (const auto& [dialect, games] : {std::pair{"cutechess", 4}, std::pair{"fastchess", 5}}) {
        INFO(dialect);
        TempDir dir;
        const std::string db = dir.file("run.db");
        REQUIRE(
            run_match(std::vector<std::string>{"-dialect", dialect} + tempo_field(4, db) +
                      std::vector<std::string>{"-tournament", "gauntlet", "-seeds", "2", "-games", "1", "-rounds", "1"})
                .code == 0);
        const auto report =
            test_support::run_captured(arbiter::cli::run_report_command, {"run", "--db", db, "--run", "1"});
        INFO(report.out << report.err);
        CHECK_THAT(report.out,
                   Contains(std::to_string(games) + " games stored of " + std::to_string(games) + " planned"));
    }
}

TEST_CASE("shards of a cutechess or fastchess tournament play the games of the whole run", "[integration]") {
    for (const auto& [dialect, args] :
         {std::pair{"cutechess", std::vector<std::string>{"-games", "3", "-repeat", "2"}},
          std::pair{"fastchess", std::vector<std::string>{"-tournament", "gauntlet", "-seeds", "2", "-rounds", "1"}}}) {
        INFO(dialect);
        TempDir dir;
        const auto run_of = [&](const std::string& db, std::vector<std::string> extra) {
            return run_match(std::vector<std::string>{"-dialect", dialect} + tempo_field(4, dir.file(db)) + args +
                             extra);
        };
        REQUIRE(run_of("whole.db", {}).code == 0);
        REQUIRE(run_of("one.db", {"--shard", "1/2"}).code == 0);
        REQUIRE(run_of("two.db", {"--shard", "2/2"}).code == 0);
        REQUIRE(run_of("some.db", {"--pairs", "1:2"}).code == 0);
        const Games whole = stored_games(dir.file("whole.db"));
        Games parts = stored_games(dir.file("one.db"));
        for (const auto& [key, game] : stored_games(dir.file("two.db"))) CHECK(parts.emplace(key, game).second);
        CHECK(same_games(parts, whole));
        Games some = stored_games(dir.file("some.db"));
        CHECK(some.size() >= 2);
        for (const auto& [key, game] : some) CHECK(same_games({{key, game}}, {{key, whole.at(key)}}));
    }
}
