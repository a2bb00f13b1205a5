// `arbiter report bisect`: a bisection stored through the Database API the way `arbiter bisect`
// stores one (its row, its commits, and each measured commit's run of games against the good build
// under the players' names of harness/bisect/bisect_players.h), read back by the command.
#include <catch2/catch.hpp>

#include <map>
#include <regex>
#include <sstream>

#include "cli/report_command.h"
#include "db/database.h"
#include "harness/bisect/bisect_players.h"
#include "tests/reports/match_run_fixture.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"

using namespace arbiter;
using test_support::contains;
using test_support::count_of;

namespace {

constexpr const char* kRepo = "/src/weiss";
const std::string kGood(40, 'a');
const std::string kBad(40, 'f');

struct Commit {
    int position;
    std::string sha;
    std::string subject;
    std::string results;  // the commit's games against the good build, from its side ('' = none)
};

// Pair scores (points / 2): position 1 averages 0.5 (+0.0 Elo) with variance 1/32, position 3 is
// 0.25 in every pair (variance 0), position 5 averages 0.25 (-190.8 Elo) with variance 1/32 over 16
// pairs. Pooled: (8/32 + 0 + 16/32) / 32 = 0.0234375, so a score's 95% half-width is
// h = 1.96 sqrt(0.0234375 / P) and the Elo error (elo(s + h) - elo(s - h)) / 2: 74.9 (1), 103.4 (3),
// 71.2 (5). The levels are stored as scores: good 0.5, bad 0.25 with sigma sqrt(0.0234375 / 16); the
// midpoint 0.375 is -88.7 Elo.
const std::vector<Commit> kCommits = {
    {0, kGood, "Good release", ""},
    {1, std::string(40, '1'), "Tidy up", "WLWDDLDDWLDDWDDL"},
    {2, std::string(40, '2'), "Broken build", ""},
    {3, std::string(40, '3'), "Prune harder", "DLDLDLDLDLDLDLDL"},
    {4, std::string(40, '4'), "Rename a flag", ""},
    {5, kBad, "Bad tip", "DLLLWLLDDLLLDDLDDLLLWLLDDLLLDDLD"},
};
constexpr const char* kLevels = R"({"good_score":0.5,"bad_score":0.25,"bad_score_sigma":0.038273277230987154})";

db::EngineRecord player(const std::string& name) {
    db::EngineRecord engine;
    engine.name = name;
    engine.command = "/cache/" + name;
    return engine;
}

// Each measured commit's run, by position.
std::map<int, std::int64_t> store_runs(db::Database& database) {
    std::map<int, std::int64_t> runs;
    for (const Commit& commit : kCommits) {
        if (commit.results.empty()) continue;
        testing::MatchRunSpec spec{{{"bisect", commit.position}},
                                   player(bisect::candidate_player(kRepo, commit.sha)),
                                   player(bisect::good_player(kRepo, kGood)),
                                   commit.results};
        runs[commit.position] = testing::store_match_run(database, spec);
    }
    return runs;
}

// A bisection of kCommits: position 2 skipped, 4 not measured yet; levels stored when given.
std::int64_t store_bisection(db::Database& database, const std::map<int, std::int64_t>& runs,
                             const std::string& identity, bool with_levels) {
    db::BisectionRecord wanted;
    wanted.identity = identity;
    wanted.repo = kRepo;
    wanted.good = kGood;
    wanted.bad = kBad;
    wanted.commits = 5;
    const std::int64_t id = database.find_or_create_bisection(wanted).id;
    for (const Commit& commit : kCommits) {
        db::BisectionCommitRecord row{id, commit.position, commit.sha, commit.subject, db::BisectCommitState::built, "",
                                      "", std::nullopt};
        if (commit.position == 2) {
            row.state = db::BisectCommitState::skipped;
            row.reason = "build failed: /tmp/b/2222.log";
        }
        if (runs.count(commit.position)) row.run_id = runs.at(commit.position);
        database.upsert_bisection_commit(row);
    }
    if (with_levels) database.set_bisection_levels(id, kLevels);
    return id;
}

struct Outcome {
    int status;
    std::string out, err;
};

Outcome report(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    std::vector<std::string> words{"bisect"};
    words.insert(words.end(), args.begin(), args.end());
    const int status = cli::run_report_command(words, out, err);
    return {status, out.str(), err.str()};
}

// The table line of `position` in the text output.
std::string row_of(const std::string& text, int position) {
    const std::regex start("^ *" + std::to_string(position) + "  [0-9a-f]{12}  .*");
    for (const std::string& line : test_support::lines_of(text))
        if (std::regex_match(line, start)) return line;
    return "(no row " + std::to_string(position) + ")";
}

bool row_matches(const std::string& text, int position, const std::string& pattern) {
    const std::string row = row_of(text, position);
    INFO(row);
    return std::regex_match(row, std::regex(" *" + std::to_string(position) + "  " + pattern));
}

}  // namespace

TEST_CASE("report bisect: the header, one row per commit with its Elo, games and verdict", "[unit]") {
    test_support::TempDir dir;
    const std::string path = dir.file("bisect.db");
    {
        db::Database database(path);
        const std::int64_t id = store_bisection(database, store_runs(database), R"({"n":1})", true);
        database.finish_bisection(id, db::BisectVerdict::named, 3, 3);
    }
    const Outcome text = report({"--db", path});
    REQUIRE(text.status == 0);
    CHECK(text.err.empty());
    const std::vector<std::string> lines = test_support::lines_of(text.out);
    REQUIRE(lines.size() == 16);
    CHECK(lines[0] == "Bisection 1: weiss aaaaaaaaaaaa..ffffffffffff");
    CHECK(lines[2] == "Repository: /src/weiss");
    CHECK(lines[3] == "Good: aaaaaaaaaaaa, bad: ffffffffffff (5 commits in the range)");
    CHECK(lines[4] == "Verdict: first bad commit: 333333333333 Prune harder");
    CHECK(lines[5] ==
          "Levels: good +0.0, bad -190.8 \xC2\xB1 71.2; a commit is bad when it is nearer bad than the "
          "midpoint -88.7");
    CHECK(lines[6] == "Games: 64 (32 pairs against the good build)");
    CHECK(std::regex_match(lines[7], std::regex("Started 20..-..-.. ..:.., finished 20..-..-.. ..:..")));
    CHECK(lines[9] == "Position  Commit        Subject        Elo vs good (95%)  Games  Verdict");
    CHECK(row_matches(text.out, 0, "aaaaaaaaaaaa  Good release +reference +- +good"));
    CHECK(row_matches(text.out, 1, "111111111111  Tidy up +\\+0\\.0 ± 74\\.9 +16  good"));
    CHECK(row_matches(text.out, 2, "222222222222  Broken build +- +- +skipped \\(build failed: /tmp/b/2222\\.log\\)"));
    CHECK(row_matches(text.out, 3, "333333333333  Prune harder +-190\\.8 ± 103\\.4 +16  first bad"));
    CHECK(row_matches(text.out, 4, "444444444444  Rename a flag +- +- +not measured"));
    CHECK(row_matches(text.out, 5, "ffffffffffff  Bad tip +-190\\.8 ± 71\\.2 +32  bad"));
    // Columns line up: numbers right-aligned, texts padded, "±" counted as one column.
    CHECK(row_of(text.out, 5) == "       5  ffffffffffff  Bad tip            -190.8 \xC2\xB1 71.2     32  bad");
    CHECK(row_of(text.out, 1) == "       1  111111111111  Tidy up              +0.0 \xC2\xB1 74.9     16  good");
    const Outcome markdown = report({"--db", path, "--format", "md"});
    REQUIRE(markdown.status == 0);
    CHECK(contains(markdown.out, "| 3 | 333333333333 | Prune harder | -190.8 \xC2\xB1 103.4 | 16 | first bad |"));
    CHECK(contains(markdown.out, "Verdict: first bad commit: 333333333333 Prune harder"));
}

TEST_CASE("report bisect: the newest by default, --bisection picks one, range and running verdicts", "[unit]") {
    test_support::TempDir dir;
    const std::string path = dir.file("bisect.db");
    {
        db::Database database(path);
        const auto runs = store_runs(database);
        database.finish_bisection(store_bisection(database, runs, R"({"n":1})", true), db::BisectVerdict::named, 3, 3);
        database.finish_bisection(store_bisection(database, runs, R"({"n":2})", true), db::BisectVerdict::range, 2, 3);
        store_bisection(database, runs, R"({"n":3})", false);  // running, the bad level not yet known
    }
    const Outcome newest = report({"--db", path});
    REQUIRE(newest.status == 0);
    CHECK(contains(newest.out, "Bisection 3: weiss"));
    CHECK(contains(newest.out, "\nVerdict: running (not finished; the same arbiter bisect command resumes it)\n"));
    CHECK(contains(newest.out, "\nLevels: not known yet (the bad build is measured first)\n"));
    CHECK_FALSE(contains(newest.out, "finished 20"));
    CHECK(row_matches(newest.out, 1, "111111111111  Tidy up +\\+0\\.0 ± 74\\.9 +16  measured \\(no levels yet\\)"));
    CHECK(row_matches(newest.out, 5, ".* 32  measured \\(no levels yet\\)"));
    const Outcome range = report({"--db", path, "--bisection", "2"});
    REQUIRE(range.status == 0);
    CHECK(contains(range.out, "Bisection 2: weiss"));
    CHECK(contains(range.out,
                   "\nVerdict: the first bad commit is one of 222222222222..333333333333 (positions 2 to "
                   "3): skipped commits could not be measured\n"));
    CHECK(row_matches(range.out, 1, ".* 16  good"));
    CHECK(row_matches(range.out, 2, ".* -  in range, skipped \\(build failed: /tmp/b/2222\\.log\\)"));
    CHECK(row_matches(range.out, 3, ".* 16  in range"));
    CHECK(row_matches(range.out, 4, ".* -  not measured"));
    CHECK(row_matches(range.out, 5, ".* 32  bad"));
    const Outcome named = report({"--db", path, "--bisection=1"});
    REQUIRE(named.status == 0);
    CHECK(contains(named.out, "Bisection 1: weiss"));
    CHECK(row_matches(named.out, 3, ".* 16  first bad"));
}

TEST_CASE("report bisect: the HTML page charts each measured commit's Elo with its error bar and the levels",
          "[unit]") {
    test_support::TempDir dir;
    const std::string path = dir.file("bisect.db");
    {
        db::Database database(path);
        const std::int64_t id = store_bisection(database, store_runs(database), R"({"n":1})", true);
        database.finish_bisection(id, db::BisectVerdict::named, 3, 3);
    }
    const std::string page_path = dir.file("bisect.html");
    const Outcome written = report({"--db", path, "--format", "html", "--out", page_path});
    REQUIRE(written.status == 0);
    CHECK(written.out.empty());
    const std::string page = test_support::read_text(page_path);
    CHECK(count_of(page, "<svg") == 1);
    CHECK(contains(page, "id=\"bisect-elo\""));
    CHECK(count_of(page, "<line class=\"error-bar\"") == 3);  // positions 1, 3 and 5
    CHECK(count_of(page, "<circle class=\"point") == 3);
    CHECK(count_of(page, "<circle class=\"point marked\"") == 1);
    CHECK(contains(page, ">first bad</text>"));
    CHECK(contains(page, "<title>33333333: -190.8 \xC2\xB1 103.4</title>"));
    CHECK(contains(page, "<line class=\"reference\""));
    CHECK(contains(page, ">good +0.0</text>"));
    CHECK(contains(page, "<line class=\"bound\""));
    CHECK(contains(page, ">bad -190.8</text>"));
    for (const char* label : {">aaaaaaaa</text>", ">22222222</text>", ">44444444</text>", ">ffffffff</text>"})
        CHECK(contains(page, label));  // every position on the x axis, measured or not
    CHECK(contains(page, "<td>Prune harder</td><td class=\"num\">-190.8 \xC2\xB1 103.4</td>"));
    CHECK_FALSE(contains(page, "<script"));
}

TEST_CASE("report bisect: no bisection, an unknown id, bad flags and a missing file exit 2 naming them", "[unit]") {
    test_support::TempDir dir;
    const std::string empty = dir.file("empty.db");
    { db::Database database(empty); }
    const Outcome none = report({"--db", empty});
    CHECK(none.status == 2);
    CHECK(none.out.empty());
    CHECK(none.err == "arbiter report bisect: database '" + empty + "' holds no bisection (arbiter bisect --db " +
                          empty + " stores one)\n");
    const std::string path = dir.file("bisect.db");
    {
        db::Database database(path);
        store_bisection(database, store_runs(database), R"({"n":1})", true);
    }
    const Outcome unknown = report({"--db", path, "--bisection", "7"});
    CHECK(unknown.status == 2);
    CHECK(unknown.err ==
          "arbiter report bisect: --bisection 7: database '" + path + "' has no bisection with that id (it holds 1)\n");
    const Outcome missing = report({"--db", dir.file("missing.db")});
    CHECK(missing.status == 2);
    CHECK(contains(missing.err, dir.file("missing.db")));
    const Outcome format = report({"--db", path, "--format", "csv"});
    CHECK(format.status == 2);
    CHECK(contains(format.err, "--format: expected text, md or html, got 'csv'"));
    CHECK(contains(format.err, "usage: arbiter report bisect"));
    const Outcome zero = report({"--db", path, "--bisection", "0"});
    CHECK(zero.status == 2);
    CHECK(contains(zero.err, "--bisection"));
    const Outcome no_db = report({"--bisection", "1"});
    CHECK(no_db.status == 2);
    CHECK(contains(no_db.err, "--db: give the database to report on"));
    const Outcome stray = report({"--db", path, "--run", "1"});
    CHECK(stray.status == 2);
    CHECK(contains(stray.err, "--run"));
    const Outcome help = report({"--help"});
    CHECK(help.status == 0);
    CHECK(contains(help.out, "usage: arbiter report bisect    --db FILE [--bisection ID] [--format text|md|html]"));
}
