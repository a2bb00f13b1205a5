#include "reports/spsa_paste_back.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace arbiter::reports {
namespace {

// A token the shell passes through unchanged needs no quotes; anything else is single-quoted.
bool shell_safe(const std::string& token) {
    for (char c : token) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                           c == '.' || c == '_' || c == '-' || c == '+' || c == '=' || c == ':' || c == '/';
        if (!plain) return false;
    }
    return !token.empty();
}

std::string shell_quoted(const std::string& token) {
    if (shell_safe(token)) return token;
    std::string out = "'";
    for (char c : token) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace

double final_theta(const SpsaParamTrajectory& param) {
    return param.theta.empty() ? param.start : param.theta.back();
}

double final_value(const SpsaParamTrajectory& param) {
    const double theta = final_theta(param);
    if (param.is_integer) return std::round(theta);
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.6g", theta);
    return std::strtod(buffer, nullptr);
}

std::string spsa_number(double value) {
    if (value == 0.0) value = 0.0;  // -0 prints as 0
    // Fixed notation: "0.0005", never "5e-04", which some parsers and most readers stumble over.
    char buffer[400];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
    return std::string(buffer, result.ptr);
}

std::vector<std::string> openbench_lines(const std::vector<SpsaParamTrajectory>& params) {
    std::vector<std::string> lines;
    for (const auto& param : params) {
        lines.push_back(param.name + ", " + (param.is_integer ? "int" : "float") + ", " + spsa_number(final_value(param)) +
                        ", " + spsa_number(param.min) + ", " + spsa_number(param.max) + ", " + spsa_number(param.c_end) +
                        ", " + spsa_number(param.r_end));
    }
    return lines;
}

std::vector<std::string> fishtest_lines(const std::vector<SpsaParamTrajectory>& params) {
    std::vector<std::string> lines;
    for (const auto& param : params) {
        lines.push_back(param.name + "," + spsa_number(final_value(param)) + "," + spsa_number(param.min) + "," +
                        spsa_number(param.max) + "," + spsa_number(param.c_end) + "," + spsa_number(param.r_end));
    }
    return lines;
}

std::string each_option_line(const std::vector<SpsaParamTrajectory>& params) {
    std::string line = "-each";
    for (const auto& param : params) {
        line += ' ';
        line += shell_quoted("option." + param.name + "=" + spsa_number(final_value(param)));
    }
    return line;
}

}  // namespace arbiter::reports
