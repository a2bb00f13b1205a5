#pragma once
// CSV output that is safe to open in a spreadsheet. Every CSV cell arbiter writes goes through
// csv_field, so the two rules below hold for all of them.
//
// 1. Formula injection (OWASP "CSV Injection"): a spreadsheet evaluates a cell that starts with
//    '=', '+', '-' or '@' as a formula, and tab or carriage return can hide such a start. Engine
//    names, ladder steps and EPD ids come from users' files, so such a cell is written as text: a
//    single quote is put in front and the field is quoted ("'=HYPERLINK(...)").
//    The one exception is a cell that is entirely a plain decimal number: an optional sign, digits,
//    and optionally '.' and more digits ("-12.5", "+3"). A spreadsheet reads it as a number
//    constant, which holds no operator, reference or function to run, and prefixing it would turn
//    the Elo and score columns into text. "+12 ± 4" or "-1+2" are not plain numbers and are
//    escaped.
// 2. RFC 4180: a field holding a comma, a double quote, a carriage return or a line feed is
//    enclosed in double quotes, each double quote inside doubled. Rows end with "\n".

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::reports {

std::string csv_field(std::string_view text);

// The cells joined by commas, each through csv_field, then a newline.
void write_csv_row(const std::vector<std::string>& cells, std::ostream& out);

}  // namespace arbiter::reports
