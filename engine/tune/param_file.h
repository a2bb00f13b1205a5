// Writes an EvalParams as the C++ source the build compiles in (engine/eval_tuned_params.cpp):
// one assignment per field, tables as rows of eight, so a diff between two tunings reads as
// a diff of values.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "engine/eval_params.h"

namespace tempo::tune {

// `header_lines` go into the file's opening comment (how the values were made).
void write_param_file(std::ostream& out, const EvalParams& params, const std::vector<std::string>& header_lines);

// Writes to `path` through a temporary file, so a failed run never leaves half a file; throws
// std::runtime_error naming the path on failure.
void write_param_file(const std::string& path, const EvalParams& params, const std::vector<std::string>& header_lines);

}  // namespace tempo::tune
