#pragma once
// One real command line from a public script (tests/data/dropin/commands/<id>.json, provenance and
// substitutions in tests/data/dropin/SOURCES.md), made ready to run: its working directory laid out
// as the script expects (engines at the paths it names, books, engines.json, folders), the engines
// swapped for tempo, stockfish and phalanx, and run through the tool the script calls.

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/child.h"
#include "tests/support/temp_dir.h"

namespace dropin {

// What the run must show, from the command file's "expect".
struct Expectation {
    int exit_code = 0;
    int games = 0;    // games the command plays (fewer only when an SPRT decided)
    int engines = 2;  // players in the event
    bool sprt = false;
    bool debug = false;              // -debug given: engine traffic is printed
    std::optional<std::string> pgn;  // the PGN the command writes, relative to its working directory
    std::vector<std::string> files;  // other files it must leave (engine stderr, logs)
    std::string first_name;          // the first engine's name, where a parser relies on it
    std::string release_name;        // fishtest: the engine whose warnings are not the patch's fault
};

struct DropinCommand {
    std::string id;
    std::string tool;  // cutechess-cli or fastchess: the name the script calls
    std::vector<std::string> parsers;
    Expectation expect;
    nlohmann::json data;  // the whole command file, placeholders not yet expanded
};

// Reads tests/data/dropin/commands/<id>.json.
DropinCommand load_command(const std::string& id);
// Every id in that folder, sorted.
std::vector<std::string> command_ids();

// Engines a command needs that this machine lacks (Debian's stockfish or phalanx), empty when it
// can run.
std::vector<std::string> missing_engines(const DropinCommand& command);

// A finished run: the working directory stays until the checks have read its files.
struct ScriptRun {
    test_support::TempDir work;
    test_support::TempDir path_dir;
    std::vector<std::string> argv;  // as run, placeholders expanded
    test_support::ChildResult output;

    std::string file(const std::string& relative) const { return work.file(relative); }
};

// Lays out the working directory and runs the command to its end, the way a script does: in a
// process group of its own (the deadline kills the runner and the engines it started), with the
// path folder in front of PATH (where a script finds `sloppy` or `Engine1.exe`) and stdin from
// /dev/null, its stdout and stderr read apart and merged as they came (`2>&1`, or Python's
// stderr=STDOUT).
void run_command(const DropinCommand& command, ScriptRun& run);

// The program a tool name stands for: build/bin/cutechess-cli or build/bin/fastchess (links to
// arbiter), or the real tool when DROPIN_CUTECHESS_CLI / DROPIN_FASTCHESS name one, to check the
// checks themselves against the originals.
std::string program_for(const std::string& tool);

}  // namespace dropin
