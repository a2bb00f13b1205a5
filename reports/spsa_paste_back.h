#pragma once
// The final values of an SPSA run in the syntax each tool reads back: OpenBench's
// `NAME, int|float, VALUE, MIN, MAX, C_END, R_END`, fishtest's `name,value,min,max,c_end,r_end`,
// and arbiter's `-each option.NAME=VALUE ...`, as `arbiter spsa` prints them at its end
// (harness/spsa/paste_back.h writes both), for the reported final values. spsa_number is the
// report's own number text: the shortest fixed notation that reads back to the same double.

#include <string>
#include <vector>

#include "reports/spsa_report.h"

namespace arbiter::reports {

// Shortest fixed-notation text that parses back to `value` ("0.0005", "100", "2.34568"); never "-0".
std::string spsa_number(double value);

std::vector<std::string> openbench_lines(const std::vector<SpsaParamTrajectory>& params);
std::vector<std::string> fishtest_lines(const std::vector<SpsaParamTrajectory>& params);
// One line: -each option.A=1 option.B=2.5 (tokens with shell-special characters single-quoted).
std::string each_option_line(const std::vector<SpsaParamTrajectory>& params);

}  // namespace arbiter::reports
