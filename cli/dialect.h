#pragma once
// Whose flags, defaults and result lines a command line follows: `-dialect arbiter|cutechess|
// fastchess`, or the name arbiter was called under (build/bin/cutechess-cli and build/bin/fastchess
// are links to arbiter). `arbiter` is cutechess-cli's syntax plus fastchess's spellings wherever the
// two do not clash.
//
// This is the one place that turns a dialect into explicit settings: how the flag readers read the
// words (FlagReading), what the config starts from (defaults, output format, schedule rules) and
// how the run behaves where the two tools differ (config::ToolBehaviour). Nothing else asks which
// dialect it is in, and nothing below cli/ knows there are dialects.

#include <optional>
#include <string>

#include "harness/config/match_config.h"

namespace arbiter::cli {

// Its three values are also config::ScheduleRules's, but the two are not one concept: a dialect is a
// whole bundle of readings, defaults and behaviours (DialectSettings below), of which the pairing rules
// are one; the schedule keeps its own type so that nothing below cli/ knows there are dialects, and
// a -config file can pair by one tool's rules under another's command line.
enum class Dialect { arbiter, cutechess, fastchess };

// "arbiter" / "cutechess" / "fastchess"; parse also takes "cutechess-cli" and returns false on
// anything else.
std::string to_string(Dialect dialect);
bool parse_dialect(const std::string& text, Dialect& dialect);

// The dialect a program's name asks for (argv[0]): cutechess-cli's or fastchess's, so a script
// calling either tool by name gets its semantics; nullopt under any other name.
std::optional<Dialect> dialect_of_program(const std::string& argv0);

// How the `arbiter match` flag readers read their words; each setting names whose reading it is.
struct FlagReading {
    // -openings without order=: arbiter's "random"; cutechess-cli and fastchess read "sequential".
    std::string openings_order = "random";
    // cutechess-cli's behaviour: -pgnout/-epdout in fastchess's key=value form are refused, since
    // cutechess-cli takes a file name (`-pgnout file=games.pgn` once wrote "file=games.pgn").
    bool keyed_output_refused = false;
    // fastchess's behaviour: -pgnout/-epdout with no words are its key=value form, naming the file
    // itself (fastchess_YYYYMMDD_HHMMSS.pgn).
    bool bare_output_names_its_file = false;
    // fastchess 1.0 to 1.6's behaviour: cutechess's `-pgnout FILE [min]` writes fastchess's PGN layout.
    bool lone_pgnout_in_fastchess_layout = false;
    // -config FILE.json, arbiter's JSON config (refused by fastchess, whose -config is its state).
    bool json_config_accepted = true;
    // -config file=F outname=F discard=B stats=B, fastchess's saved state (refused by cutechess-cli,
    // whose -config does not exist; arbiter reads it there as its JSON config).
    bool fastchess_config_accepted = true;
    // fastchess's behaviour: -games N is N games (at most two) on one opening, so -repeat [N] is
    // -games N and `repeat` stays unset, also in a config.json continued from. false: cutechess-cli's
    // -repeat [N], each opening played N times.
    bool repeat_sets_games = false;
    // fastchess's behaviour: no -debug (it records engine lines with -log engine=true).
    bool debug_refused = false;
    // cutechess-cli's and fastchess's behaviour: a -seeds count outside the tournament's range is
    // played bounded (they bound it silently; arbiter warns). false: refused, arbiter's behaviour.
    bool seeds_bounded = false;
};

struct DialectSettings {
    FlagReading reading;
    // What the words start from: the tool's defaults (games, rounds, concurrency, event, rating
    // interval, output format, saved state) and its run-time behaviour.
    config::MatchConfig start;
    // The tool's pairing rules, kept over what a -config file says (unset: the file's, else
    // arbiter's own).
    std::optional<config::ScheduleRules> schedule;
};

DialectSettings dialect_settings(Dialect dialect);

// A -config file replaces the whole config: the settings of the dialect it cannot change (the
// run-time behaviour, the tool's schedule rules) are set again after it.
void restate_over_config_file(config::MatchConfig& config, const DialectSettings& dialect);

}  // namespace arbiter::cli
