#include "cli/epd_flags.h"

#include <algorithm>
#include <limits>

#include "cli/flag_reader.h"
#include "harness/config/data_files.h"
#include "harness/config/plain_text.h"

namespace arbiter::cli {
namespace {

constexpr std::int64_t kMaxWhole = std::numeric_limits<std::int64_t>::max();

// Engine specs, names and paths reach the engine, the database and the report: one line each.
std::string text_value(FlagReader& flags) {
    std::string text = flags.value();
    if (auto problem = config::control_character_problem(text)) throw UsageError(flags.flag(), *problem);
    return text;
}

// Setting the same flag twice is almost always a pasted command line gone wrong.
void set_once(std::string& target, FlagReader& flags) {
    if (!target.empty()) throw UsageError(flags.flag(), "given twice");
    target = text_value(flags);
    if (target.empty()) throw UsageError(flags.flag(), "needs a non-empty value");
}

template <typename Int>
Int positive(FlagReader& flags) {
    const auto max = static_cast<std::int64_t>(std::min<std::uint64_t>(std::numeric_limits<Int>::max(), kMaxWhole));
    return static_cast<Int>(flags.whole(1, max));
}

// Reads one word of `arbiter epd`; false when it is not one of epd's flags.
bool read_epd_flag(FlagReader& flags, epdrun::EpdOptions& options, bool& db_given) {
    const std::string& name = flags.name();
    if (flags.is_positional()) return false;
    if (name == "engine") set_once(options.engine, flags);
    else if (name == "suite") {
        set_once(options.suite, flags);
        // A suite arbiter ships by its name ("wac"), from any directory.
        options.suite = config::resolve_suite(options.suite, config::installed_data_dir());
    } else if (name == "movetime") options.limit.movetime_ms = positive<std::int64_t>(flags);
    else if (name == "nodes") options.limit.nodes = positive<std::uint64_t>(flags);
    else if (name == "depth") options.limit.depth = positive<int>(flags);
    else if (name == "concurrency") options.concurrency = positive<int>(flags);
    else if (name == "db") {
        if (db_given) throw UsageError(flags.flag(), "given twice");
        db_given = true;
        options.db = text_value(flags);
        if (options.db.empty()) throw UsageError(flags.flag(), "needs a file name");
    } else if (name == "json") {
        flags.no_value();
        options.json = true;
    } else if (name == "first") options.first = positive<std::size_t>(flags);
    else if (name == "engine-name") set_once(options.engine_name, flags);
    else if (name == "git-commit") set_once(options.git_commit, flags);
    else if (name == "timeout") options.timeout_ms = positive<std::int64_t>(flags);
    else if (name == "compare-previous") {
        flags.no_value();
        options.compare_previous = true;
    } else if (name == "no-db-check") {
        flags.no_value();
        options.check_db_pages = false;
    } else if (name == "max-drop") {
        options.max_drop = static_cast<int>(flags.whole(0, std::numeric_limits<int>::max()));
        options.compare_previous = true;
    } else return false;
    return true;
}

bool read_ttd_flag(FlagReader& flags, epdrun::TtdOptions& options) {
    const std::string& name = flags.name();
    if (flags.is_positional()) return false;
    if (name == "engine") {
        options.engines.push_back(text_value(flags));
        if (options.engines.back().empty()) throw UsageError(flags.flag(), "needs a non-empty value");
    } else if (name == "positions") set_once(options.positions, flags);
    else if (name == "depth") options.depth = positive<int>(flags);
    else if (name == "json") {
        flags.no_value();
        options.json = true;
    } else if (name == "timeout") options.timeout_ms = positive<std::int64_t>(flags);
    else return false;
    return true;
}

}  // namespace

epdrun::EpdOptions parse_epd_options(const std::vector<std::string>& args) {
    epdrun::EpdOptions options;
    bool db_given = false;
    FlagReader flags(args);
    while (flags.next()) {
        if (!read_epd_flag(flags, options, db_given)) flags.unknown("epd");
    }
    if (options.engine.empty()) throw UsageError("--engine", "required (a key=value spec or a catalogue name)");
    if (options.concurrency > 64) throw UsageError("--concurrency", "at most 64 engine processes");
    if (options.compare_previous && options.git_commit.empty()) {
        throw UsageError("--compare-previous", "needs --git-commit (results are compared per commit)");
    }
    return options;
}

epdrun::TtdOptions parse_ttd_options(const std::vector<std::string>& args) {
    epdrun::TtdOptions options;
    FlagReader flags(args);
    while (flags.next()) {
        if (!read_ttd_flag(flags, options)) flags.unknown("ttd");
    }
    if (options.engines.size() < 2) throw UsageError("--engine", "give at least two engine configurations to compare");
    if (options.positions.empty()) throw UsageError("--positions", "required (an EPD or FEN file)");
    if (options.depth == 0) throw UsageError("--depth", "required");
    return options;
}

}  // namespace arbiter::cli
