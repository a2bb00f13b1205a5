#pragma once
// What one iteration plays: each parameter's step (θ before, flip, c_k, R_k, the ± engines' values),
// the match of θ+ against θ− that plays it, and θ after its games.

#include <cstdint>
#include <string>
#include <vector>

#include "db/spsa_records.h"
#include "harness/config/match_config.h"
#include "harness/spsa/parameter_file.h"
#include "harness/spsa/schedule.h"

namespace arbiter::spsa {

db::SpsaIterationRecord plan_iteration(const ParameterFile& file, const Schedule& schedule, std::uint64_t seed,
                                       int iteration, const std::vector<double>& theta);

// `base` with its one engine replaced by θ+ and θ− (the tuned engine with the steps' option values,
// named NAME+ and NAME-), playing `pairs` game pairs, each opening with both colours. The event names
// the run and the iteration, so every iteration is a run of its own that a re-run resumes; the seed
// (the run's, plus the iteration) draws its openings.
config::MatchConfig iteration_match(const config::MatchConfig& base, const std::vector<Parameter>& params,
                                    const db::SpsaIterationRecord& iteration, const std::string& run_name, int pairs,
                                    std::uint64_t seed);

// θ after the iteration's games (its W/D/L filled in).
std::vector<double> theta_after(const std::vector<Parameter>& params, const db::SpsaIterationRecord& iteration);

}  // namespace arbiter::spsa
