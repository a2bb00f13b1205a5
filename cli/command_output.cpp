#include "cli/command_output.h"

#include <fstream>
#include <iostream>
#include <stdexcept>

#include <unistd.h>

namespace arbiter::cli {

bool stdout_is_terminal(const std::ostream& out) { return &out == &std::cout && isatty(STDOUT_FILENO) == 1; }

void write_to_out(const std::string& out_path, std::ostream& out, const std::function<void(std::ostream&)>& render) {
    if (out_path.empty()) {
        render(out);
        return;
    }
    std::ofstream file(out_path);
    if (!file) throw std::runtime_error("--out " + out_path + ": cannot write the file");
    render(file);
    file.close();
    if (!file) throw std::runtime_error("--out " + out_path + ": writing failed");
}

}  // namespace arbiter::cli
