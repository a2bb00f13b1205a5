#pragma once
// What `arbiter epd` prints: one progress line per answered position, then the suite's score,
// c0 points, failures and, when asked, the comparison with the previous commit, as text or JSON.

#include <cstdint>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "db/records.h"
#include "harness/epdrun/epd_compare.h"
#include "harness/epdrun/epd_session.h"
#include "harness/epdrun/suite.h"

namespace arbiter::epdrun {

struct EpdSummary {
    std::string suite;
    std::string suite_path;
    std::string engine;
    std::string limit;
    std::int64_t run_id = 0;
    std::vector<const SuitePosition*> positions;         // in scope, in suite order
    std::map<std::string, db::EpdResultRecord> results;  // by position id: stored and new
    std::map<std::string, std::string> errors;           // by position id: why there is no answer
    std::size_t resumed = 0;                             // answers stored by an earlier invocation
    std::optional<CommitComparison> comparison;
    bool compared = false;  // a comparison was asked for
    std::optional<int> max_drop;
};

struct Tally {
    std::size_t answered = 0;
    std::size_t solved = 0;
    std::int64_t points = 0;
    std::int64_t max_points = 0;
    bool has_points = false;  // some position carries a c0 point list
};

Tally tally(const EpdSummary& summary);
// True when --max-drop was given and the score fell by more than it allows.
bool is_regression(const EpdSummary& summary);

void print_progress(std::ostream& out, std::size_t done, std::size_t total, const SuitePosition& position,
                    const PositionOutcome& outcome);
void print_summary(std::ostream& out, const EpdSummary& summary);
void print_summary_json(std::ostream& out, const EpdSummary& summary);

}  // namespace arbiter::epdrun
