#include "harness/spsa/parameter_file.h"

#include <charconv>
#include <cmath>
#include <fstream>
#include <set>

namespace arbiter::spsa {
namespace {

constexpr const char* kWholeLimitText = "±9007199254740992 (2^53)";  // kLargestWholeValue

std::string trimmed(const std::string& text) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos) return "";
    const auto last = text.find_last_not_of(" \t\r");
    return text.substr(first, last - first + 1);
}

std::vector<std::string> fields_of(const std::string& line) {
    std::vector<std::string> fields;
    std::size_t from = 0;
    while (true) {
        const auto comma = line.find(',', from);
        fields.push_back(trimmed(line.substr(from, comma == std::string::npos ? std::string::npos : comma - from)));
        if (comma == std::string::npos) return fields;
        from = comma + 1;
    }
}

// One line's parse, with the file and line for every message.
class LineParser {
public:
    LineParser(const std::string& source, int line) : where_(source + ":" + std::to_string(line) + ": "), line_(line) {}

    [[noreturn]] void fail(const std::string& what) const { throw ParameterFileError(where_ + what); }

    double number(const std::string& field, const char* what) const {
        double value = 0.0;
        const char* end = field.data() + field.size();
        const auto [ptr, ec] = std::from_chars(field.data(), end, value);
        if (field.empty() || ec != std::errc() || ptr != end || !std::isfinite(value))
            fail(std::string(what) + " '" + field + "' is not a number");
        return value;
    }

    // An integer parameter's value or bound, within what a double holds exactly; the message
    // quotes the text as written, not the number it would have become.
    double whole_range_number(const std::string& field, const char* what) const {
        const double value = number(field, what);
        // Integer text is compared as an integer: as a double, 2^53 + 1 would read as 2^53.
        std::int64_t whole = 0;
        const char* end = field.data() + field.size();
        const auto [ptr, ec] = std::from_chars(field.data(), end, whole);
        const bool beyond = ptr == end ? ec != std::errc() || whole > kLargestWholeValue || whole < -kLargestWholeValue
                                       : std::fabs(value) > static_cast<double>(kLargestWholeValue);
        if (beyond)
            fail(std::string(what) + " '" + field + "' is beyond " + kWholeLimitText +
                 ", the largest integer a parameter holds exactly");
        return value;
    }

    Parameter parameter(const std::vector<std::string>& fields, FileFormat format) const {
        const std::size_t first = format == FileFormat::openbench ? 2 : 1;
        Parameter param;
        param.name = fields[0];
        param.line = line_;
        if (format == FileFormat::openbench) {
            if (fields[1] != "int" && fields[1] != "float")
                fail("the type is '" + fields[1] + "'; OpenBench's lines give int or float");
            param.is_float = fields[1] == "float";
        }
        const auto bounded = [&](const std::string& field, const char* what) {
            return param.is_float ? number(field, what) : whole_range_number(field, what);
        };
        param.start = bounded(fields[first], "the value");
        param.min = bounded(fields[first + 1], "the minimum");
        param.max = bounded(fields[first + 2], "the maximum");
        param.c_end = number(fields[first + 3], "c_end");
        param.r_end = number(fields[first + 4], "r_end");
        check(param);
        return param;
    }

private:
    void check(const Parameter& param) const {
        if (param.name.empty()) fail("the parameter has no name");
        if (!(param.min < param.max)) fail(param.name + ": the minimum must be below the maximum");
        if (param.start < param.min || param.start > param.max)
            fail(param.name + ": the value lies outside [minimum, maximum]");
        if (!(param.c_end > 0.0)) fail(param.name + ": c_end must be above 0");
        if (param.r_end < 0.0) fail(param.name + ": r_end must not be negative");
    }

    std::string where_;
    int line_;
};

FileFormat format_of(const std::vector<std::string>& fields, const LineParser& line) {
    if (fields.size() == 7) return FileFormat::openbench;
    if (fields.size() == 6) return FileFormat::fishtest;
    line.fail(
        "expected 'name,value,min,max,c_end,r_end' (fishtest) or 'NAME, int|float, VALUE, MIN, MAX, C_END, "
        "R_END' (OpenBench), got " +
        std::to_string(fields.size()) + " fields");
}

}  // namespace

ParameterFile parse_parameter_text(std::istream& text, const std::string& source) {
    ParameterFile file;
    file.source = source;
    std::set<std::string> names;
    std::string raw;
    for (int number = 1; std::getline(text, raw); ++number) {
        const std::string line = trimmed(raw);
        if (line.empty() || line.front() == '#') continue;
        const LineParser parser(source, number);
        const auto fields = fields_of(line);
        const FileFormat format = format_of(fields, parser);
        if (file.params.empty()) file.format = format;
        if (format != file.format)
            parser.fail("a " + to_string(format) + " line in a " + to_string(file.format) + " file");
        Parameter param = parser.parameter(fields, format);
        if (!names.insert(param.name).second) parser.fail(param.name + " is given twice");
        file.params.push_back(std::move(param));
    }
    if (file.params.empty()) throw ParameterFileError(source + ": no parameters");
    return file;
}

ParameterFile read_parameter_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw ParameterFileError(path + ": cannot be read");
    return parse_parameter_text(in, path);
}

std::string to_string(FileFormat format) { return format == FileFormat::openbench ? "openbench" : "fishtest"; }

FileFormat parse_file_format(const std::string& text) {
    if (text == "fishtest") return FileFormat::fishtest;
    if (text == "openbench") return FileFormat::openbench;
    throw std::invalid_argument("unknown parameter file format '" + text + "'");
}

}  // namespace arbiter::spsa
