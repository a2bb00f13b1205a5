#pragma once
// arbiter bisect --repo DIR --good REV --bad REV [build flags] [match flags] [--budget-games N]
// Names the first commit on the first-parent path from good to bad that lost Elo against the good
// build (harness/bisect/bisect_run.h, docs/bisect.md). Exit: 0 a commit named, 1 none (not
// confirmed, several regressions, a range left by skipped commits, the budget spent, stopped), 2 bad
// input.

#include <ostream>
#include <string>
#include <vector>

namespace arbiter::cli {

int run_bisect_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace arbiter::cli
