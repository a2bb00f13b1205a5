// arbiter: the command-line entry point. Each subcommand's flags, usage and exit codes live in
// cli/<name>_command.cpp; this file only dispatches. With no subcommand, arguments are match flags,
// as with cutechess-cli.
#include <cstdio>
#include <functional>
#include <optional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include "cli/baseline_command.h"
#include "cli/bisect_command.h"
#include "cli/build_command.h"
#include "cli/compliance_command.h"
#include "cli/dialect.h"
#include "cli/epd_command.h"
#include "cli/exit_status.h"
#include "cli/export_command.h"
#include "cli/flag_reader.h"
#include "cli/help.h"
#include "cli/import_command.h"
#include "cli/ladder_command.h"
#include "cli/match_command.h"
#include "cli/merge_command.h"
#include "cli/ratings_command.h"
#include "cli/report_command.h"
#include "cli/serve_command.h"
#include "cli/spsa_command.h"
#include "cli/stats_command.h"

namespace {

namespace cli = arbiter::cli;
using cli::ExitStatus;

using Command = std::function<int(const std::vector<std::string>&, std::ostream&, std::ostream&)>;

std::map<std::string, Command> subcommands() {
    return {
        {"match", cli::run_match_command},       {"epd", cli::run_epd_command},
        {"ttd", cli::run_ttd_command},           {"stats", cli::run_stats_command},
        {"ratings", cli::run_ratings_command},   {"merge", cli::run_merge_command},
        {"import", cli::run_import_command},     {"export-positions", cli::run_export_command},
        {"ladder", cli::run_ladder_command},     {"spsa", cli::run_spsa_command},
        {"report", cli::run_report_command},     {"build", cli::run_build_command},
        {"baseline", cli::run_baseline_command}, {"compliance", cli::run_compliance_command},
        {"bisect", cli::run_bisect_command},     {"serve", cli::run_serve_command},
    };
}

// The dialect a program name asks for (cli/dialect.h), by its name in -dialect.
std::optional<std::string> dialect_name_of_program(const char* argv0) {
    if (const auto dialect = cli::dialect_of_program(argv0 ? argv0 : "")) return cli::to_string(*dialect);
    return std::nullopt;
}

bool asks_for_version(const std::vector<std::string>& args, const std::string& dialect) {
    if (args.size() != 1) return false;
    if (args[0] == "-version" || args[0] == "--version") return true;
    return dialect == "fastchess" && (args[0] == "-v" || args[0] == "--v");
}

// Scripts check the tool's version with a pattern ("cutechess-cli 1.N.N", "fastchess alpha N.N.N"):
// the line starts as the tool's, naming the release whose behaviour this dialect follows, and then
// says that arbiter answers.
void print_tool_version(std::ostream& out, const std::string& dialect) {
    const std::string tool = dialect == "fastchess" ? "fastchess alpha 1.8.2" : "cutechess-cli 1.4.0";
    out << tool << " (arbiter " << cli::version_number() << ", commit " << cli::git_commit() << ", in its " << dialect
        << " dialect)\n";
}

void print_tool_help(std::ostream& out, const std::string& dialect) {
    const std::string tool = dialect == "fastchess" ? "fastchess" : "cutechess-cli";
    out << "This is arbiter in its " << dialect << " dialect: " << tool
        << "'s flags, defaults and result lines (see arbiter --help and README.md).\n"
        << cli::match_usage();
}

}  // namespace

// "-dialect X -version" (or -help) asks the tool X's question, as its link would: the dialect given
// first on the line, then the words after it.
std::optional<std::string> leading_dialect(const std::vector<std::string>& args) {
    if (args.size() < 2 || (args[0] != "-dialect" && args[0] != "--dialect")) return std::nullopt;
    cli::Dialect dialect = cli::Dialect::arbiter;
    if (!cli::parse_dialect(args[1], dialect)) return std::nullopt;
    return cli::to_string(dialect);
}

// Answers -version or -help in the dialect's words (arbiter's own for "arbiter"); false otherwise.
bool answered_as_tool(const std::string& dialect, const std::vector<std::string>& words) {
    if (dialect == "arbiter") {
        if (asks_for_version(words, dialect)) std::cout << "arbiter " << cli::version_string() << "\n";
        else if (cli::asks_for_help(words)) cli::print_help(std::cout);
        else return false;
        return true;
    }
    if (asks_for_version(words, dialect)) {
        print_tool_version(std::cout, dialect);
        return true;
    }
    if (cli::asks_for_help(words) || (words.empty() && dialect == "fastchess")) {
        print_tool_help(std::cout, dialect);
        return true;
    }
    return false;
}

int main(int argc, char** argv) {
    // Scripts often read stdout and stderr through one pipe (chess-tuning-tools reads -debug traffic
    // beside the result lines): line buffering sends each line in one write, so neither stream can
    // cut a line of the other in two, as a full stdout buffer flushed mid-line did.
    std::setvbuf(stdout, nullptr, _IOLBF, 1 << 16);
    std::setvbuf(stderr, nullptr, _IOLBF, 1 << 16);
    std::vector<std::string> args(argv + 1, argv + argc);
    // Under another tool's name every word is a match flag: neither tool has subcommands.
    if (const auto dialect = dialect_name_of_program(argv[0])) {
        if (answered_as_tool(*dialect, args)) return code(ExitStatus::ok);
        // fastchess's own --compliance is a command of its own, not a match flag.
        if (!args.empty() && args[0] != "--compliance") args.insert(args.begin(), {"match", "-dialect", *dialect});
    } else if (const auto named = leading_dialect(args)) {
        const std::vector<std::string> words(args.begin() + 2, args.end());
        if (!words.empty() && answered_as_tool(*named, words)) return code(ExitStatus::ok);
    }
    if (args.empty() || args[0] == "--help" || args[0] == "-help" || args[0] == "-h" || args[0] == "help") {
        cli::print_help(std::cout);
        return code(args.empty() ? ExitStatus::bad_input : ExitStatus::ok);
    }
    if (args[0] == "--version" || args[0] == "-version") {
        std::cout << "arbiter " << cli::version_string() << "\n";
        return code(ExitStatus::ok);
    }
    if (args[0] == "--compliance") args[0] = "compliance";
    const auto commands = subcommands();
    // Without a subcommand the words are match flags, so cutechess-cli command lines run unchanged.
    if (args[0].size() > 1 && args[0][0] == '-') args.insert(args.begin(), "match");
    auto it = commands.find(args[0]);
    if (it == commands.end()) {
        std::cerr << "arbiter: unknown command '" << args[0] << "' (see arbiter --help)\n";
        return code(ExitStatus::bad_input);
    }
    std::vector<std::string> rest(args.begin() + 1, args.end());
    try {
        return it->second(rest, std::cout, std::cerr);
    } catch (...) {
        // What a command let through: bad input when it names what was given, else a failed run.
        return cli::report_failure(args[0], std::cerr, cli::BadInput::given_inputs());
    }
}
