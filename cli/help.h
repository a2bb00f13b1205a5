#pragma once
#include <ostream>
#include <string>

namespace arbiter::cli {

void print_help(std::ostream& out);
// The Usage lines of print_help for one subcommand ("epd", "export-positions"); false when the
// help has none. For the subcommands whose parsers print no usage of their own.
bool print_command_usage(std::ostream& out, const std::string& command);
std::string version_string();  // "0.1.0 (commit 895763eac602)"
std::string version_number();  // "0.1.0"
std::string git_commit();      // the commit built from, "-dirty" when the tree had changes

}  // namespace arbiter::cli
