#include "bench/serve_pages.h"

#include <algorithm>
#include <optional>

namespace arbiter::bench {
namespace {

// The run pages worth timing: the ones with the most games (what grows), and the first EPD run.
std::vector<std::int64_t> chosen_runs(db::Database& database, int biggest) {
    std::vector<std::pair<std::int64_t, std::int64_t>> by_games;  // games, run id
    std::optional<std::int64_t> epd;
    for (const db::RunRecord& run : database.list_runs()) {
        if (run.kind == db::RunKind::epd) {
            if (!epd) epd = run.id;
            continue;
        }
        db::ResultFilter filter;
        filter.run_ids.push_back(run.id);
        by_games.emplace_back(database.count_games(filter), run.id);
    }
    std::sort(by_games.rbegin(), by_games.rend());
    std::vector<std::int64_t> ids;
    for (std::size_t i = 0; i < by_games.size() && static_cast<int>(i) < biggest; ++i)
        ids.push_back(by_games[i].second);
    if (epd) ids.push_back(*epd);
    return ids;
}

}  // namespace

std::vector<std::string> server_paths(db::Database& database, const PageChoice& choice) {
    std::vector<std::string> paths = {"/runs", "/ladders", "/commits", "/bisections", "/version"};
    const std::vector<std::int64_t> runs = chosen_runs(database, choice.biggest_runs);
    for (const std::int64_t id : runs) paths.push_back("/run/" + std::to_string(id));
    if (!runs.empty()) {
        const auto newest = database.newest_games_of_run(runs.front(), 0, 1);
        if (!newest.empty()) paths.push_back("/games/" + std::to_string(newest.front().id) + ".pgn");
    }
    for (const std::string& ladder : database.ladder_names()) paths.push_back("/ladder/" + ladder);
    paths.push_back("/commits/" + choice.engine);
    paths.push_back("/opponents/" + choice.engine);
    if (database.has_table("spsa_runs"))
        for (const db::SpsaRunRecord& run : database.spsa_runs()) paths.push_back("/spsa/" + run.name);
    if (database.has_table("bisections"))
        for (const db::BisectionRecord& bisection : database.bisections())
            paths.push_back("/bisect/" + std::to_string(bisection.id));
    return paths;
}

}  // namespace arbiter::bench
