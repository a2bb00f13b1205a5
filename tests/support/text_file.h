#pragma once
// A whole file as a string (empty when it cannot be read): shared by the match, reliability and
// tune tests.

#include <fstream>
#include <sstream>
#include <string>

namespace test_support {

inline std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace test_support
