#pragma once
// A stored run's SPRT as its config states it ("sprt": elo0, elo1, alpha, beta, model, trinomial):
// the parameters, whether it counts games or pairs, the note naming its bounds, and how its LLR and
// Elo went game by game (the run report's HTML charts).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "db/database.h"
#include "harness/stats/elo.h"
#include "harness/stats/sprt.h"
#include "reports/report_model.h"

namespace arbiter::reports {

struct RunSprt {
    stats::SprtParameters parameters;
    bool trinomial = false;  // "trinomial": true in the config, or the bayesian model (W/D/L only)
};

// The config's "sprt" object read as `arbiter match` writes it; nullopt when the run has none.
std::optional<RunSprt> run_sprt_of(const nlohmann::json& config);

// The SPRT on these counts: pairs unless the run counts games or no pair is complete yet.
stats::SprtResult sprt_result(const RunSprt& sprt, const stats::WdlCounts& wdl, const stats::PentaCounts& penta,
                              std::int64_t complete_pairs);

// "SPRT [0.00, 10.00] normalized, pentanomial, alpha 0.05, beta 0.05: H0 at LLR <= -2.94, H1 at >= 2.94"
std::string sprt_note(const RunSprt& sprt);

// The LLR (with its bounds) and the Elo of `first` against `second` after each game of the run, in
// the order the games were stored: two trajectory charts, at most about 400 points each.
std::vector<Chart> sprt_charts(db::Database& database, std::int64_t run_id, const RunSprt& sprt,
                               const std::string& first, const std::string& second);

}  // namespace arbiter::reports
