#include "harness/config/runner_settings.h"

#include <algorithm>
#include <array>
#include <utility>

#include "harness/config/match_config.h"
#include "harness/config/parse_number.h"

namespace arbiter::config {
namespace {

constexpr std::array<std::pair<LogLevel, const char*>, 5> kLevelNames{{{LogLevel::trace, "trace"},
                                                                       {LogLevel::info, "info"},
                                                                       {LogLevel::warn, "warn"},
                                                                       {LogLevel::err, "err"},
                                                                       {LogLevel::fatal, "fatal"}}};

int parse_cpu(const std::string& text, const std::string& where) {
    const int cpu = parse_integer<int>(text, where);
    if (cpu < 0 || cpu > kMaxCpu)
        throw ConfigError(where, "CPU " + text + " is out of range (0 to " + std::to_string(kMaxCpu) + ")");
    return cpu;
}

// One item of a list: "7" or "7-11".
void append_cpu_item(const std::string& item, const std::string& where, std::vector<int>& cpus) {
    const auto dash = item.find('-');
    const int first = parse_cpu(item.substr(0, dash), where);
    const int last = dash == std::string::npos ? first : parse_cpu(item.substr(dash + 1), where);
    if (last < first) throw ConfigError(where, "range '" + item + "' runs backwards");
    for (int cpu = first; cpu <= last; ++cpu) {
        if (std::find(cpus.begin(), cpus.end(), cpu) != cpus.end())
            throw ConfigError(where, "CPU " + std::to_string(cpu) + " is listed twice");
        cpus.push_back(cpu);
    }
}

}  // namespace

std::string to_string(LogLevel level) {
    for (const auto& [each, name] : kLevelNames)
        if (each == level) return name;
    return "warn";
}

bool parse_log_level(const std::string& text, LogLevel& level) {
    for (const auto& [each, name] : kLevelNames) {
        if (text == name) {
            level = each;
            return true;
        }
    }
    return false;
}

std::vector<int> parse_cpu_list(const std::string& text, const std::string& where) {
    if (text.empty()) throw ConfigError(where, "expected a CPU list such as 0,2,4-7, got ''");
    std::vector<int> cpus;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto comma = std::min(text.find(',', start), text.size());
        append_cpu_item(text.substr(start, comma - start), where, cpus);
        start = comma + 1;
    }
    return cpus;
}

std::string cpu_list_text(const std::vector<int>& cpus) {
    std::string text;
    for (std::size_t i = 0; i < cpus.size();) {
        std::size_t end = i;
        while (end + 1 < cpus.size() && cpus[end + 1] == cpus[end] + 1) ++end;
        if (!text.empty()) text += ',';
        text += std::to_string(cpus[i]);
        if (end > i) text += '-' + std::to_string(cpus[end]);
        i = end + 1;
    }
    return text;
}

}  // namespace arbiter::config
