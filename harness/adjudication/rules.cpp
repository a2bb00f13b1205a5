#include "harness/adjudication/rules.h"

#include <charconv>
#include <map>
#include <set>

namespace arbiter::adjudication {
namespace {

using Pairs = std::map<std::string, std::string, std::less<>>;

std::string quoted(std::string_view text) {
    std::string out(1, '\'');
    out += text;
    out += '\'';
    return out;
}

[[noreturn]] void fail(std::string_view flag, const std::string& why) {
    throw FlagError(std::string(flag) + ": " + why);
}

void add_pair(std::string_view flag, std::string_view word, const std::set<std::string_view>& known, Pairs& pairs) {
    auto eq = word.find('=');
    if (eq == std::string_view::npos || eq == 0) fail(flag, "expected key=value, got '" + std::string(word) + "'");
    std::string key(word.substr(0, eq));
    if (!known.count(key)) fail(flag, "unknown key '" + key + "'");
    if (!pairs.emplace(key, std::string(word.substr(eq + 1))).second) fail(flag, "key '" + key + "' given twice");
}

Pairs collect_pairs(std::string_view flag, const std::vector<std::string>& tokens, const std::set<std::string_view>& known) {
    Pairs pairs;
    for (const std::string& token : tokens) {
        // A JSON config or a quoted shell word may carry all pairs in one string.
        size_t begin = 0;
        while (begin < token.size()) {
            size_t end = token.find_first_of(" \t", begin);
            if (end == std::string::npos) end = token.size();
            if (end > begin) add_pair(flag, std::string_view(token).substr(begin, end - begin), known, pairs);
            begin = end + 1;
        }
    }
    return pairs;
}

int read_int(std::string_view flag, const Pairs& pairs, std::string_view key, int min_value) {
    auto it = pairs.find(key);
    if (it == pairs.end()) fail(flag, "missing " + std::string(key) + "=");
    const std::string& text = it->second;
    int value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || ptr != text.data() + text.size())
        fail(flag, std::string(key) + "=" + text + ": expected an integer");
    if (value < min_value) fail(flag, std::string(key) + "=" + text + ": must be at least " + std::to_string(min_value));
    return value;
}

bool read_bool(std::string_view flag, const Pairs& pairs, std::string_view key) {
    auto it = pairs.find(key);
    if (it == pairs.end()) return false;
    if (it->second == "true") return true;
    if (it->second == "false") return false;
    fail(flag, std::string(key) + "=" + it->second + ": expected true or false");
}

}  // namespace

DrawRule parse_draw_flag(const std::vector<std::string>& tokens) {
    constexpr std::string_view flag = "-draw";
    Pairs pairs = collect_pairs(flag, tokens, {"movenumber", "movecount", "score"});
    DrawRule rule;
    rule.move_number = read_int(flag, pairs, "movenumber", 0);
    rule.move_count = read_int(flag, pairs, "movecount", 1);
    rule.score_cp = read_int(flag, pairs, "score", 0);
    return rule;
}

ResignRule parse_resign_flag(const std::vector<std::string>& tokens) {
    constexpr std::string_view flag = "-resign";
    Pairs pairs = collect_pairs(flag, tokens, {"movecount", "score", "twosided"});
    ResignRule rule;
    rule.move_count = read_int(flag, pairs, "movecount", 1);
    rule.score_cp = read_int(flag, pairs, "score", 0);
    rule.two_sided = read_bool(flag, pairs, "twosided");
    return rule;
}

int parse_maxmoves_flag(std::string_view value) {
    int moves = 0;
    auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), moves);
    if (value.empty() || ec != std::errc() || ptr != value.data() + value.size() || moves < 0)
        fail("-maxmoves", quoted(value) + ": expected a non-negative integer");
    return moves;
}

}  // namespace arbiter::adjudication
