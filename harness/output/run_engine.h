#pragma once
// An engine of a run as the run's texts and fastchess's config.json name it.

#include <string>

#include "harness/config/match_config.h"
#include "harness/tc/time_control.h"

namespace arbiter::output {

struct RunEngine {
    std::string name;         // unique within the run, as its PGN names it
    config::EngineSpec spec;  // catalogue reference resolved
    tc::TimeControl time_control;
};

}  // namespace arbiter::output
