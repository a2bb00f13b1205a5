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

std::optional<std::string> normalised_count(const std::string& digits) {
    std::string kept;
    for (char c : digits) {
        if (c == ',') continue;
        if (c < '0' || c > '9') return std::nullopt;
        if (c != '0' || !kept.empty()) kept += c;
    }
    if (digits.find_first_of("0123456789") == std::string::npos) return std::nullopt;
    return kept.empty() ? "0" : kept;
}

std::optional<std::string> bench_nodes_in_output(const std::string& output) {
    static const std::regex count_phrase(R"((\d+)\s+nodes|nodes\s+(\d+)|nodes searched\s+(\d+))", std::regex::icase);
    const std::vector<std::string> lines = lines_of(output);
    for (auto line = lines.rbegin(); line != lines.rend(); ++line) {
        if (line->size() > kMaxBenchLineBytes) continue;
        std::smatch found;
        const std::string cleaned = alphanumerics_and_spaces(*line);
        if (!std::regex_search(cleaned, found, count_phrase)) continue;
        for (std::size_t group = 1; group < found.size(); ++group)
            if (found[group].matched) return normalised_count(found[group].str());
    }
    return std::nullopt;
}

std::optional<std::string> bench_in_commit_message(const std::string& message) {
    static const std::regex announced(R"((?:bench|nodes)[ :=]+([0-9,]+))", std::regex::icase);
    std::optional<std::string> last;
    for (std::sregex_iterator at(message.begin(), message.end(), announced), end; at != end; ++at)
        last = (*at)[1].str();
    if (!last) return std::nullopt;
    return normalised_count(*last);
}

}  // namespace arbiter::build
