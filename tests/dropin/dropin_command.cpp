#include "tests/dropin/dropin_command.h"

#include <stdlib.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <nlohmann/json.hpp>

#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "harness/openings/polyglot.h"
#include "tests/support/text_file.h"

namespace dropin {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kCommandsDir = std::string(TEST_DATA_DIR) + "/dropin/commands";
constexpr std::chrono::seconds kDeadline{180};

std::string path_with_prefix(const std::string& prefix) {
    const char* old_path = ::getenv("PATH");
    const std::string rest = old_path ? old_path : "/usr/bin:/bin";
    return prefix.empty() ? rest : prefix + ":" + rest;
}

struct Placeholder {
    const char* name;
    std::string value;
};

std::vector<Placeholder> placeholders(const std::string& cwd) {
    return {{"{TEMPO}", TEMPO_BIN},
            {"{STOCKFISH}", STOCKFISH_BIN},
            {"{PHALANX}", PHALANX_BIN},
            {"{REPO}", REPO_ROOT_DIR},
            {"{CWD}", cwd}};
}

std::string expand(std::string text, const std::string& cwd) {
    for (const auto& [name, value] : placeholders(cwd)) {
        for (auto at = text.find(name); at != std::string::npos; at = text.find(name, at + value.size()))
            text.replace(at, std::string(name).size(), value);
    }
    return text;
}

json expand_json(const json& value, const std::string& cwd) {
    if (value.is_string()) return expand(value.get<std::string>(), cwd);
    if (!value.is_structured()) return value;
    json copy = value;
    for (auto& item : copy) item = expand_json(item, cwd);
    return copy;
}

Expectation read_expectation(const json& expect) {
    Expectation e;
    e.exit_code = expect.value("exit", 0);
    e.games = expect.at("games").get<int>();
    e.engines = expect.value("engines", 2);
    e.sprt = expect.value("sprt", false);
    e.debug = expect.value("debug", false);
    if (expect.contains("pgn")) e.pgn = expect.at("pgn").get<std::string>();
    if (expect.contains("files")) e.files = expect.at("files").get<std::vector<std::string>>();
    e.first_name = expect.value("first_name", "");
    e.release_name = expect.value("release_name", "");
    return e;
}

void make_parent(const fs::path& file) {
    if (file.has_parent_path()) fs::create_directories(file.parent_path());
}

// Book moves by UCI text, with the side's Polyglot weight, from the start position and after the
// four first moves: enough for a few games to leave the book at different moves.
const std::vector<std::pair<std::vector<std::string>, std::vector<std::pair<std::string, int>>>> kBookLines = {
    {{}, {{"e2e4", 40}, {"d2d4", 30}, {"c2c4", 15}, {"g1f3", 15}}},
    {{"e2e4"}, {{"e7e5", 20}, {"c7c5", 20}, {"e7e6", 10}}},
    {{"d2d4"}, {{"d7d5", 20}, {"g8f6", 20}}},
    {{"c2c4"}, {{"e7e5", 10}, {"g8f6", 10}}},
    {{"g1f3"}, {{"d7d5", 10}, {"g8f6", 10}}},
};

void write_polyglot_book(const std::string& path) {
    std::vector<arbiter::openings::PolyglotEntry> entries;
    for (const auto& [line, replies] : kBookLines) {
        chess::Position pos;
        for (const auto& move : line) pos.make_move(chess::parse_uci(pos, move));
        for (const auto& [move, weight] : replies) {
            const auto raw = arbiter::openings::encode_polyglot_move(pos, chess::parse_uci(pos, move));
            entries.push_back({pos.key(), raw, static_cast<std::uint16_t>(weight), 0});
        }
    }
    arbiter::openings::save_polyglot_book(path, entries);
}

// The member `key` of the setup, or an empty object when the command has none.
const json& member(const json& setup, const char* key) {
    static const json none = json::object();
    const auto found = setup.find(key);
    return found == setup.end() ? none : *found;
}

void lay_out(const json& setup, const ScriptRun& run) {
    const std::string cwd = run.work.path();
    for (const auto& dir : member(setup, "dirs")) fs::create_directories(run.file(dir.get<std::string>()));
    for (const auto& [relative, target] : member(setup, "links").items()) {
        const fs::path at = run.file(relative);
        make_parent(at);
        fs::create_symlink(expand(target.get<std::string>(), cwd), at);
    }
    for (const auto& [name, target] : member(setup, "path_commands").items())
        fs::create_symlink(expand(target.get<std::string>(), cwd), run.path_dir.file(name));
    for (const auto& [relative, content] : member(setup, "files").items()) {
        const json expanded = expand_json(content, cwd);
        make_parent(run.file(relative));
        std::ofstream(run.file(relative)) << (expanded.is_string() ? expanded.get<std::string>() : expanded.dump(2));
    }
    for (const auto& book : member(setup, "polyglot_books")) write_polyglot_book(run.file(book.get<std::string>()));
}

}  // namespace

DropinCommand load_command(const std::string& id) {
    const std::string path = kCommandsDir + "/" + id + ".json";
    const std::string text = test_support::read_text(path);
    if (text.empty()) throw std::runtime_error("cannot read " + path);
    DropinCommand command;
    command.data = json::parse(text);
    command.id = command.data.at("id").get<std::string>();
    command.tool = command.data.at("tool").get<std::string>();
    command.parsers = command.data.at("parsers").get<std::vector<std::string>>();
    command.expect = read_expectation(command.data.at("expect"));
    return command;
}

std::vector<std::string> command_ids() {
    std::vector<std::string> ids;
    for (const auto& entry : fs::directory_iterator(kCommandsDir))
        if (entry.path().extension() == ".json") ids.push_back(entry.path().stem().string());
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::vector<std::string> missing_engines(const DropinCommand& command) {
    const std::string text = command.data.dump();
    std::vector<std::string> missing;
    for (const auto& [name, path] :
         {std::pair<std::string, std::string>{"{STOCKFISH}", STOCKFISH_BIN}, {"{PHALANX}", PHALANX_BIN}}) {
        if (text.find(name) != std::string::npos && ::access(path.c_str(), X_OK) != 0) missing.push_back(path);
    }
    return missing;
}

std::string program_for(const std::string& tool) {
    const char* override_name = tool == "fastchess" ? "DROPIN_FASTCHESS" : "DROPIN_CUTECHESS_CLI";
    if (const char* real = ::getenv(override_name); real && *real) return real;
    if (tool == "fastchess") return FASTCHESS_LINK;
    if (tool == "cutechess-cli") return CUTECHESS_LINK;
    throw std::runtime_error("unknown tool '" + tool + "'");
}

void run_command(const DropinCommand& command, ScriptRun& run) {
    lay_out(member(command.data, "setup"), run);
    for (const auto& word : command.data.at("argv"))
        run.argv.push_back(expand(word.get<std::string>(), run.work.path()));
    test_support::ChildSpec spec{.program = program_for(command.tool), .args = run.argv, .cwd = run.work.path()};
    spec.env = {{"PATH", path_with_prefix(run.path_dir.path())}};
    spec.own_process_group = true;
    run.output = test_support::run(spec, kDeadline);
}

}  // namespace dropin
