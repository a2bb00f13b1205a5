#pragma once
// EPD parser for test suites (WAC, STS, ...) and EPD opening books.
//
// A line is a FEN's four board fields, optionally the two move counters, then operations
// `opcode operand...;`. Handled opcodes: `bm`/`am` (SAN lists resolved into legal moves),
// `id`, `hmvc`/`fmvn` (the counters), and STS point lists such as `c0 "f5=10, Be5+=2"` (a c0
// that is not such a list stays a comment; one whose moves are illegal is an error). Every
// opcode is also kept as text. Perft files' `;D1 20 ;D2 400` form parses too.
// Malformed input throws io::SourceError naming the file and line.

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/chess/types.h"
#include "harness/epd/source_error.h"

namespace arbiter::epd {

// A move named in the record, resolved against the record's position.
struct EpdMove {
    chess::Move move;
    std::string san;  // as written in the file
    std::string uci;  // as an engine would print it
};

struct ScoredMove {
    EpdMove move;
    int points = 0;
};

struct EpdRecord {
    std::string fen;                       // full FEN, counters included ("0 1" when absent)
    bool chess960 = false;                 // castling only Chess960 reads (chess::fen_needs_chess960)
    std::string id;                        // `id` operand, empty when absent
    std::vector<EpdMove> best_moves;       // bm
    std::vector<EpdMove> avoid_moves;      // am
    std::vector<ScoredMove> scored_moves;  // STS-style "SAN=points" list (from c0)
    std::vector<std::pair<std::string, std::string>> opcodes;  // every opcode, operands as text
    std::size_t line = 0;                                      // 1-based line in the source

    // The operand text of `opcode`, or nullptr when absent.
    const std::string* opcode(std::string_view name) const;
};

struct ParseOptions {
    // Resolve bm/am/point lists with the rules core. Opening books switch this off: there only
    // the position and `id` matter, and a stray annotation must not reject a whole book.
    bool resolve_moves = true;
};

// One line. `file` and `line_number` only label errors and the record.
EpdRecord parse_epd_line(std::string_view line, const std::string& file, std::size_t line_number,
                         const ParseOptions& options = {});

// Whole text; a leading UTF-8 byte-order mark, blank lines and lines starting with '#' are skipped.
std::vector<EpdRecord> parse_epd_text(std::string_view text, const std::string& source_name,
                                      const ParseOptions& options = {});

// Reads a file; an unreadable file is a SourceError at line 0.
std::vector<EpdRecord> read_epd_file(const std::string& path, const ParseOptions& options = {});

// Reads a whole file into memory (shared by the text readers); throws SourceError at line 0.
std::string read_text_file(const std::string& path);

}  // namespace arbiter::epd
