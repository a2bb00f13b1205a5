#pragma once
// A small reader for `--flag value` style subcommand arguments, with errors that name the flag.

#include <stdexcept>
#include <string>
#include <vector>

namespace arbiter::cli {

class UsageError : public std::runtime_error {
public:
    UsageError(const std::string& flag, const std::string& what) : std::runtime_error(flag + ": " + what) {}
};

class FlagReader {
public:
    explicit FlagReader(const std::vector<std::string>& args) : args_(args) {}

    // Moves to the next word; false at the end. Words not starting with '-' are positionals.
    bool next() {
        if (pos_ >= args_.size()) return false;
        current_ = args_[pos_++];
        return true;
    }
    const std::string& flag() const { return current_; }
    bool is_positional() const { return current_.empty() || current_[0] != '-'; }

    // The word after the current flag.
    std::string value() {
        if (pos_ >= args_.size()) throw UsageError(current_, "needs a value");
        return args_[pos_++];
    }

    double number(const std::string& text) const {
        try {
            size_t used = 0;
            double parsed = std::stod(text, &used);
            if (used == text.size()) return parsed;
        } catch (const std::exception&) {
        }
        throw UsageError(current_, "expected a number, got '" + text + "'");
    }

private:
    const std::vector<std::string>& args_;
    size_t pos_ = 0;
    std::string current_;
};

}  // namespace arbiter::cli
