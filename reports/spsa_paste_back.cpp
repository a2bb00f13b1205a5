#include "reports/spsa_paste_back.h"

#include "harness/spsa/paste_back.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace arbiter::reports {
namespace {

// The harness's paste-back lines (harness/spsa/paste_back.h) for the reported final values, a line each.
std::vector<spsa::Parameter> parameters_of(const std::vector<SpsaParamTrajectory>& params) {
    std::vector<spsa::Parameter> out;
    for (const auto& param : params)
        out.push_back({param.name, !param.is_integer, param.start, param.min, param.max, param.c_end, param.r_end});
    return out;
}

std::vector<double> final_values(const std::vector<SpsaParamTrajectory>& params) {
    std::vector<double> values;
    for (const auto& param : params) values.push_back(final_value(param));
    return values;
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::size_t begin = 0;
    for (std::size_t end = text.find('\n'); end != std::string::npos; begin = end + 1, end = text.find('\n', begin))
        lines.push_back(text.substr(begin, end - begin));
    return lines;
}

}  // namespace

double final_theta(const SpsaParamTrajectory& param) { return param.theta.empty() ? param.start : param.theta.back(); }

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
    return lines_of(spsa::openbench_lines(parameters_of(params), final_values(params)));
}

std::vector<std::string> fishtest_lines(const std::vector<SpsaParamTrajectory>& params) {
    return lines_of(spsa::fishtest_lines(parameters_of(params), final_values(params)));
}

std::string each_option_line(const std::vector<SpsaParamTrajectory>& params) {
    std::string words = spsa::option_words(parameters_of(params), final_values(params));
    if (!words.empty() && words.back() == '\n') words.pop_back();
    return "-each " + words;
}

}  // namespace arbiter::reports
