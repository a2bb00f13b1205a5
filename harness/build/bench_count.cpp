#include "harness/build/bench_count.h"

#include <cctype>
#include <regex>
#include <vector>

namespace arbiter::build {
namespace {

// "Nodes searched  : 1234" -> "Nodes searched 1234": punctuation runs become one space, as
// OpenBench's client does before it looks for the count.
std::string alphanumerics_and_spaces(const std::string& line) {
    std::string cleaned;
    bool in_run = false;
    for (unsigned char c : line) {
        const bool kept = std::isalnum(c) || c == ' ';
        if (kept) cleaned += static_cast<char>(c);
        else if (!in_run) cleaned += ' ';
        in_run = !kept;
    }
    return cleaned;
}

std::optional<std::uint64_t> digits_value(const std::string& digits) {
    if (digits.empty() || digits.size() > 19) return std::nullopt;  // more than fits a uint64_t
    return std::stoull(digits);
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = text.find('\n', start);
        lines.push_back(text.substr(start, end == std::string::npos ? std::string::npos : end - start));
        if (end == std::string::npos) break;
        start = end + 1;
    }
    return lines;
}

}  // namespace

std::optional<std::uint64_t> bench_nodes_in_output(const std::string& output) {
    static const std::regex count_phrase(R"((\d+)\s+nodes|nodes\s+(\d+)|nodes searched\s+(\d+))", std::regex::icase);
    const std::vector<std::string> lines = lines_of(output);
    for (auto line = lines.rbegin(); line != lines.rend(); ++line) {
        std::smatch found;
        const std::string cleaned = alphanumerics_and_spaces(*line);
        if (!std::regex_search(cleaned, found, count_phrase)) continue;
        for (std::size_t group = 1; group < found.size(); ++group)
            if (found[group].matched) return digits_value(found[group].str());
    }
    return std::nullopt;
}

std::optional<std::uint64_t> bench_in_commit_message(const std::string& message) {
    static const std::regex announced(R"((?:bench|nodes)[ :=]+([0-9,]+))", std::regex::icase);
    std::optional<std::string> last;
    for (std::sregex_iterator at(message.begin(), message.end(), announced), end; at != end; ++at) last = (*at)[1].str();
    if (!last) return std::nullopt;
    std::string digits;
    for (char c : *last)
        if (c != ',') digits += c;
    return digits_value(digits);
}

}  // namespace arbiter::build
