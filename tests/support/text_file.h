#pragma once
// The tests' one file reader: a whole file as a string, byte for byte (empty when it cannot be
// read), the one splitter of captured text into its lines, and the one search of captured text.

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace test_support {

inline std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// The lines of `text`, without their '\n' (a last line without one counts too).
inline std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// How many times `needle` occurs in `text`, occurrences not overlapping ("aa" is in "aaaa" twice).
inline std::size_t count_of(const std::string& text, const std::string& needle) {
    if (needle.empty()) return 0;
    std::size_t count = 0;
    for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++count;
    return count;
}

}  // namespace test_support
