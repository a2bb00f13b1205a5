#pragma once
// N engine processes working through a list of positions. Each worker owns one EpdSession; the
// sink sees every outcome, one at a time, in completion order.

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "harness/epdrun/epd_session.h"

namespace arbiter::epdrun {

using SessionFactory = std::function<std::unique_ptr<EpdSession>()>;
// Called under the pool's lock, so it may write output and the database without locking itself.
using OutcomeSink = std::function<void(const SuitePosition& position, PositionOutcome outcome)>;

struct PoolReport {
    std::vector<std::string> worker_errors;  // engines that could not be (re)started
    std::size_t not_run = 0;                 // positions no worker got to
};

PoolReport run_positions(const std::vector<const SuitePosition*>& positions, int concurrency, const std::string& suite,
                         const SessionFactory& make_session, const OutcomeSink& sink);

}  // namespace arbiter::epdrun
