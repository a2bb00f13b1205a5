#include "cli/epd_command.h"

#include "cli/epd_flags.h"
#include "cli/exit_status.h"
#include "cli/flag_reader.h"
#include "cli/help.h"
#include "harness/epdrun/epd_run.h"

namespace arbiter::cli {
namespace {

ExitStatus exit_status(epdrun::EpdEnd end) {
    switch (end) {
        case epdrun::EpdEnd::answered: return ExitStatus::ok;
        case epdrun::EpdEnd::regression: return ExitStatus::regression;
        case epdrun::EpdEnd::failed: break;
    }
    return ExitStatus::failed;
}

}  // namespace

int run_epd_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (asks_for_help(args)) {
        print_command_usage(out, "epd");
        return code(ExitStatus::ok);
    }
    try {
        return code(exit_status(epdrun::run_epd(parse_epd_options(args), out, err)));
    } catch (...) {
        // Flags, engine specs, suite files and databases not usable as given are bad input.
        return report_failure("epd", err, BadInput::given_inputs());
    }
}

}  // namespace arbiter::cli
