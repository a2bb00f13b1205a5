#pragma once
// The flags of `arbiter epd` and `arbiter ttd` read into epdrun's options. Only shape is checked
// here (known flags, numbers, required values, control characters); errors are UsageError naming
// the flag.

#include <string>
#include <vector>

#include "harness/epdrun/epd_options.h"

namespace arbiter::cli {

epdrun::EpdOptions parse_epd_options(const std::vector<std::string>& args);
epdrun::TtdOptions parse_ttd_options(const std::vector<std::string>& args);

}  // namespace arbiter::cli
