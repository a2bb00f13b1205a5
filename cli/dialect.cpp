#include "cli/dialect.h"

#include <filesystem>

namespace arbiter::cli {
namespace {

using config::MatchConfig;

// fastchess waits this long for ucinewgame's readyok.
constexpr std::int64_t kFastchessNewGameMs = 60'000;

// cutechess-cli plays one game at a time and leaves the event unnamed; a run ends with its
// outcome list.
DialectSettings cutechess_settings() {
    DialectSettings settings;
    settings.reading.openings_order = "sequential";
    settings.reading.keyed_output_refused = true;
    settings.reading.fastchess_config_accepted = false;
    settings.reading.seeds_bounded = true;
    MatchConfig& start = settings.start;
    start.concurrency = 1;
    start.event = "";
    start.behaviour.print_outcomes_at_end = true;
    settings.schedule = config::ScheduleRules::cutechess;
    return settings;
}

// fastchess prints its results block every 10 games, plays one game at a time, names its event
// "Fastchess Tournament", saves config.json every 20 games and plays -rounds 2 of -games 2 (a
// colour-reversed pair) unless told otherwise.
DialectSettings fastchess_settings() {
    DialectSettings settings;
    FlagReading& reading = settings.reading;
    reading.openings_order = "sequential";
    reading.bare_output_names_its_file = true;
    reading.lone_pgnout_in_fastchess_layout = true;
    reading.json_config_accepted = false;
    reading.repeat_sets_games = true;
    reading.debug_refused = true;
    reading.seeds_bounded = true;
    MatchConfig& start = settings.start;
    start.concurrency = 1;
    start.event = "Fastchess Tournament";
    start.output = config::OutputFormat::fastchess;
    start.ratinginterval = 10;
    start.fastchess_state = config::FastchessStateSpec{};
    start.games = 2;
    start.rounds = 2;
    config::ToolBehaviour& behaviour = start.behaviour;
    behaviour.cap_concurrency_at_hardware_threads = true;
    behaviour.newgame_timeout_ms = kFastchessNewGameMs;
    behaviour.check_every_pv = true;
    behaviour.warnings_on_stdout = true;
    settings.schedule = config::ScheduleRules::fastchess;
    return settings;
}

}  // namespace

std::string to_string(Dialect dialect) {
    switch (dialect) {
        case Dialect::cutechess: return "cutechess";
        case Dialect::fastchess: return "fastchess";
        case Dialect::arbiter: break;
    }
    return "arbiter";
}

bool parse_dialect(const std::string& text, Dialect& dialect) {
    if (text == "arbiter") dialect = Dialect::arbiter;
    else if (text == "cutechess" || text == "cutechess-cli") dialect = Dialect::cutechess;
    else if (text == "fastchess") dialect = Dialect::fastchess;
    else return false;
    return true;
}

std::optional<Dialect> dialect_of_program(const std::string& argv0) {
    const std::string program = std::filesystem::path(argv0).filename().string();
    if (program == "cutechess-cli") return Dialect::cutechess;
    if (program == "fastchess") return Dialect::fastchess;
    return std::nullopt;
}

// arbiter keeps its own defaults: all cores, event "arbiter", cutechess-cli's result lines.
DialectSettings dialect_settings(Dialect dialect) {
    switch (dialect) {
        case Dialect::cutechess: return cutechess_settings();
        case Dialect::fastchess: return fastchess_settings();
        case Dialect::arbiter: break;
    }
    return DialectSettings{};
}

void restate_over_config_file(MatchConfig& config, const DialectSettings& dialect) {
    config.behaviour = dialect.start.behaviour;
    if (dialect.schedule) config.schedule = *dialect.schedule;
}

}  // namespace arbiter::cli
