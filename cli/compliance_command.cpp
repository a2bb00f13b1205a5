#include "cli/compliance_command.h"

#include "cli/exit_status.h"
#include "harness/process/process_types.h"
#include "harness/protocol/compliance.h"

namespace arbiter::cli {

int run_compliance_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (args.empty() || args[0] == "--help" || args[0] == "-h") {
        (args.empty() ? err : out)
            << "usage: arbiter compliance ENGINE [ARGS...]\n"
               "Checks that a UCI engine answers what a match sends; exit 0 when it passes every step.\n";
        return code(args.empty() ? ExitStatus::bad_input : ExitStatus::ok);
    }
    const std::vector<std::string> engine_arguments(args.begin() + 1, args.end());
    auto print_step = [&](const protocol::ComplianceStep& step) {
        out << "Step " << step.number << ": " << step.description << " ... " << (step.passed ? "passed" : "failed")
            << "\n"
            << std::flush;
        if (!step.passed) err << "arbiter compliance: step " << step.number << " failed: " << step.problem << "\n";
    };
    protocol::ComplianceReport report;
    try {
        report = protocol::check_uci_compliance(args[0], engine_arguments, print_step);
    } catch (const process::ProcessError& error) {
        err << "arbiter compliance: cannot start the engine: " << error.what() << "\n";
        return code(ExitStatus::bad_input);
    }
    if (!report.passed()) {
        err << "The engine's last output lines were:\n";
        // A runaway line is cut so the lines around it stay readable.
        constexpr std::size_t kShownChars = 300;
        for (const auto& line : report.last_output) {
            err << "  " << line.substr(0, kShownChars);
            if (line.size() > kShownChars) err << " ... (" << line.size() << " characters in all)";
            err << "\n";
        }
        return code(ExitStatus::failed);
    }
    out << args[0] << " passed every check (" << report.steps.size() << " steps).\n";
    return code(ExitStatus::ok);
}

}  // namespace arbiter::cli
