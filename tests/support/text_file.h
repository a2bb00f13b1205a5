#pragma once
// The tests' one file reader: a whole file as a string, byte for byte (empty when it cannot be
// read).

#include <fstream>
#include <sstream>
#include <string>

namespace test_support {

inline std::string read_text(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace test_support
