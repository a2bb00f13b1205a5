// `arbiter ladder` end to end on a three-step test ladder at tiny node counts: the database rows,
// resume (a second run adds nothing) and the feature report's rows.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>

#include <nlohmann/json.hpp>

#include "tests/support/child.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"
#include "db/database.h"

namespace {

namespace fs = std::filesystem;

using test_support::read_text;

void replace_all(std::string& text, const std::string& from, const std::string& to) {
    for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
        text.replace(at, from.size(), to);
}

struct Workspace {
    test_support::TempDir scratch;
    fs::path dir = scratch.path();
    fs::path config = dir / "three-steps.json";
    fs::path db = dir / "ladder.db";
    Workspace() {
        std::string text = read_text(fs::path(TEST_DATA_DIR) / "three-steps.json");
        replace_all(text, "@TEMPO@", TEMPO_BIN);
        replace_all(text, "@OPENINGS@", std::string(REPO_ROOT_DIR) + "/openings/noob_2moves.epd");
        std::ofstream(config) << text;
    }

    // Runs arbiter to the end; its output goes to `log` in the workspace.
    int arbiter(const std::vector<std::string>& args, const std::string& log) const {
        return test_support::run(test_support::logged(ARBITER_BIN, args, (dir / log).string()), std::chrono::minutes(5))
            .exit_code;
    }
};

struct Counts {
    std::int64_t games = 0;
    std::size_t epd_rows = 0;
    std::size_t runs = 0;
};

Counts counts(const fs::path& db_path) {
    arbiter::db::OpenOptions options;
    options.read_only = true;
    arbiter::db::Database database(db_path.string(), options);
    Counts counts;
    arbiter::db::ResultFilter filter;
    filter.ladder = "three-steps-smoke";
    counts.games = database.count_games(filter);
    for (const auto& run : database.runs_of_ladder("three-steps-smoke")) {
        ++counts.runs;
        counts.epd_rows += database.epd_results_of_run(run.id).size();
    }
    return counts;
}

}  // namespace

TEST_CASE("arbiter ladder --smoke plays every step, resumes, and reports one row per step", "[integration]") {
    Workspace work;
    const std::vector<std::string> ladder{"ladder",  work.config.string(), "--db", work.db.string(),
                                          "--smoke", "--concurrency",      "2"};
    const int first_status = work.arbiter(ladder, "first.log");
    INFO(read_text(work.dir / "first.log"));
    REQUIRE(first_status == 0);
    // The folder the engines' stderr logs go to, beside the database, is named once.
    const std::string logs_note = "arbiter: engine logs go to " + (work.dir / "ladder-logs" / "").string();
    CHECK(read_text(work.dir / "first.log").find(logs_note) != std::string::npos);

    {
        arbiter::db::OpenOptions options;
        options.read_only = true;
        arbiter::db::Database database(work.db.string(), options);
        const auto steps = database.ladder_steps("three-steps-smoke");
        REQUIRE(steps.size() == 3);
        CHECK(steps[0].player == "tempo 01 Base");
        CHECK(steps[1].player == "tempo 02 Tapered");
        CHECK(steps[2].player == "tempo 03 All");
        CHECK(steps[0].step_date == "2024-03-01");
        CHECK(nlohmann::json::parse(steps[1].options_json)["Features"] == "none,+AspirationWindows,+TaperedEval");
        CHECK(steps[0].engine_id.has_value());
    }
    const Counts first = counts(work.db);
    // 4 games against tempo-ref per step, plus 4 head to head from step 2 on.
    CHECK(first.games == 4 + 8 + 8);
    CHECK(first.epd_rows == 3 * 3);
    CHECK(first.runs == 1 + 3 + 3);  // the ladder's run, a gauntlet and a WAC run per step

    REQUIRE(work.arbiter(ladder, "second.log") == 0);
    const Counts second = counts(work.db);
    CHECK(second.games == first.games);
    CHECK(second.epd_rows == first.epd_rows);
    CHECK(second.runs == first.runs);

    const fs::path report = work.dir / "report.json";
    REQUIRE(work.arbiter({"report", "features", "--db", work.db.string(), "--format", "json", "--out", report.string()},
                         "report.log") == 0);
    const auto json = nlohmann::json::parse(read_text(report));
    CHECK(json["notes"][0].get<std::string>().starts_with("SMOKE RUN"));
    // How the games were played, for a reader repeating the table: the book and the step binary.
    bool games_noted = false;
    for (const auto& note : json["notes"]) {
        const std::string text = note.get<std::string>();
        if (!text.starts_with("Openings: ")) continue;
        games_noted = true;
        CHECK(text.find("/openings/noob_2moves.epd (epd, sequential order, seed ") != std::string::npos);
        CHECK(text.find("each opening with both colours") != std::string::npos);
        CHECK(std::regex_search(text, std::regex("Step engine: [^ ]*tempo \\(file v2:[0-9a-f]{16}\\)$")));
    }
    CHECK(games_noted);
    const auto& rows = json["sections"][0]["tables"][0]["rows"];
    REQUIRE(rows.size() == 3);
    CHECK(rows[0]["Feature"] == "Baseline: aspiration windows");
    CHECK(rows[2]["Category"] == "Search");
    CHECK(rows[0]["Date"] == "2024-03-01");
    for (const auto& row : rows) CHECK(row["WAC"].get<std::string>().ends_with("/3"));
    // Elo cells carry the games each step played: 4, 8 (4 + 4 head to head), 8.
    INFO(json["sections"].dump(1));
    // Every step is rated: by the maximum-likelihood fit, or by BayesElo when a tiny sample has no
    // finite maximum-likelihood solution (the report then says so in a paragraph).
    CHECK(rows[0]["Elo Rating"].get<std::string>().ends_with("(8)"));  // 4 + 4 against step 2
    CHECK(rows[1]["Elo Rating"].get<std::string>().ends_with("(12)"));
    CHECK(rows[2]["Elo Rating"].get<std::string>().ends_with("(8)"));
    CHECK(rows[0]["Improvement"].get<std::string>().empty());
    CHECK(std::regex_match(rows[1]["Improvement"].get<std::string>(), std::regex("[+-][0-9]+( \xC2\xB1 [0-9]+)?")));
    for (const auto& paragraph : json["sections"][0]["paragraphs"])
        CHECK_FALSE(paragraph.get<std::string>().starts_with("No ratings"));
}
