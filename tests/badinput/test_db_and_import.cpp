// Bad PGN and bad databases given to import, ratings, merge and the writers that start a run, end to
// end through the arbiter binary: exit 2 with a message naming the file (and the line), nothing
// written; unfinished games and a byte-order mark handled and said; a damaged page that a run would
// never read found before it writes (PRAGMA quick_check, skipped with --no-db-check).
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>

#include <sqlite3.h>

#include "tests/badinput/check_bad_input.h"
#include "tests/badinput/query_int.h"
#include "tests/badinput/run_binary.h"

namespace fs = std::filesystem;
using badinput::check_bad_input;
using badinput::query_int;
using badinput::RunResult;
using badinput::ScratchDir;
using Catch::Matchers::Contains;

namespace {

using badinput::run_arbiter;

std::string bytes_of(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

std::string pgn_game(const std::string& white, const std::string& black, const std::string& result_tag,
                     const std::string& movetext) {
    return "[White \"" + white + "\"]\n[Black \"" + black + "\"]\n[Result \"" + result_tag + "\"]\n\n" + movetext +
           "\n\n";
}

// Knights out and back, `rounds` times: a legal game of 4 * rounds plies.
std::string shuffle_game(const std::string& white, const std::string& black, const std::string& result, int rounds) {
    std::string moves;
    for (int round = 0; round < rounds; ++round) {
        const int number = 2 * round + 1;
        moves += std::to_string(number) + ". Nf3 Nf6 " + std::to_string(number + 1) + ". Ng1 Ng8 ";
    }
    return pgn_game(white, black, result, moves + result);
}

// Three decisive-enough games between A and B, so ratings has something to fit.
std::string three_games() {
    return shuffle_game("A", "B", "1-0", 2) + shuffle_game("B", "A", "1-0", 2) + shuffle_game("A", "B", "1/2-1/2", 2);
}

// An arbiter database of 60 imported games, whose first leaf page of moves (game_moves) is then overwritten: runs
// append games with higher ids, so they never read that page again.
std::string damaged_database(const ScratchDir& dir, const std::string& name) {
    std::string games;
    for (int i = 0; i < 60; ++i) games += shuffle_game("A", "B", i % 2 ? "1-0" : "0-1", 10);
    const std::string pgn = dir.write(name + ".pgn", games);
    const std::string path = dir.file(name);
    REQUIRE(run_arbiter({"import", pgn, "--db", path}).exit_code == 0);
    const long long page =
        query_int(path, "SELECT min(pageno) FROM dbstat WHERE name = 'game_moves' AND pagetype = 'leaf'");
    const long long page_size = query_int(path, "PRAGMA page_size");
    REQUIRE(page > 1);
    REQUIRE((!fs::exists(path + "-wal") || fs::file_size(path + "-wal") == 0));  // every commit is in the file
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp((page - 1) * page_size);
    file << std::string(static_cast<std::size_t>(page_size), '\xff');
    REQUIRE(file.good());
    return path;
}

}  // namespace

TEST_CASE("import and ratings refuse a broken or missing PGN with exit 2, naming file and line", "[badinput]") {
    ScratchDir dir;
    const std::string db = dir.file("results.db");
    SECTION("an illegal move") {
        const std::string bad = dir.write("bad.pgn", pgn_game("A", "B", "1-0", "1. e4 e5 2. Ke3 1-0"));
        check_bad_input(run_arbiter({"import", bad, "--db", db}), bad + ":5:");  // ratings reads tags only
    }
    SECTION("an unterminated tag") {
        const std::string bad = dir.write("badtag.pgn", "[White \"A\"]\n[Black \"B\n[Result \"1-0\"]\n\n1. e4 1-0\n");
        check_bad_input(run_arbiter({"ratings", "--pgn", bad}), bad + ":2:");
        check_bad_input(run_arbiter({"import", bad, "--db", db}), bad + ":2:");
    }
    SECTION("a missing file") {
        const std::string missing = dir.file("nonexistent.pgn");
        check_bad_input(run_arbiter({"ratings", "--pgn", missing}), missing);
        check_bad_input(run_arbiter({"import", missing, "--db", db}), missing);
    }
    CHECK_FALSE(fs::exists(db));
}

TEST_CASE("merge refuses an input that is not a database with exit 2, naming it", "[badinput]") {
    ScratchDir dir;
    const std::string text = dir.write("text.db", "these are notes, not a database\n");
    const std::string out = dir.file("m.db");
    const RunResult run = run_arbiter({"merge", out, text});
    check_bad_input(run, "'" + text + "' is not an arbiter database");
    CHECK_FALSE(fs::exists(out));
}

TEST_CASE("a NUL byte in a PGN is shown in the message, with file and line", "[badinput]") {
    ScratchDir dir;
    const std::string nul = dir.write("nul.pgn", pgn_game("A", "B", "1-0", std::string("1. e4\0x e5 1-0", 14)));
    for (const auto& args : {std::vector<std::string>{"import", nul, "--db", dir.file("results.db")},
                             std::vector<std::string>{"ratings", "--pgn", nul}}) {
        const RunResult run = run_arbiter(args);
        check_bad_input(run, nul + ":5: NUL byte (\\0) in column 6");
        CHECK_THAT(run.err, Contains("not a PGN text file"));  // the message goes on past the byte
    }
}

TEST_CASE("import says how many unfinished games it skipped, and why", "[badinput]") {
    ScratchDir dir;
    const std::string pgn = dir.write("mixed.pgn", shuffle_game("A", "B", "*", 1) + shuffle_game("A", "B", "1-0", 1) +
                                                       shuffle_game("B", "A", "*", 1));
    const std::string db = dir.file("results.db");
    const RunResult run = run_arbiter({"import", pgn, "--db", db});
    INFO(run.err);
    CHECK(run.exit_code == 0);
    CHECK_THAT(run.out,
               Contains("imported 1 games") && Contains("3 in file") && Contains("2 skipped: unfinished (result '*')"));
    CHECK(query_int(db, "SELECT count(*) FROM games") == 1);
    const RunResult again = run_arbiter({"import", pgn, "--db", db});
    CHECK_THAT(again.out, Contains("imported 0 games") && Contains("1 imported before") && Contains("2 skipped"));
}

TEST_CASE("a Result tag that the movetext's end contradicts is an error naming file and line", "[badinput]") {
    ScratchDir dir;
    const std::string db = dir.file("results.db");
    const std::string pgn =
        dir.write("mismatch.pgn", shuffle_game("A", "B", "1-0", 1) + pgn_game("A", "B", "1-0", "1. e4 e5 *"));
    for (const auto& args :
         {std::vector<std::string>{"import", pgn, "--db", db}, std::vector<std::string>{"ratings", "--pgn", pgn}}) {
        const RunResult run = run_arbiter(args);
        check_bad_input(run, pgn + ":11: the game starting at line 7 has [Result \"1-0\"] but its moves end with '*'");
    }
    CHECK_FALSE(fs::exists(db));
}

TEST_CASE("a UTF-8 byte-order mark at the start of a PGN is accepted", "[badinput]") {
    ScratchDir dir;
    const std::string pgn = dir.write("bom.pgn", "\xEF\xBB\xBF" + three_games());
    const std::string db = dir.file("results.db");
    const RunResult imported = run_arbiter({"import", pgn, "--db", db});
    INFO(imported.err);
    CHECK(imported.exit_code == 0);
    CHECK_THAT(imported.out, Contains("imported 3 games"));
    // The first tag, right after the mark, is read as White.
    CHECK(query_int(db, "SELECT count(*) FROM games WHERE white = 'A'") == 2);
    const RunResult rated = run_arbiter({"ratings", "--pgn", pgn});
    INFO(rated.err);
    CHECK(rated.exit_code == 0);
    CHECK_THAT(rated.out, Contains("A") && Contains("B"));
}

TEST_CASE("merge names a damaged input, not its temporary output", "[badinput]") {
    ScratchDir dir;
    const std::string damaged = damaged_database(dir, "input.db");
    const std::string out = dir.file("out.db");
    for (const auto& args : {std::vector<std::string>{"merge", out, damaged},
                             std::vector<std::string>{"merge", "--no-db-check", out, damaged}}) {
        const RunResult run = run_arbiter(args);
        check_bad_input(run, "database '" + damaged + "'");
        CHECK_THAT(run.err, !Contains(".merging-"));
        CHECK_FALSE(fs::exists(out));
    }
}

TEST_CASE("writers refuse a database with a damaged page before writing anything", "[badinput]") {
    ScratchDir dir;
    const std::string db = damaged_database(dir, "damaged.db");
    const std::string before = bytes_of(db);
    const std::string pgn = dir.write("more.pgn", three_games());
    const std::string damaged = "database '" + db + "' is damaged (PRAGMA quick_check";
    SECTION("import") { check_bad_input(run_arbiter({"import", pgn, "--db", db}), damaged); }
    SECTION("match") {
        const std::string tempo = std::string("cmd=") + TEMPO_BIN;
        check_bad_input(run_arbiter({"match", "-engine", tempo, "name=a", "-engine", tempo, "name=b", "-each",
                                     "depth=1", "-games", "2", "--db", db}),
                        damaged);
    }
    SECTION("epd") {
        const std::string suite = dir.write("one.epd", "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - bm Rd8#; id \"mate\";\n");
        check_bad_input(run_arbiter({"epd", "--engine", std::string("cmd=") + TEMPO_BIN, "--suite", suite, "--depth",
                                     "1", "--db", db}),
                        damaged);
    }
    SECTION("ladder") {
        const std::string tempo = TEMPO_BIN;
        const std::string config = dir.write(
            "ladder.json", "{\"name\": \"tiny\", \"engine\": {\"name\": \"tempo\", \"cmd\": \"" + tempo +
                               "\"},\n"
                               " \"steps\": [{\"id\": \"All\", \"feature\": \"Everything\", \"category\": \"Search\",\n"
                               "             \"options\": {\"Features\": \"all\"}}],\n"
                               " \"gauntlet\": {\"opponents\": [{\"name\": \"ref\", \"cmd\": \"" +
                               tempo +
                               "\", \"anchor\": 2000}],\n"
                               "              \"games_per_opponent\": 2, \"tc\": \"10+0.1\"}}\n");
        check_bad_input(run_arbiter({"ladder", config, "--db", db, "--smoke"}), damaged);
    }
    SECTION("merge into it") {
        const std::string input = dir.file("input.db");
        REQUIRE(run_arbiter({"import", pgn, "--db", input}).exit_code == 0);
        check_bad_input(run_arbiter({"merge", db, input}), damaged);
    }
    CHECK((bytes_of(db) == before));  // parenthesized: no binary dump on failure
}

TEST_CASE("import --no-db-check writes beside a damaged page it never reads", "[badinput]") {
    ScratchDir dir;
    const std::string db = damaged_database(dir, "damaged.db");
    const std::string pgn = dir.write("more.pgn", three_games());
    const RunResult run = run_arbiter({"import", pgn, "--db", db, "--no-db-check"});
    INFO(run.err);
    CHECK(run.exit_code == 0);
    CHECK_THAT(run.out, Contains("imported 3 games"));
}
