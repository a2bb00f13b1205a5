#pragma once
// Engine output arrives line by line; the protocol fuzz targets feed each line of the input to
// the parsers, which promise never to throw on untrusted text.

#include <string>
#include <string_view>
#include <vector>

#include "tests/fuzz/fuzz_support.h"

namespace fuzz {

inline std::vector<std::string_view> split_lines(std::string_view text) {
    std::vector<std::string_view> lines;
    std::size_t begin = 0;
    while (begin <= text.size()) {
        std::size_t end = text.find('\n', begin);
        if (end == std::string_view::npos) end = text.size();
        lines.push_back(text.substr(begin, end - begin));
        begin = end + 1;
    }
    return lines;
}

// Tokens the parsers hand back are pieces of one line: never empty, never holding whitespace.
inline void check_token(std::string_view token, std::string_view what) {
    check(!token.empty(), std::string(what) + " is empty");
    for (const char c : token)
        check(c != ' ' && c != '\t' && c != '\n' && c != '\r',
              std::string(what) + " holds whitespace: '" + std::string(token) + "'");
}

}  // namespace fuzz
