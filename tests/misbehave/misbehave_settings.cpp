#include "tests/misbehave/misbehave_settings.h"

#include <array>
#include <charconv>
#include <utility>

namespace misbehave {
namespace {

constexpr std::array<std::pair<Mode, std::string_view>, 16> kModeNames{{
    {Mode::none, "none"},
    {Mode::crash, "crash"},
    {Mode::hang_go, "hang-go"},
    {Mode::hang_isready, "hang-isready"},
    {Mode::no_uciok, "no-uciok"},
    {Mode::illegal, "illegal"},
    {Mode::malformed, "malformed"},
    {Mode::garbage_info, "garbage-info"},
    {Mode::flood, "flood"},
    {Mode::exit_newgame, "exit-newgame"},
    {Mode::slow_start, "slow-start"},
    {Mode::stderr_spam, "stderr-spam"},
    {Mode::close_stdin, "close-stdin"},
    {Mode::early_bestmove, "early-bestmove"},
    {Mode::late, "late"},
    {Mode::noisy, "noisy"},
}};

template <typename Number>
std::optional<Number> whole_number(std::string_view text) {
    Number value{};
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (error != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return value;
}

template <typename Number>
std::optional<Number> non_negative(std::string_view text) {
    const auto value = whole_number<Number>(text);
    if (!value || *value < 0) return std::nullopt;
    return value;
}

// Delay and Bytes: -1 (the UCI option's default) asks for the mode's own default.
std::optional<long> amount(std::string_view text) {
    const auto value = whole_number<long>(text);
    if (!value || *value < -1) return std::nullopt;
    return value;
}

// One setting by its name (flag without dashes, or UCI option name in lower case).
std::optional<std::string> apply(std::string_view name, std::string_view value, Settings& settings) {
    auto bad = [&](std::string_view what) {
        return std::string(name) + ": '" + std::string(value) + "' is not " + std::string(what);
    };
    if (name == "mode") {
        const auto mode = mode_from_name(value);
        if (!mode) return bad("a mode");
        settings.mode = *mode;
    } else if (name == "ply") {
        const auto ply = non_negative<int>(value);
        if (!ply) return bad("a ply number");
        settings.ply = *ply;
    } else if (name == "game") {
        const auto game = non_negative<int>(value);
        if (!game || *game < 1) return bad("a game number (1 or more)");
        settings.game = *game;
    } else if (name == "delay") {
        const auto delay = amount(value);
        if (!delay) return bad("milliseconds (or -1)");
        settings.delay_ms = *delay;
    } else if (name == "bytes") {
        const auto bytes = amount(value);
        if (!bytes) return bad("a byte count (or -1)");
        settings.bytes = *bytes;
    } else if (name == "text") {
        settings.text = value == "<empty>" ? std::string() : std::string(value);
    } else if (name == "log") {
        settings.log = value;
    } else if (name == "ponder") {
        if (value != "true" && value != "false") return bad("true or false");
        settings.ponder = value == "true";
    } else if (name == "score") {
        const auto space = value.find(' ');
        const std::string_view kind = value.substr(0, space);
        if (space == std::string_view::npos || (kind != "cp" && kind != "mate") ||
            !whole_number<int>(value.substr(space + 1)))
            return bad("a score such as 'cp 500' or 'mate 3'");
        settings.score = value;
    } else {
        return "unknown setting '" + std::string(name) + "'";
    }
    return std::nullopt;
}

std::string lower(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

}  // namespace

std::string_view mode_name(Mode mode) {
    for (const auto& [known, name] : kModeNames)
        if (known == mode) return name;
    return "none";
}

std::optional<Mode> mode_from_name(std::string_view name) {
    for (const auto& [mode, known] : kModeNames)
        if (known == name) return mode;
    return std::nullopt;
}

// Accepts --name=value and --name value.
std::optional<std::string> parse_arguments(int argc, const char* const* argv, Settings& settings) {
    for (int i = 1; i < argc; ++i) {
        std::string_view word = argv[i];
        if (word.substr(0, 2) != "--") return "argument '" + std::string(word) + "' is not a --flag";
        word.remove_prefix(2);
        std::string_view value;
        if (const auto equals = word.find('='); equals != std::string_view::npos) {
            value = word.substr(equals + 1);
            word = word.substr(0, equals);
        } else if (i + 1 < argc) {
            value = argv[++i];
        } else {
            return "--" + std::string(word) + " needs a value";
        }
        if (auto error = apply(word, value, settings)) return "--" + *error;
    }
    return std::nullopt;
}

std::optional<std::string> apply_setoption(const std::string& line, Settings& settings) {
    const auto name_at = line.find(" name ");
    const auto value_at = line.find(" value ");
    if (name_at == std::string::npos || value_at == std::string::npos || value_at < name_at)
        return "cannot read '" + line + "'";
    const std::string name = lower(line.substr(name_at + 6, value_at - name_at - 6));
    if (name == "log") return "log is a flag (--log): the process has started when options arrive";
    return apply(name, line.substr(value_at + 7), settings);
}

std::vector<std::string> uci_option_lines() {
    std::string modes = "option name Mode type combo default none";
    for (const auto& [mode, name] : kModeNames) modes += " var " + std::string(name);
    return {modes,
            "option name Ply type spin default 0 min 0 max 100000",
            "option name Game type spin default 1 min 1 max 100000",
            "option name Delay type spin default -1 min -1 max 100000000",
            "option name Bytes type spin default -1 min -1 max 1000000000",
            "option name Text type string default <empty>",
            "option name Ponder type check default false",
            "option name Score type string default cp 0"};
}

std::string usage() {
    std::string text = "usage: misbehave_engine [--mode=";
    for (std::size_t i = 0; i < kModeNames.size(); ++i) {
        if (i > 0) text += '|';
        text += kModeNames[i].second;
    }
    text +=
        "] [--ply=N] [--game=N] [--delay=MS] [--bytes=N] [--text=LINE] [--log=FILE]\n"
        "       [--ponder=true|false] [--score='cp N'|'mate N']\n"
        "       (the same settings as UCI options Mode, Ply, Game, Delay, Bytes, Text, Ponder, Score;\n"
        "        --log is a flag only)\n";
    return text;
}

}  // namespace misbehave
