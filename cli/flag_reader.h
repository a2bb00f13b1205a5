#pragma once
// The one reader of command-line words for every arbiter subcommand. It takes `--name value`,
// `--name=value` and the single-dash spellings cutechess-cli users type (`-name value`), and every
// error it raises is a UsageError naming the flag as the user typed it, so each subcommand reports
// bad input the same way and exits 2 (cli/exit_status.h).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace arbiter::cli {

class UsageError : public std::runtime_error {
public:
    // The message is "FLAG: WHAT", or WHAT alone when no single flag is at fault.
    UsageError(const std::string& flag, const std::string& what);
    const std::string& flag() const { return flag_; }

private:
    std::string flag_;
};

// Whole-text numbers: "12abc", "", out-of-range and non-finite values are errors naming `flag`.
// A leading '+' is accepted.
std::int64_t parse_whole(const std::string& flag, const std::string& text, std::int64_t min, std::int64_t max);
double parse_number(const std::string& flag, const std::string& text);

// True when any word asks for a command's usage (--help, -help, -h): it is answered before the
// other words are checked, so `arbiter report features --db x.db --help` shows the usage too.
bool asks_for_help(const std::vector<std::string>& words);

class FlagReader {
public:
    explicit FlagReader(std::vector<std::string> words) : words_(std::move(words)) {}

    // Moves to the next word; false after the last.
    bool next();
    // A word that does not start with '-' (a file, an action), or a lone "-" (standard input).
    bool is_positional() const;
    // The current word as typed, and the flag's name without its one or two dashes or "=value"
    // ("db" for --db=x and for -db).
    const std::string& word() const { return word_; }
    const std::string& name() const { return name_; }
    // The flag as typed without its "=value": what error messages show.
    const std::string& flag() const { return flag_; }

    // The flag's value: the text after '=' or else the next word.
    std::string value();
    // The next `count` words (the text after '=' counting as the first), none of which may be a
    // flag; a negative number such as -1.75 is a value.
    std::vector<std::string> values(std::size_t count);
    // The words up to the next flag (cutechess's `-engine cmd=x name=y ...`).
    std::vector<std::string> words_until_flag();
    // For switches: `--json=yes` is an error, not a silent yes.
    void no_value() const;

    std::int64_t whole(std::int64_t min, std::int64_t max) { return parse_whole(flag_, value(), min, max); }
    double number() { return parse_number(flag_, value()); }

    // Throws the UsageError for a word the command does not take.
    [[noreturn]] void unknown(const std::string& command) const;
    bool at_end() const { return pos_ >= words_.size(); }

private:
    bool flag_at(std::size_t pos) const;

    std::vector<std::string> words_;
    std::size_t pos_ = 0;
    std::string word_, name_, flag_;
    std::optional<std::string> inline_value_;
};

}  // namespace arbiter::cli
