#include "harness/bisect/bisect_run.h"

#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "harness/bisect/bisect_lines.h"
#include "harness/bisect/bisect_players.h"
#include "harness/bisect/bisect_stored.h"
#include "harness/build/commit_info.h"
#include "harness/build/first_parent_path.h"
#include "harness/runner/engine_setup.h"
#include "harness/runner/tournament.h"
#include "harness/schedule/stored_pairs.h"

namespace arbiter::bisect {
namespace {

constexpr int kGamesPerPair = 2;

// What one invocation works with: the request, the stored bisection and this process's builds.
struct Bisection {
    const BisectRequest& request;
    const BisectIo& io;
    db::Database& database;
    std::filesystem::path top;
    std::vector<build::PathCommit> path;
    db::BisectionRecord record;
    std::map<int, build::BuiltEngine> built;  // by position
};

bool interrupted(const BisectIo& io) { return io.interrupt && io.interrupt->load() != 0; }

// Everything that decides the bisection's games and decisions; the same command finds it again.
std::string identity_of(const BisectRequest& request, const std::filesystem::path& top,
                        const std::vector<build::PathCommit>& path) {
    nlohmann::json identity = {{"repo", top.string()},
                               {"good", path.front().sha},
                               {"bad", path.back().sha},
                               {"match", nlohmann::json::parse(config::run_identity(request.match))},
                               {"batch_pairs", request.batch_pairs},
                               {"error_rate", request.settings.error_rate},
                               {"verify_bench", request.build.verify_bench}};
    if (const auto& sprt = request.settings.sprt)
        identity["sprt"] = {{"elo0", sprt->elo0}, {"elo1", sprt->elo1}, {"alpha", sprt->alpha}, {"beta", sprt->beta}};
    // The recipe and its additions decide the binaries, so the runs: another recipe is another bisection.
    if (const auto& recipe = request.build.recipe)
        identity["recipe"] = {{"kind", static_cast<int>(recipe->kind)},
                              {"dir", recipe->dir},
                              {"exe", recipe->exe},
                              {"target", recipe->target},
                              {"command", recipe->command},
                              {"bench_args", recipe->bench_args}};
    const build::RecipeAdditions& additions = request.build.additions;
    if (!additions.empty())
        identity["additions"] = {{"vars", additions.vars}, {"net", additions.net}, {"net_var", additions.net_var}};
    return identity.dump();
}

db::BisectionCommitRecord row_of(const Bisection& b, int position) {
    for (const auto& row : b.database.bisection_commits(b.record.id))
        if (row.position == position) return row;
    db::BisectionCommitRecord row;
    row.bisection = b.record.id;
    row.position = position;
    row.sha = b.path[static_cast<std::size_t>(position)].sha;
    row.subject = b.path[static_cast<std::size_t>(position)].subject;
    return row;
}

// Builds the commit at `position` (the cache makes a resumed bisection's builds instant). A commit
// between good and bad that cannot be built or benched is stored as skipped; good and bad must build.
// Throws build::BuildInputError for good and bad, and when a stop signal cut the build short.
bool build_commit(Bisection& b, int position) {
    if (b.built.count(position)) return true;
    build::BuildRequest request = b.request.build;
    request.repo = b.top;
    request.revision = b.path[static_cast<std::size_t>(position)].sha;
    db::BisectionCommitRecord row = row_of(b, position);
    try {
        build::BuiltEngine engine = build::build_revision(request, b.io.err);
        row.state = db::BisectCommitState::built;
        row.bench = engine.bench_nodes.value_or("");
        b.database.upsert_bisection_commit(row);
        b.built.emplace(position, std::move(engine));
        return true;
    } catch (const build::BuildInputError& error) {
        const bool end = position == 0 || position == b.record.commits;
        if (end || interrupted(b.io)) throw;
        row.state = db::BisectCommitState::skipped;
        row.reason = error.what();
        b.database.upsert_bisection_commit(row);
        b.io.out << "  " << position << "/" << b.record.commits << " " << row.sha.substr(0, 12)
                 << ": skipped, as git bisect skip: " << error.what() << "\n";
        return false;
    }
}

config::EngineSpec as_player(config::EngineSpec spec, const build::BuiltEngine& engine, std::string name) {
    spec.cmd = engine.binary.string();
    spec.name = std::move(name);
    return spec;
}

std::uint64_t next_pair(Bisection& b, const db::BisectionCommitRecord& row) {
    return schedule::first_open_pair(schedule::stored_pairs(b.database, row.run_id), 0, kRunPairs, kGamesPerPair);
}

// A commit whose last batch a kill cut short: it is finished before anything is decided, so that a
// resumed bisection decides from whole batches, as the uninterrupted one did.
std::optional<int> unfinished_batch(Bisection& b) {
    for (const auto& row : b.database.bisection_commits(b.record.id))
        if (row.run_id && next_pair(b, row) % static_cast<std::uint64_t>(b.request.batch_pairs) != 0)
            return row.position;
    return std::nullopt;
}

// One batch of `position` against the good build: the next pairs of the commit's run.
// 0 played, 1 stopped or failed, 2 bad input.
int play_batch(Bisection& b, int position) {
    const std::string& sha = b.path[static_cast<std::size_t>(position)].sha;
    config::MatchConfig match = b.request.match;
    match.engines[0] = as_player(match.engines[0], b.built.at(position), candidate_player(b.top.string(), sha));
    match.engines[1] = as_player(match.engines[1], b.built.at(0), good_player(b.top.string(), b.path.front().sha));
    match.sprt.reset();  // the bisection decides after every batch from all of them
    match.resume = config::ResumeMode::latest;
    db::BisectionCommitRecord row = row_of(b, position);
    const std::uint64_t start = next_pair(b, row);
    // Batches are aligned to multiples of the batch size: a batch a kill cut short is finished, not
    // shifted, so a resumed bisection sees the same batches, decides alike and plays the same games.
    const auto batch = static_cast<std::uint64_t>(b.request.batch_pairs);
    match.pairs = config::PairRange{start, (start / batch + 1) * batch};
    std::ostream discard(nullptr);
    const runner::TournamentIo tio{discard, b.io.err, false, b.io.interrupt};
    try {
        runner::Tournament tournament(match, runner::prepare_engines(match, b.io.err), b.database, tio);
        if (row.run_id != tournament.run_id()) {
            row.run_id = tournament.run_id();
            b.database.upsert_bisection_commit(row);
        }
        const runner::TournamentOutcome outcome = tournament.run();
        if (outcome.end == runner::RunEnd::bad_config) {
            b.io.err << "arbiter bisect: " << outcome.message << "\n";
            return 2;
        }
        if (outcome.end != runner::RunEnd::completed) {
            if (!outcome.message.empty()) b.io.err << "arbiter bisect: " << outcome.message << "\n";
            return 1;
        }
        return 0;
    } catch (const config::ConfigError& error) {  // an engine that cannot start, the opening book
        b.io.err << "arbiter bisect: " << error.what() << "\n";
        return 2;
    }
}

BisectSettings settings_of(const Bisection& b, const StoredBisection& stored) {
    BisectSettings settings = b.request.settings;
    settings.commits = b.record.commits;
    settings.skipped = stored.skipped;
    return settings;
}

int finish(Bisection& b, const StoredBisection& stored, const Decision& decision) {
    const BisectSettings settings = settings_of(b, stored);
    // A game keeps one core busy (its engines think in turn): its stored duration is core time.
    const double seconds = b.database.bisection_game_seconds(b.record.id);
    switch (decision.verdict) {
        case Verdict::named:
            b.database.finish_bisection(b.record.id, db::BisectVerdict::named, decision.commit, decision.commit);
            break;
        case Verdict::range:
            b.database.finish_bisection(b.record.id, db::BisectVerdict::range, decision.first, decision.commit);
            break;
        case Verdict::not_confirmed:
            b.database.finish_bisection(b.record.id, db::BisectVerdict::not_confirmed, std::nullopt, std::nullopt);
            break;
        case Verdict::several_steps:
            b.database.finish_bisection(b.record.id, db::BisectVerdict::several_steps, decision.commit,
                                        decision.commit);
            break;
        case Verdict::measure: {  // the budget is spent
            std::optional<int> first, last;
            if (!decision.posterior.empty()) {
                const double mass = 1.0 - (settings.sprt ? settings.sprt->alpha : settings.error_rate);
                const CommitRange range = credible_range(decision.posterior, settings.skipped, mass);
                first = range.first, last = range.last;
            }
            b.database.finish_bisection(b.record.id, db::BisectVerdict::budget, first, last);
            b.io.out << budget_text(stored, settings, decision, seconds);
            return 1;
        }
    }
    b.io.out << verdict_text(stored, settings, decision, seconds);
    return decision.verdict == Verdict::named ? 0 : 1;
}

void store_levels(Bisection& b, const Decision& decision) {
    if (decision.posterior.empty()) return;
    b.database.set_bisection_levels(b.record.id, levels_json(decision.levels));
}

int bisect_loop(Bisection& b) {
    if (!build_commit(b, 0) || !build_commit(b, b.record.commits)) return 2;
    if (const std::optional<int> cut = unfinished_batch(b); cut && build_commit(b, *cut))
        if (const int played = play_batch(b, *cut); played != 0 || interrupted(b.io)) return played != 0 ? played : 1;
    while (true) {
        const StoredBisection stored = read_bisection(b.database, b.record);
        const BisectSettings settings = settings_of(b, stored);
        const Decision decision = decide(settings, stored.pairs);
        store_levels(b, decision);
        if (decision.verdict != Verdict::measure) return finish(b, stored, decision);
        if (b.request.budget_games && games_of(stored.pairs) >= *b.request.budget_games)
            return finish(b, stored, decision);
        if (!build_commit(b, decision.commit)) continue;  // skipped: decide again without it
        if (const int played = play_batch(b, decision.commit); played != 0) return played;
        if (interrupted(b.io)) return 1;
        const StoredBisection after = read_bisection(b.database, b.record);
        const BisectSettings settings_after = settings_of(b, after);
        b.io.out << batch_line(after, settings_after, decide(settings_after, after.pairs), decision.commit) << "\n"
                 << std::flush;
    }
}

}  // namespace

int run_bisect(const BisectRequest& request, const BisectIo& io) {
    const std::filesystem::path top = build::repository_top(request.repo);
    const std::string good = build::resolve_commit(top, request.good);
    const std::string bad = build::resolve_commit(top, request.bad);
    std::vector<build::PathCommit> path = build::first_parent_path(top, good, bad);
    if (const auto info = build::commit_info(top, good)) path.front().subject = info->subject;
    db::Database database(request.match.db);
    db::BisectionRecord wanted;
    wanted.identity = identity_of(request, top, path);
    wanted.repo = top.string();
    wanted.good = good;
    wanted.bad = bad;
    wanted.commits = static_cast<int>(path.size()) - 1;
    Bisection b{request, io, database, top, std::move(path), database.find_or_create_bisection(wanted), {}};
    std::vector<bool> stored_rows(b.path.size(), false);
    for (const auto& row : database.bisection_commits(b.record.id))
        if (row.position >= 0 && static_cast<std::size_t>(row.position) < b.path.size())
            stored_rows[row.position] = true;
    for (std::size_t i = 0; i < b.path.size(); ++i)  // every commit of the path, so the report names them all
        if (!stored_rows[i]) database.upsert_bisection_commit(row_of(b, static_cast<int>(i)));
    io.out << first_line(read_bisection(database, b.record), request.match.db) << "\n" << std::flush;
    int code = 1;
    try {
        code = bisect_loop(b);
    } catch (const build::BuildInputError&) {
        if (!interrupted(io)) throw;  // a stop signal cut a build short: stopped, not bad input
    }
    if (code == 1 && interrupted(io))
        io.out << "bisect stopped; re-run the same command to continue (bisection " << b.record.id << ")\n";
    return code;
}

}  // namespace arbiter::bisect
