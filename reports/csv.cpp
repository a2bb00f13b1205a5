#include "reports/csv.h"

namespace arbiter::reports {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// [+-]?digits(.digits)?: see rule 1 in csv.h for why such a cell needs no guard.
bool is_plain_number(std::string_view text) {
    if (!text.empty() && (text.front() == '+' || text.front() == '-')) text.remove_prefix(1);
    std::size_t digits = 0;
    while (digits < text.size() && is_digit(text[digits])) ++digits;
    if (digits == 0) return false;
    text.remove_prefix(digits);
    if (text.empty()) return true;
    if (text.front() != '.') return false;
    text.remove_prefix(1);
    return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

bool starts_like_formula(std::string_view text) {
    return !text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos &&
           !is_plain_number(text);
}

}  // namespace

std::string csv_field(std::string_view text) {
    const bool guard = starts_like_formula(text);
    if (!guard && text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
    std::string out = guard ? "\"'" : "\"";
    for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
    return out + "\"";
}

void write_csv_row(const std::vector<std::string>& cells, std::ostream& out) {
    for (std::size_t i = 0; i < cells.size(); ++i) out << (i ? "," : "") << csv_field(cells[i]);
    out << "\n";
}

}  // namespace arbiter::reports
