// A pool ladder end to end (tests/ladder/data/pool-steps.json: three tempo steps, a pool of three
// tempo opponents, two per step, at 400 nodes; games are deterministic). Raising --max-games one
// batch at a time, each batch's opponents are checked against a choice worked out here from the
// games stored before it; the closing lines' information efficiency and correlation against figures
// computed here; the margin against what the run prints; a fixed-count run's runs and resume; and
// two shards merged, the merged file continuing by the rule.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "db/database.h"
#include "harness/stats/ladder_fit.h"
#include "tests/support/child.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"
#include "tests/ladder/ladder_workspace.h"

namespace {

namespace fs = std::filesystem;
using test_support::read_text;

const std::vector<std::string> kSteps{"tempo 01 Base", "tempo 02 Tapered", "tempo 03 All"};
const std::vector<std::string> kPool{"ref-none", "ref-mid", "ref-all"};
const std::vector<double> kPriors{1600.0, 1900.0, 2000.0};  // ref-all's is its anchor
constexpr double kFirstStepPrior = 1700.0;
constexpr std::size_t kPerStep = 2;
constexpr std::int64_t kBatch = 8;  // 2 opponents x 2 pairs (one per worker) x 2 games

struct Workspace : ladder_test::LadderWorkspace {
    Workspace() : LadderWorkspace("pool-steps.json") {}
};

arbiter::db::Database open_read_only(const std::string& path) {
    arbiter::db::OpenOptions options;
    options.read_only = true;
    return arbiter::db::Database(path, options);
}

arbiter::stats::PairMatrix stored_matrix(const std::string& db_path, const std::string& ladder) {
    auto database = open_read_only(db_path);
    arbiter::db::ResultFilter filter;
    filter.ladder = ladder;
    arbiter::stats::PairMatrix matrix;
    for (const auto& pair : database.pair_results(filter))
        matrix.add_counts(matrix.add_player(pair.white), matrix.add_player(pair.black),
                          {pair.white_wins, pair.draws, pair.black_wins});
    return matrix;
}

// Games per game run of the ladder, by its engines ("tempo 01 Base|ref-none").
std::map<std::string, std::int64_t> games_per_run(const std::string& db_path, const std::string& ladder) {
    auto database = open_read_only(db_path);
    std::map<std::string, std::int64_t> games;
    for (const auto& run : database.runs_of_ladder(ladder)) {
        if (run.kind == arbiter::db::RunKind::ladder || run.kind == arbiter::db::RunKind::epd) continue;
        const auto config = nlohmann::json::parse(run.config_json);
        std::string key;
        for (const auto& engine : config["engines"])
            key += (key.empty() ? "" : "|") + engine["name"].get<std::string>();
        games[key] += database.count_games({{run.id}, std::nullopt});
    }
    return games;
}

// The pool opponents `player` has stored games against.
std::vector<bool> met_by(const arbiter::stats::PairMatrix& games, const std::string& player) {
    std::vector<bool> met(kPool.size(), false);
    const auto p = games.find(player);
    for (std::size_t i = 0; p && i < kPool.size(); ++i)
        if (const auto o = games.find(kPool[i])) met[i] = games.cell(*p, *o).games() + games.cell(*o, *p).games() > 0;
    return met;
}

// The rule of ladder_pool.h, worked here: ratings from the fit of the stored games plus, for each
// opponent without an anchor, 12 draws against a player fixed at its prior (a step without games at
// the step before it, the first at its prior); the two nearest, ties to the pool's order; then, for a
// step that shares no opponent with the step before it, the farther of the two replaced by the
// nearest opponent the step before met.
std::vector<std::string> expected_choice(const std::string& db_path, const std::string& ladder, std::size_t step) {
    const arbiter::stats::PairMatrix stored = stored_matrix(db_path, ladder);
    arbiter::stats::PairMatrix with_priors = stored;
    std::map<std::string, double> anchors{{"ref-all", 2000.0}};
    for (std::size_t i = 0; i < 2; ++i) {  // ref-none and ref-mid; ref-all is anchored
        const std::string fixed = "prior of " + kPool[i];
        anchors[fixed] = kPriors[i];
        const auto o = with_priors.add_player(kPool[i]);
        const auto v = with_priors.add_player(fixed);
        with_priors.add_counts(o, v, {0, 6, 0});
        with_priors.add_counts(v, o, {0, 6, 0});
    }
    const auto fit = arbiter::stats::fit_ladder(with_priors, anchors);
    const auto fitted = [&](const std::string& name) -> std::optional<double> {
        if (!fit.table) return std::nullopt;
        const auto index = fit.table->results.find(name);
        if (!index) return std::nullopt;
        return fit.table->players[*index].rating;
    };
    double rating = kFirstStepPrior;
    for (std::size_t i = 0; i <= step; ++i)
        if (const auto own = fitted(kSteps[i])) rating = *own;
    const auto distance_to = [&](std::size_t i) {
        return std::fabs(rating - (fitted(kPool[i]) ? *fitted(kPool[i]) : kPriors[i]));
    };
    std::vector<std::pair<double, std::size_t>> distance;
    for (std::size_t i = 0; i < kPool.size(); ++i) distance.push_back({distance_to(i), i});
    std::stable_sort(distance.begin(), distance.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<std::pair<double, std::size_t>> chosen{distance[0], distance[1]};
    if (step > 0) {
        const auto before = met_by(stored, kSteps[step - 1]);
        const auto now = met_by(stored, kSteps[step]);
        bool linked = false;
        for (std::size_t i = 0; i < kPool.size(); ++i) linked = linked || (before[i] && now[i]);
        for (const auto& [d, i] : chosen) linked = linked || before[i];
        std::optional<std::pair<double, std::size_t>> link;
        for (const auto& [d, i] : distance)
            if (before[i] && !link) link = std::make_pair(d, i);
        if (!linked && link) {
            chosen[1] = *link;
            std::stable_sort(chosen.begin(), chosen.end());
        }
    }
    return {kPool[chosen[0].second], kPool[chosen[1].second]};
}

// From "  opponents nearest 50% for tempo 02 Tapered: ref-mid (51%), ref-none (36%)" (`how`: "nearest
// 50%", or "narrowing the widest improvement most"): the step and the opponents, in the order printed.
struct PrintedChoice {
    std::string step;
    std::vector<std::string> opponents;
};
std::vector<PrintedChoice> printed_choices(const std::string& log, const std::string& how = "nearest 50%") {
    std::vector<PrintedChoice> choices;
    const std::regex line("opponents " + how + " for (tempo [0-9]+ [A-Za-z]+): ([^\n]*)");
    const std::regex item("([a-z-]+) \\([0-9]+%\\)");
    for (auto it = std::sregex_iterator(log.begin(), log.end(), line); it != std::sregex_iterator(); ++it) {
        PrintedChoice choice{(*it)[1], {}};
        const std::string items = (*it)[2];
        for (auto i = std::sregex_iterator(items.begin(), items.end(), item); i != std::sregex_iterator(); ++i)
            choice.opponents.push_back((*i)[1]);
        choices.push_back(choice);
    }
    return choices;
}

// The step (1-based) whose improvement "batch N: step S's improvement is the widest" names.
std::optional<std::size_t> printed_widest(const std::string& log) {
    std::smatch match;
    if (!std::regex_search(log, match, std::regex("batch [0-9]+: step ([0-9]+)'s improvement is the widest")))
        return std::nullopt;
    return std::stoul(match[1]);
}

// The inverse of the n x n matrix m (Gauss-Jordan with partial pivoting).
std::vector<double> inverse(std::vector<double> m, std::size_t n) {
    std::vector<double> inv(n * n, 0.0);
    for (std::size_t i = 0; i < n; ++i) inv[i * n + i] = 1.0;
    for (std::size_t col = 0; col < n; ++col) {
        std::size_t pivot = col;
        for (std::size_t r = col + 1; r < n; ++r)
            if (std::fabs(m[r * n + col]) > std::fabs(m[pivot * n + col])) pivot = r;
        for (std::size_t c = 0; c < n; ++c) {
            std::swap(m[col * n + c], m[pivot * n + c]);
            std::swap(inv[col * n + c], inv[pivot * n + c]);
        }
        const double d = m[col * n + col];
        for (std::size_t c = 0; c < n; ++c) {
            m[col * n + c] /= d;
            inv[col * n + c] /= d;
        }
        for (std::size_t r = 0; r < n; ++r) {
            if (r == col) continue;
            const double f = m[r * n + col];
            for (std::size_t c = 0; c < n; ++c) {
                m[r * n + c] -= f * m[col * n + c];
                inv[r * n + c] -= f * inv[col * n + c];
            }
        }
    }
    return inv;
}

// Var(r_a - r_b) after `games` games of `player` against each of `opponents` (players of the table),
// worked here by inverting the information matrix with the batch added: the fit's covariance over
// the free players inverted, each game adding k^2 E(1-E) along e_player - e_opponent (an anchored
// opponent has no coordinate), and inverted back. The ladder updates the covariance instead
// (Sherman-Morrison); both are the same matrix.
double predicted_variance(const arbiter::stats::RatingTable& table, std::size_t a, std::size_t b, std::size_t player,
                          const std::vector<std::size_t>& opponents, double games) {
    const std::size_t n = table.players.size();
    std::vector<std::size_t> free;
    std::map<std::size_t, std::size_t> at;
    for (std::size_t i = 0; i < n; ++i)
        if (!table.players[i].anchor && table.players[i].fitted) {
            at[i] = free.size();
            free.push_back(i);
        }
    const std::size_t m = free.size();
    std::vector<double> c(m * m);
    for (std::size_t i = 0; i < m; ++i)
        for (std::size_t j = 0; j < m; ++j) c[i * m + j] = table.covariance[free[i] * n + free[j]];
    std::vector<double> information = inverse(c, m);
    const double k = std::log(10.0) / 400.0;
    for (const std::size_t opponent : opponents) {
        const double e =
            1.0 / (1.0 + std::pow(10.0, (table.players[opponent].rating - table.players[player].rating) / 400.0));
        std::vector<double> u(m, 0.0);
        u[at.at(player)] = 1.0;
        if (at.count(opponent)) u[at.at(opponent)] = -1.0;
        for (std::size_t i = 0; i < m; ++i)
            for (std::size_t j = 0; j < m; ++j) information[i * m + j] += games * k * k * e * (1.0 - e) * u[i] * u[j];
    }
    const std::vector<double> after = inverse(information, m);
    const std::size_t x = at.at(a);
    const std::size_t y = at.at(b);
    return after[x * m + x] + after[y * m + y] - 2.0 * after[x * m + y];
}

// The variance of improvement `widest` (1-based step) after each way the widest-improvement rule
// could answer it: either of its two steps against any 2 of the opponents the fit (of the games
// stored before the batch) rates. `printed`'s must be the least (to rounding), and its step one of the two.
void check_widest_choice(const arbiter::stats::LadderFit& fit, std::size_t widest, const PrintedChoice& printed) {
    REQUIRE(fit.table);
    const auto& table = *fit.table;
    const std::size_t a = *table.results.find(kSteps.at(widest - 1));
    const std::size_t b = *table.results.find(kSteps.at(widest - 2));
    constexpr double kGames = 4.0;  // a pair per worker (--concurrency 2), both colours
    std::vector<std::size_t> rated;
    for (const auto& name : kPool)
        if (const auto index = table.results.find(name)) rated.push_back(*index);
    double least = std::numeric_limits<double>::infinity();
    for (const std::size_t step : {a, b})
        for (std::size_t i = 0; i < rated.size(); ++i)
            for (std::size_t j = i + 1; j < rated.size(); ++j)
                least = std::min(least, predicted_variance(table, a, b, step, {rated[i], rated[j]}, kGames));
    CHECK((printed.step == kSteps[widest - 1] || printed.step == kSteps[widest - 2]));
    std::vector<std::size_t> chosen;
    for (const auto& name : printed.opponents) chosen.push_back(*table.results.find(name));
    const double variance = predicted_variance(table, a, b, *table.results.find(printed.step), chosen, kGames);
    CHECK(variance <= least * (1.0 + 1e-9));
}

std::string two_places(double value) {
    char text[16];
    std::snprintf(text, sizeof text, "%.2f", value);
    return text;
}

}  // namespace

TEST_CASE(
    "pool ladder: first batches play the opponents nearest 50%, later ones those narrowing the widest improvement most",
    "[integration]") {
    Workspace work;
    const std::string db = work.db("pool.db");
    const std::string ladder = "pool-steps-smoke-target";
    // Step 1 starts at its prior, 1700: ref-none (1600: 64%) and ref-mid (1900: 24%), not ref-all (2000).
    REQUIRE(work.arbiter(work.ladder_args(db, "--target-error 10 --max-games 8"), "first.log") == 0);
    INFO(work.log("first.log"));
    CHECK(work.log("first.log").find("opponents nearest 50% for tempo 01 Base: ref-none (64%), ref-mid (24%)") !=
          std::string::npos);
    CHECK(games_per_run(db, ladder) ==
          std::map<std::string, std::int64_t>{{"tempo 01 Base|ref-none", 4}, {"tempo 01 Base|ref-mid", 4}});
    // The margin: --target-error 10 stops at 0.93 x 10.
    CHECK(work.log("first.log")
              .find("(stopping at \xC2\xB1"
                    "9.3: target_margin 0.93)") != std::string::npos);
    CHECK(work.log("first.log")
              .find("(target \xC2\xB1"
                    "9.3)") != std::string::npos);

    // One batch more at a time: steps 2 and 3's first batches (at the previous step's rating, nearest
    // 50%), then batches to the widest improvement, each re-chosen to narrow it most.
    for (std::int64_t budget = 2 * kBatch; budget <= 6 * kBatch; budget += kBatch) {
        const auto before = games_per_run(db, ladder);
        std::map<std::string, std::vector<std::string>> wanted;
        for (std::size_t step = 0; step < kSteps.size(); ++step)
            wanted[kSteps[step]] = expected_choice(db, ladder, step);
        const auto fit_before = arbiter::stats::fit_ladder(stored_matrix(db, ladder), {{"ref-all", 2000.0}});
        const std::string log = "budget" + std::to_string(budget) + ".log";
        REQUIRE(work.arbiter(work.ladder_args(db, "--target-error 10 --max-games " + std::to_string(budget)), log) ==
                0);
        INFO(work.log(log));
        const bool first_batch = budget <= 3 * kBatch;
        const auto printed =
            printed_choices(work.log(log), first_batch ? "nearest 50%" : "narrowing the widest improvement most");
        REQUIRE(printed.size() == 1);
        if (first_batch) {
            CHECK(printed[0].step == kSteps[budget / kBatch - 1]);
            CHECK(printed[0].opponents == wanted[printed[0].step]);
        } else {
            const auto widest = printed_widest(work.log(log));
            REQUIRE(widest);
            REQUIRE(*widest >= 2);
            check_widest_choice(fit_before, *widest, printed[0]);
        }
        auto expected = before;
        for (const auto& opponent : printed[0].opponents) expected[printed[0].step + "|" + opponent] += 4;
        CHECK(games_per_run(db, ladder) == expected);
    }

    // The closing lines, against the fit of the stored games worked here.
    const auto fit = arbiter::stats::fit_ladder(stored_matrix(db, ladder), {{"ref-all", 2000.0}});
    REQUIRE(fit.table);
    const auto& table = *fit.table;
    double information = 0.0;
    std::int64_t games = 0;
    for (std::size_t w = 0; w < table.results.size(); ++w)
        for (std::size_t b = 0; b < table.results.size(); ++b) {
            const auto n = table.results.cell(w, b).games();
            const double e = 1.0 / (1.0 + std::pow(10.0, (table.players[b].rating - table.players[w].rating) / 400.0));
            information += static_cast<double>(n) * e * (1.0 - e);
            games += n;
        }
    CHECK(games == 6 * kBatch);
    const std::string last = work.log("budget" + std::to_string(6 * kBatch) + ".log");
    INFO(last);
    CHECK(last.find("information efficiency " + two_places(information / (0.25 * static_cast<double>(games))) +
                    " over " + std::to_string(games) + " games") != std::string::npos);
    if (!fit.from_bayeselo) {
        const std::size_t n = table.players.size();
        const auto c = [&](std::size_t a, std::size_t b) {
            return table.covariance[*table.results.find(kSteps[a]) * n + *table.results.find(kSteps[b])];
        };
        const double covariance = c(1, 2) - c(1, 1) - c(0, 2) + c(0, 1);
        const double correlation =
            covariance / std::sqrt((c(1, 1) + c(0, 0) - 2 * c(0, 1)) * (c(2, 2) + c(1, 1) - 2 * c(1, 2)));
        const std::string value = (correlation >= 0 ? "+" : "") + two_places(correlation);
        CHECK(last.find("adjacent improvements correlate " + value + " on average (from " + value + " to " + value +
                        ", 1 pair of improvements)") != std::string::npos);
    }

    // The report says how the opponents were chosen and judges the target at its margin.
    const std::string out = work.db("report.json");
    REQUIRE(work.arbiter({"report", "features", "--db", db, "--format", "json", "--out", out}, "report.log") == 0);
    const auto report = nlohmann::json::parse(read_text(out));
    bool found = false;
    for (const auto& section : report["sections"]) {
        if (section["heading"] != "Precision and cost") continue;
        found = true;
        CHECK(section["paragraphs"][0].get<std::string>().find("played to \xC2\xB1"
                                                               "9 (target_margin 0.93") != std::string::npos);
        CHECK(section["paragraphs"].back().get<std::string>().starts_with(
            "Opponents: each batch played 2 of a pool of 3: a step's first batch those whose expected score"));
    }
    CHECK(found);
}

TEST_CASE("pool ladder in fixed counts: each step keeps two opponents' runs, and a re-run plays nothing",
          "[integration]") {
    Workspace work;
    const std::string db = work.db("fixed.db");
    const std::string ladder = "pool-steps-smoke";
    REQUIRE(work.arbiter(work.ladder_args(db, ""), "first.log") == 0);
    INFO(work.log("first.log"));
    const auto first = games_per_run(db, ladder);
    // Every run is one step against one pool opponent, 4 games (smoke games_per_opponent); two per step.
    CHECK(first.size() == 3 * kPerStep);
    for (const auto& [engines, games] : first) {
        CHECK(std::count(engines.begin(), engines.end(), '|') == 1);
        CHECK(games == 4);
    }
    for (const auto& step : kSteps) {
        const auto runs = std::count_if(first.begin(), first.end(),
                                        [&](const auto& run) { return run.first.starts_with(step + "|"); });
        CHECK(runs == static_cast<std::ptrdiff_t>(kPerStep));
    }
    CHECK(first.count("tempo 01 Base|ref-none") == 1);  // step 1's choice at its prior
    CHECK(first.count("tempo 01 Base|ref-mid") == 1);
    CHECK(work.log("first.log").find("information efficiency ") != std::string::npos);
    REQUIRE(work.arbiter(work.ladder_args(db, ""), "second.log") == 0);
    CHECK(games_per_run(db, ladder) == first);
}

TEST_CASE("pool ladder: shards play their blocks of every chosen run, and the merged file continues by the rule",
          "[integration]") {
    Workspace work;
    const std::string one = work.db("shard1.db"), two = work.db("shard2.db"), merged = work.db("merged.db");
    const std::string ladder = "pool-steps-smoke-target";
    // A budget of 48 games is 24 per shard: each plays every step's first batch on its own games.
    for (const auto& [db, shard] : {std::pair{one, "1/2"}, std::pair{two, "2/2"}}) {
        const std::string log = std::string("shard") + shard[0] + ".log";
        REQUIRE(work.arbiter(work.ladder_args(db, std::string("--target-error 10 --max-games 48 --shard ") + shard),
                             log) == 0);
        INFO(work.log(log));
        // Step 1 chooses at its prior in both: nothing stored differs yet.
        CHECK(work.log(log).find("opponents nearest 50% for tempo 01 Base: ref-none (64%), ref-mid (24%)") !=
              std::string::npos);
        CHECK(games_per_run(db, ladder).size() == 3 * kPerStep);
    }
    REQUIRE(work.arbiter({"merge", merged, one, two}, "merge.log") == 0);
    {
        // Step 1's runs hold both shards' halves: pairs from the first block and from the second.
        auto database = open_read_only(merged);
        for (const auto& run : database.runs_of_ladder(ladder)) {
            const auto config = nlohmann::json::parse(run.config_json, nullptr, false);
            if (!config.contains("engines") || config["engines"][0]["name"] != kSteps[0]) continue;
            const auto keys = database.completed_games(run.id);
            REQUIRE(keys.size() == 8);
            CHECK(keys.front().pair_index < keys.back().pair_index / 2);
        }
    }
    // One more batch on the merged games: for the widest improvement, as the rule gives it from them.
    const auto fit_before = arbiter::stats::fit_ladder(stored_matrix(merged, ladder), {{"ref-all", 2000.0}});
    REQUIRE(work.arbiter(work.ladder_args(merged, "--target-error 10 --max-games 56"), "merged.log") == 0);
    INFO(work.log("merged.log"));
    const auto printed = printed_choices(work.log("merged.log"), "narrowing the widest improvement most");
    REQUIRE(printed.size() == 1);
    const auto widest = printed_widest(work.log("merged.log"));
    REQUIRE(widest);
    check_widest_choice(fit_before, *widest, printed[0]);
    auto total = 0;
    for (const auto& [run, games] : games_per_run(merged, ladder)) total += static_cast<int>(games);
    CHECK(total == 56);
}
