#pragma once
// θ written back in the shapes it came in and the shapes an engine takes: fishtest's and OpenBench's
// parameter lines (the value replaced, the rest as read, so the text starts a further tune), UCI
// `setoption` lines and `-each option.NAME=V` words for arbiter, cutechess-cli or fastchess.
// Integer parameters are written rounded to the nearest integer, as the engine would play them.

#include <string>
#include <vector>

#include "harness/spsa/parameter_file.h"

namespace arbiter::spsa {

std::string value_text(const Parameter& param, double value);
std::string fishtest_lines(const std::vector<Parameter>& params, const std::vector<double>& theta);
std::string openbench_lines(const std::vector<Parameter>& params, const std::vector<double>& theta);
std::string setoption_lines(const std::vector<Parameter>& params, const std::vector<double>& theta);
std::string option_words(const std::vector<Parameter>& params, const std::vector<double>& theta);

}  // namespace arbiter::spsa
