// arbiter_big_db: the SPSA run and the bisection, as `arbiter spsa` and `arbiter bisect` store them:
// each iteration's (each commit's) games are a match run of their own.
#include <cmath>

#include "bench/big_db/generator.h"

namespace arbiter::bench {
namespace {

constexpr int kParams = 6;

std::vector<db::SpsaParamRecord> spsa_params() {
    std::vector<db::SpsaParamRecord> params;
    for (int i = 0; i < kParams; ++i)
        params.push_back({i, "Param" + std::to_string(i), i % 3 == 2, 100.0 + 10 * i, 0.0, 400.0, 8.0, 0.002});
    return params;
}

}  // namespace

void Generator::spsa(int iterations, int pairs_per_iteration) {
    db::SpsaRunRecord wanted;
    wanted.name = "tempo-tune";
    wanted.iterations = iterations;
    wanted.pairs_per_iteration = pairs_per_iteration;
    wanted.seed = 7;
    wanted.settings_json =
        nlohmann::json{{"engines", {{{"name", "tempo"}, {"cmd", "./engines/tempo"}, {"nodes", 20000}}}}}.dump();
    const std::vector<db::SpsaParamRecord> params = spsa_params();
    const db::SpsaRunRecord spsa_run = database_.find_or_create_spsa_run(wanted, params);
    std::vector<double> theta;
    for (const auto& param : params) theta.push_back(param.start);
    engines_["tempo-plus@"] = engine("tempo-plus");
    engines_["tempo-minus@"] = engine("tempo-minus");
    for (int k = 1; k <= iterations; ++k) {
        db::SpsaIterationRecord iteration;
        iteration.iteration = k;
        iteration.started_at = iso_time(synth_.clock_ms);
        for (int i = 0; i < kParams; ++i) {
            const double c = 8.0 * std::pow(static_cast<double>(iterations) / k, 0.101);
            const int flip = synth_.below(2) == 0 ? 1 : -1;
            iteration.steps.push_back({i, theta[static_cast<std::size_t>(i)], flip, c, 0.002,
                                       theta[static_cast<std::size_t>(i)] + flip * c,
                                       theta[static_cast<std::size_t>(i)] - flip * c, std::nullopt});
        }
        database_.begin_spsa_iteration(spsa_run.id, iteration);
        nlohmann::json config = match_config({"tempo-plus", "tempo-minus"}, "round-robin", pairs_per_iteration, false);
        config["spsa"] = {{"run", wanted.name}, {"iteration", k}};
        const auto r = run(db::RunKind::match, config, "nodes=20000", pairs_per_iteration * 2);
        iteration.match_run_id = r.id;
        iteration.pentanomial = play_pairs(r.id, "tempo-plus", "tempo-minus", 0.0, pairs_per_iteration);
        flush();
        const auto& p = iteration.pentanomial;
        iteration.wins = p[4] * 2 + p[3] + p[2] / 2;  // an approximation of W/D/L from the pairs is enough here
        iteration.losses = p[0] * 2 + p[1] + p[2] / 2;
        iteration.draws = 2 * pairs_per_iteration - iteration.wins - iteration.losses;
        const double gradient = static_cast<double>(iteration.wins - iteration.losses);
        for (auto& step : iteration.steps) {
            const double moved = step.theta_before + 0.002 * step.c * gradient * step.flip;
            step.theta_after = std::clamp(moved, 0.0, 400.0);
            theta[static_cast<std::size_t>(step.param_index)] = *step.theta_after;
        }
        iteration.finished_at = iso_time(synth_.clock_ms);
        database_.finish_spsa_iteration(spsa_run.id, iteration);
        ++tally_.spsa_iterations;
    }
}

// 16 commits between good and bad; the step at position 9; commits bisection measured play 400 games.
void Generator::bisection() {
    constexpr int kCommits = 16;
    constexpr int kStep = 9;
    const std::string repo = "/src/tempo";
    db::BisectionRecord wanted;
    wanted.repo = repo;
    wanted.good = std::string(40, 'a');
    wanted.bad = std::string(40, 'b');
    wanted.commits = kCommits;
    wanted.identity = nlohmann::json{{"repo", repo}, {"good", wanted.good}, {"bad", wanted.bad}}.dump();
    const db::BisectionRecord stored = database_.find_or_create_bisection(wanted);
    const std::string good_player = "tempo " + wanted.good.substr(0, 12) + " (good)";
    engines_[good_player + "@"] = engine(good_player);
    for (int position = 0; position <= kCommits; ++position) {
        db::BisectionCommitRecord commit;
        commit.bisection = stored.id;
        commit.position = position;
        const std::string middle = std::to_string(10 + position) + std::string(38, 'c');
        commit.sha = position == 0 ? wanted.good : position == kCommits ? wanted.bad : middle;
        commit.subject = "Commit " + std::to_string(position);
        commit.state = position % 5 == 3 ? db::BisectCommitState::skipped : db::BisectCommitState::built;
        const bool measured =
            position == kCommits || position == 4 || position == 8 || position == 10 || position == 12;
        if (measured && commit.state == db::BisectCommitState::built) {
            const std::string player = "tempo " + commit.sha.substr(0, 12);
            engines_[player + "@"] = engine(player);
            const auto r =
                run(db::RunKind::match, match_config({player, good_player}, "round-robin", 200, false), "10+0.1", 400);
            play_pairs(r.id, player, good_player, position >= kStep ? -12.0 : 0.0, 200);
            flush();
            commit.run_id = r.id;
        }
        database_.upsert_bisection_commit(commit);
    }
    database_.set_bisection_levels(stored.id, R"({"good_score":0.5,"bad_score":0.483,"bad_score_sigma":0.006})");
    database_.finish_bisection(stored.id, db::BisectVerdict::named, kStep, kStep);
}

}  // namespace arbiter::bench
