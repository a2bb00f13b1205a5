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
#include "reports/matchups.h"
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

// The Elo of the pairing's player against its opponent after each of their games in the run, in the
// order the games were stored, and before it the LLR with its bounds when the run has an SPRT:
// trajectory charts ("sprt-llr" and "sprt-elo", or "pairing-elo" alone) of at most about 400
// points each, read from the index columns of the games (a run of a million games stays light).
std::vector<Chart> pairing_charts(db::Database& database, std::int64_t run_id, const Matchup& pairing,
                                  const std::optional<RunSprt>& sprt);

}  // namespace arbiter::reports
