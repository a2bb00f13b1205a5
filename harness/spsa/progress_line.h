#pragma once
// The live line: iteration, games, and θ of the parameters that moved most from their start
// (measured in shares of their range). On a terminal it is rewritten in place; elsewhere each
// iteration prints its own line, so logs keep the trajectory.

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "harness/spsa/parameter_file.h"

namespace arbiter::spsa {

// "iteration 3/10, 24 games: LmrDivisor 231.40 (+6.40), FutilityMargin1 118.00 (-2.00)"
std::string progress_text(const std::vector<Parameter>& params, int iteration, int iterations, std::int64_t games,
                          const std::vector<double>& theta, std::size_t shown = 3);

class ProgressLine {
public:
    ProgressLine(const std::vector<Parameter>& params, std::ostream& out, bool in_place)
        : params_(params), out_(out), in_place_(in_place) {}
    void show(int iteration, int iterations, std::int64_t games, const std::vector<double>& theta);
    void finish();  // ends an in-place line

private:
    const std::vector<Parameter>& params_;
    std::ostream& out_;
    bool in_place_;
    bool open_ = false;
};

}  // namespace arbiter::spsa
