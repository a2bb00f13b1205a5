#include "harness/spsa/paste_back.h"

#include <cmath>
#include <sstream>

namespace arbiter::spsa {
namespace {

std::string number_text(double value) {
    std::ostringstream text;
    text.precision(10);
    text << value;
    return text.str();
}

// A word the shell passes through unchanged needs no quotes; anything else is single-quoted, so
// that a pasted line gives the engine an option name with spaces or quotes as it is.
bool shell_safe(const std::string& word) {
    for (char c : word) {
        const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                           c == '_' || c == '-' || c == '+' || c == '=' || c == ':' || c == '/';
        if (!plain) return false;
    }
    return !word.empty();
}

std::string shell_quoted(const std::string& word) {
    if (shell_safe(word)) return word;
    std::string out = "'";
    for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

}  // namespace

std::string value_text(const Parameter& param, double value) {
    if (param.is_float) return number_text(value);
    return std::to_string(std::llround(value));
}

std::string fishtest_lines(const std::vector<Parameter>& params, const std::vector<double>& theta) {
    std::string text;
    for (std::size_t i = 0; i < params.size(); ++i) {
        const Parameter& p = params[i];
        text += p.name + "," + value_text(p, theta[i]) + "," + number_text(p.min) + "," + number_text(p.max) + "," +
                number_text(p.c_end) + "," + number_text(p.r_end) + "\n";
    }
    return text;
}

std::string openbench_lines(const std::vector<Parameter>& params, const std::vector<double>& theta) {
    std::string text;
    for (std::size_t i = 0; i < params.size(); ++i) {
        const Parameter& p = params[i];
        text += p.name + ", " + (p.is_float ? "float" : "int") + ", " + value_text(p, theta[i]) + ", " +
                number_text(p.min) + ", " + number_text(p.max) + ", " + number_text(p.c_end) + ", " +
                number_text(p.r_end) + "\n";
    }
    return text;
}

std::string setoption_lines(const std::vector<Parameter>& params, const std::vector<double>& theta) {
    std::string text;
    for (std::size_t i = 0; i < params.size(); ++i)
        text += "setoption name " + params[i].name + " value " + value_text(params[i], theta[i]) + "\n";
    return text;
}

std::string option_words(const std::vector<Parameter>& params, const std::vector<double>& theta) {
    std::string text;
    for (std::size_t i = 0; i < params.size(); ++i) {
        if (i > 0) text += " ";
        text += shell_quoted("option." + params[i].name + "=" + value_text(params[i], theta[i]));
    }
    return text + "\n";
}

}  // namespace arbiter::spsa
