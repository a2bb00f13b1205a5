// Readers for the EPD files under tests/data used by the chess tests.
#pragma once

#include <cstdint>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace chess_test {

inline std::string data_path(const std::string& name) { return std::string(TEST_DATA_DIR) + "/" + name; }

inline std::vector<std::string> read_lines(const std::string& name) {
    std::ifstream in(data_path(name));
    if (!in) throw std::runtime_error("cannot open " + data_path(name));
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') lines.push_back(line);
    return lines;
}

struct PerftCase {
    std::string fen;
    std::vector<std::pair<int, std::uint64_t>> counts;  // (depth, nodes)
};

// Lines look like "FEN ;D1 20 ;D2 400".
inline std::vector<PerftCase> read_perft_file(const std::string& name) {
    std::vector<PerftCase> cases;
    for (const std::string& line : read_lines(name)) {
        PerftCase c;
        const std::size_t semi = line.find(';');
        c.fen = line.substr(0, semi);
        while (!c.fen.empty() && c.fen.back() == ' ') c.fen.pop_back();
        std::stringstream rest(semi == std::string::npos ? "" : line.substr(semi + 1));
        for (std::string part; std::getline(rest, part, ';');) {
            std::stringstream ps(part);
            std::string depth;
            std::uint64_t nodes = 0;
            if (ps >> depth >> nodes) c.counts.emplace_back(std::stoi(depth.substr(1)), nodes);
        }
        cases.push_back(std::move(c));
    }
    return cases;
}

struct EpdRecord {
    std::string fen;  // the 4 position fields
    std::string ops;  // everything after them
};

inline EpdRecord split_epd(const std::string& line) {
    std::stringstream in(line);
    std::string field, fen;
    for (int i = 0; i < 4 && in >> field; ++i) fen += (i ? " " : "") + field;
    std::string ops;
    std::getline(in, ops);
    return {fen, ops};
}

// The SAN moves listed after the given opcode ("bm"), up to the next ';'.
inline std::vector<std::string> epd_moves(const std::string& ops, const std::string& opcode) {
    std::vector<std::string> moves;
    std::stringstream in(ops);
    for (std::string word; in >> word;) {
        if (word != opcode) continue;
        while (in >> word) {
            const bool last = word.back() == ';';
            if (last) word.pop_back();
            if (!word.empty()) moves.push_back(word);
            if (last) break;
        }
    }
    return moves;
}

}  // namespace chess_test
