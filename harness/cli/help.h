#pragma once
#include <ostream>
#include <string>

namespace arbiter::cli {

void print_help(std::ostream& out);
std::string version_string();

}  // namespace arbiter::cli
