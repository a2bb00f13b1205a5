#include "cli/epd_command.h"

#include "cli/epd_flags.h"
#include "cli/exit_status.h"
#include "cli/flag_reader.h"
#include "cli/help.h"
#include "harness/epdrun/epd_run.h"

namespace arbiter::cli {

int run_ttd_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (asks_for_help(args)) {
        print_command_usage(out, "ttd");
        return code(ExitStatus::ok);
    }
    try {
        const bool complete = epdrun::run_ttd(parse_ttd_options(args), out, err);
        return code(complete ? ExitStatus::ok : ExitStatus::failed);
    } catch (...) {
        // Flags, engine specs and position files that fail their checks are bad input.
        return report_failure("ttd", err, BadInput::given_inputs());
    }
}

}  // namespace arbiter::cli
