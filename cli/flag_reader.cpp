#include "cli/flag_reader.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <utility>

namespace arbiter::cli {
namespace {

// from_chars takes no '+'; users do type "+5".
std::string_view without_plus(const std::string& text) {
    std::string_view view(text);
    if (view.size() > 1 && view[0] == '+' && view[1] != '-' && view[1] != '+') view.remove_prefix(1);
    return view;
}

std::string range_text(std::int64_t min, std::int64_t max) {
    const bool unbounded = max == std::numeric_limits<std::int64_t>::max() || max == std::numeric_limits<int>::max();
    return unbounded ? ">= " + std::to_string(min) : "from " + std::to_string(min) + " to " + std::to_string(max);
}

bool is_number_start(char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.'; }

}  // namespace

UsageError::UsageError(const std::string& flag, const std::string& what)
    : std::runtime_error(flag.empty() ? what : flag + ": " + what), flag_(flag) {}

std::int64_t parse_whole(const std::string& flag, const std::string& text, std::int64_t min, std::int64_t max) {
    const std::string_view digits = without_plus(text);
    std::int64_t value = 0;
    const char* end = digits.data() + digits.size();
    const auto [stop, error] = std::from_chars(digits.data(), end, value);
    const std::string range = range_text(min, max);
    if (digits.empty() || stop != end || (error != std::errc() && error != std::errc::result_out_of_range))
        throw UsageError(flag, "expected a whole number " + range + ", got '" + text + "'");
    if (error == std::errc::result_out_of_range || value < min || value > max)
        throw UsageError(flag, "'" + text + "' is out of range: give a whole number " + range);
    return value;
}

double parse_number(const std::string& flag, const std::string& text) {
    const std::string_view digits = without_plus(text);
    double value = 0.0;
    const char* end = digits.data() + digits.size();
    const auto [stop, error] = std::from_chars(digits.data(), end, value);
    if (digits.empty() || stop != end || error != std::errc() || !std::isfinite(value))
        throw UsageError(flag, "expected a finite number, got '" + text + "'");
    return value;
}

bool asks_for_help(const std::vector<std::string>& words) {
    for (const std::string& word : words)
        if (word == "--help" || word == "-help" || word == "-h") return true;
    return false;
}

bool FlagReader::next() {
    if (pos_ >= words_.size()) return false;
    word_ = words_[pos_++];
    inline_value_.reset();
    flag_ = word_;
    name_.clear();
    if (is_positional()) return true;
    if (const auto equals = flag_.find('='); equals != std::string::npos) {
        inline_value_ = flag_.substr(equals + 1);
        flag_.resize(equals);
    }
    // One or two dashes: "---db" is not --db but a flag no command knows.
    name_ = flag_.substr(flag_.rfind("--", 0) == 0 ? 2 : 1);
    return true;
}

bool FlagReader::is_positional() const { return word_.size() < 2 || word_[0] != '-'; }

bool FlagReader::flag_at(std::size_t pos) const {
    const std::string& word = words_[pos];
    return word.size() > 1 && word[0] == '-' && !is_number_start(word[1]);
}

std::string FlagReader::value() {
    if (inline_value_) return *std::exchange(inline_value_, std::nullopt);
    if (pos_ >= words_.size()) throw UsageError(flag_, "needs a value");
    return words_[pos_++];
}

std::vector<std::string> FlagReader::values(std::size_t count) {
    std::vector<std::string> taken;
    if (inline_value_) taken.push_back(*std::exchange(inline_value_, std::nullopt));
    while (taken.size() < count) {
        if (pos_ >= words_.size() || flag_at(pos_))
            throw UsageError(flag_, "expects " + std::to_string(count) + " values");
        taken.push_back(words_[pos_++]);
    }
    return taken;
}

std::vector<std::string> FlagReader::words_until_flag() {
    std::vector<std::string> taken;
    if (inline_value_) taken.push_back(*std::exchange(inline_value_, std::nullopt));
    while (pos_ < words_.size() && !flag_at(pos_)) taken.push_back(words_[pos_++]);
    return taken;
}

void FlagReader::no_value() const {
    if (inline_value_) throw UsageError(flag_, "takes no value");
}

void FlagReader::unknown(const std::string& command) const {
    if (is_positional()) throw UsageError(word_, "unexpected argument for arbiter " + command);
    throw UsageError(flag_, "unknown flag for arbiter " + command + " (see arbiter " + command + " --help)");
}

}  // namespace arbiter::cli
