#pragma once
// The parameter files of fishtest (`name,value,min,max,c_end,r_end`) and OpenBench (`NAME, int|float,
// VALUE, MIN, MAX, C_END, R_END`), one parameter a line. The format is decided per file by its first
// parameter line; every other line must be in the same format. Blank lines and lines whose first
// non-blank character is '#' are skipped.

#include <cstdint>
#include <iosfwd>
#include <stdexcept>
#include <string>
#include <vector>

namespace arbiter::spsa {

// Whose file it is, and so whose schedule and integer rounding the run follows (see README.md).
enum class FileFormat { fishtest, openbench };

struct Parameter {
    std::string name;       // the engine's UCI option
    bool is_float = false;  // fishtest tunes integers only; OpenBench says per line
    double start = 0.0;
    double min = 0.0;
    double max = 0.0;
    double c_end = 0.0;  // the perturbation's size at the last iteration
    double r_end = 0.0;  // the learning rate at the last iteration (a_end = r_end * c_end^2)
    int line = 0;        // the file's line that gives it, for errors found after reading
};

// The integers a parameter holds exactly, as a double: larger ones would reach the engine as other
// numbers (2^63 - 1 rounds to 2^63, which no 64-bit option value holds).
inline constexpr std::int64_t kLargestWholeValue = std::int64_t{1} << 53;

struct ParameterFile {
    FileFormat format = FileFormat::fishtest;
    std::vector<Parameter> params;
    std::string source;  // the file's path, for errors found after reading
};

// A file that cannot be read or a line that is not a parameter: "FILE:LINE: what is wrong".
class ParameterFileError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

ParameterFile read_parameter_file(const std::string& path);
// `source` names the text in errors (the file's path).
ParameterFile parse_parameter_text(std::istream& text, const std::string& source);

std::string to_string(FileFormat format);               // "fishtest" / "openbench"
FileFormat parse_file_format(const std::string& text);  // throws std::invalid_argument

}  // namespace arbiter::spsa
