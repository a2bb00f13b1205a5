#pragma once
// Where a command's text goes: whether its stdout is a terminal (a progress line may then be
// rewritten in place), and `--out FILE` instead of stdout.

#include <functional>
#include <ostream>
#include <string>

namespace arbiter::cli {

// `out` is this process's stdout and that is a terminal.
bool stdout_is_terminal(const std::ostream& out);

// What `render` writes goes to `out_path`, or to `out` when the path is empty. Throws
// std::runtime_error naming --out when the file cannot be opened or written.
void write_to_out(const std::string& out_path, std::ostream& out, const std::function<void(std::ostream&)>& render);

}  // namespace arbiter::cli
