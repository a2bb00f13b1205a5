#include "harness/bisect/bisect_stored.h"

#include <nlohmann/json.hpp>

#include "harness/bisect/bisect_players.h"
#include "harness/stats/stored_counts.h"

namespace arbiter::bisect {

StoredBisection read_bisection(db::Database& database, const db::BisectionRecord& record) {
    StoredBisection stored{record, database.bisection_commits(record.id), {}, {}};
    const std::string good = good_player(record.repo, record.good);
    for (const db::BisectionCommitRecord& commit : stored.commits) {
        if (commit.state == db::BisectCommitState::skipped) stored.skipped.push_back(commit.position);
        if (!commit.run_id) continue;
        db::ResultFilter filter;
        filter.run_ids.push_back(*commit.run_id);
        CommitPairs played{commit.position, {}};
        for (const db::RunPairStats& run :
             database.pair_stats_by_run(candidate_player(record.repo, commit.sha), good, filter))
            played.pairs += stats::penta_of(run);
        if (played.pairs.pairs() > 0) stored.pairs.push_back(played);
    }
    return stored;
}

std::string levels_json(const StepLevels& levels) {
    return nlohmann::json{{"good_score", levels.good}, {"bad_score", levels.bad}, {"bad_score_sigma", levels.bad_sigma}}
        .dump();
}

std::optional<StepLevels> levels_from_json(const std::string& text) {
    const nlohmann::json levels = nlohmann::json::parse(text, nullptr, false);
    const auto number = [&](const char* key) {
        return levels.is_object() && levels.contains(key) && levels[key].is_number();
    };
    if (!number("good_score") || !number("bad_score")) return std::nullopt;
    return StepLevels{levels["good_score"].get<double>(), levels["bad_score"].get<double>(),
                      number("bad_score_sigma") ? levels["bad_score_sigma"].get<double>() : 0.0};
}

std::int64_t games_of(const std::vector<CommitPairs>& pairs) {
    std::int64_t games = 0;
    for (const CommitPairs& one : pairs) games += 2 * one.pairs.pairs();
    return games;
}

}  // namespace arbiter::bisect
