// UCI option registry: declares options for the `uci` reply and applies `setoption`.
// Names match case-insensitively and whole, never by prefix.
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace tempo {

enum class OptionType { Check, Spin, Button, String };

struct UciOption {
    std::string name;
    OptionType type = OptionType::String;
    std::string default_value;
    long long min = 0;  // spin only
    long long max = 0;  // spin only
    std::string value;
    // Called with the validated value (empty for buttons); returns an error text or "".
    std::function<std::string(const std::string&)> on_change;
};

// What `setoption` parsed to: the name (words joined by one space) and optional value.
struct SetOptionCommand {
    std::string name;
    std::string value;
    bool has_value = false;
};

// Parses the tokens after `setoption`. Returns false with `error` set when `name` is missing.
bool parse_setoption(const std::vector<std::string>& tokens, SetOptionCommand& command, std::string& error);

class OptionRegistry {
public:
    void add(UciOption option);
    const UciOption* find(std::string_view name) const;
    // Checks the value against the option's type and range, stores it and calls on_change.
    // Returns "" on success, otherwise what was wrong.
    std::string set(const SetOptionCommand& command);
    // Sets the stored value without calling on_change (to mirror a change made elsewhere).
    void mirror_value(std::string_view name, const std::string& value);
    // One `option name ...` line per option, in declaration order.
    std::vector<std::string> uci_lines() const;
    const std::vector<UciOption>& options() const { return options_; }

private:
    UciOption* find_mutable(std::string_view name);
    std::vector<UciOption> options_;
};

std::string uci_line(const UciOption& option);

}  // namespace tempo
