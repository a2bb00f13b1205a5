// `tempo tune`: Texel tuning of the evaluation parameters (engine/tune/README.md).
#pragma once

#include <ostream>
#include <string>
#include <vector>

namespace tempo::tune {

// args are the words after "tune". Returns the process exit code; errors go to `err`.
int run_tune_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace tempo::tune
