#include "engine/uci_options.h"

#include "engine/text_util.h"

namespace tempo {

namespace {

std::string join_words(const std::vector<std::string>& tokens, std::size_t first, std::size_t last) {
    std::string joined;
    for (std::size_t i = first; i < last; ++i) {
        if (!joined.empty()) joined += ' ';
        joined += tokens[i];
    }
    return joined;
}

std::string check_value(const UciOption& option, const std::string& value, bool has_value, std::string& normalized) {
    normalized = value;
    switch (option.type) {
        case OptionType::Button: normalized.clear(); return "";
        case OptionType::Check:
            if (iequals(value, "true") || iequals(value, "false")) {
                normalized = to_lower(value);
                return "";
            }
            return "option " + option.name + " expects true or false, got '" + value + "'";
        case OptionType::Spin: {
            long long number = 0;
            if (!has_value || !parse_int64(value, number))
                return "option " + option.name + " expects an integer, got '" + value + "'";
            if (number < option.min || number > option.max)
                return "option " + option.name + " value " + value + " is outside " + std::to_string(option.min) +
                       ".." + std::to_string(option.max);
            normalized = std::to_string(number);
            return "";
        }
        case OptionType::String: return "";
    }
    return "unknown option type";
}

}  // namespace

bool parse_setoption(const std::vector<std::string>& tokens, SetOptionCommand& command, std::string& error) {
    // tokens[0] is "setoption".
    if (tokens.size() < 3 || tokens[1] != "name") {
        error = "setoption needs: setoption name <name> [value <value>]";
        return false;
    }
    std::size_t value_at = tokens.size();
    for (std::size_t i = 2; i < tokens.size(); ++i)
        if (tokens[i] == "value") {
            value_at = i;
            break;
        }
    command.name = join_words(tokens, 2, value_at);
    command.has_value = value_at < tokens.size();
    command.value = command.has_value ? join_words(tokens, value_at + 1, tokens.size()) : "";
    if (command.name.empty()) {
        error = "setoption has an empty option name";
        return false;
    }
    return true;
}

void OptionRegistry::add(UciOption option) {
    option.value = option.default_value;
    options_.push_back(std::move(option));
}

const UciOption* OptionRegistry::find(std::string_view name) const {
    for (const UciOption& option : options_)
        if (iequals(option.name, name)) return &option;
    return nullptr;
}

UciOption* OptionRegistry::find_mutable(std::string_view name) {
    return const_cast<UciOption*>(static_cast<const OptionRegistry*>(this)->find(name));
}

std::string OptionRegistry::set(const SetOptionCommand& command) {
    UciOption* option = find_mutable(command.name);
    if (!option) return "unknown option '" + command.name + "'";
    if (option->type != OptionType::Button && option->type != OptionType::String && !command.has_value)
        return "option " + option->name + " needs a value";
    std::string normalized;
    std::string error = check_value(*option, command.value, command.has_value, normalized);
    if (!error.empty()) return error;
    if (option->on_change) {
        error = option->on_change(normalized);
        if (!error.empty()) return error;
    }
    if (option->type != OptionType::Button) option->value = normalized;
    return "";
}

void OptionRegistry::mirror_value(std::string_view name, const std::string& value) {
    if (UciOption* option = find_mutable(name)) option->value = value;
}

std::vector<std::string> OptionRegistry::uci_lines() const {
    std::vector<std::string> lines;
    for (const UciOption& option : options_) lines.push_back(uci_line(option));
    return lines;
}

std::string uci_line(const UciOption& option) {
    std::string line = "option name " + option.name + " type ";
    switch (option.type) {
        case OptionType::Check: return line + "check default " + option.default_value;
        case OptionType::Spin:
            return line + "spin default " + option.default_value + " min " + std::to_string(option.min) + " max " +
                   std::to_string(option.max);
        case OptionType::Button: return line + "button";
        case OptionType::String:
            return line + "string default " + (option.default_value.empty() ? "<empty>" : option.default_value);
    }
    return line;
}

}  // namespace tempo
