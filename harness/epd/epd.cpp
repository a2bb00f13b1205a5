#include "harness/epd/epd.h"

#include <cctype>
#include <charconv>
#include <fstream>
#include <sstream>

#include "engine/chess/position.h"
#include "engine/chess/san.h"

namespace arbiter::epd {
namespace {

struct Operation {
    std::string opcode;
    std::vector<std::string> operands;
};

// Where the parser is, for error messages.
struct Context {
    const std::string& file;
    std::size_t line;
    [[noreturn]] void fail(const std::string& why) const { throw io::SourceError(file, line, why); }
};

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";

bool is_space(char c) { return c == ' ' || c == '\t'; }

std::string_view trim(std::string_view text) {
    while (!text.empty() && (is_space(text.front()) || text.front() == '\r')) text.remove_prefix(1);
    while (!text.empty() && (is_space(text.back()) || text.back() == '\r')) text.remove_suffix(1);
    return text;
}

// Splits off the next whitespace-separated word of `rest`.
std::string_view next_word(std::string_view& rest) {
    rest = trim(rest);
    size_t end = 0;
    while (end < rest.size() && !is_space(rest[end])) ++end;
    std::string_view word = rest.substr(0, end);
    rest.remove_prefix(end);
    return word;
}

bool is_counter(std::string_view word) {
    int value = 0;
    auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
    return !word.empty() && ec == std::errc() && ptr == word.data() + word.size() && value >= 0;
}

bool valid_opcode(std::string_view word) {
    if (word.empty() || !std::isalpha(static_cast<unsigned char>(word[0]))) return false;
    for (char c : word)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    return true;
}

// A quoted operand; `pos` is at the opening quote and ends after the closing one.
std::string read_quoted(std::string_view text, size_t& pos, const Context& where) {
    std::string value;
    for (++pos; pos < text.size(); ++pos) {
        if (text[pos] == '\\' && pos + 1 < text.size()) {
            value += text[++pos];
        } else if (text[pos] == '"') {
            ++pos;
            return value;
        } else {
            value += text[pos];
        }
    }
    where.fail("unterminated quoted operand");
}

std::vector<Operation> read_operations(std::string_view text, const Context& where) {
    std::vector<Operation> operations;
    size_t pos = 0;
    while (pos < text.size()) {
        while (pos < text.size() && (is_space(text[pos]) || text[pos] == ';')) ++pos;
        if (pos >= text.size()) break;
        Operation op;
        while (pos < text.size() && !is_space(text[pos]) && text[pos] != ';') op.opcode += text[pos++];
        if (!valid_opcode(op.opcode)) where.fail("bad opcode '" + op.opcode + "'");
        while (pos < text.size() && text[pos] != ';') {
            if (is_space(text[pos])) {
                ++pos;
            } else if (text[pos] == '"') {
                op.operands.push_back(read_quoted(text, pos, where));
            } else {
                std::string word;
                while (pos < text.size() && !is_space(text[pos]) && text[pos] != ';') word += text[pos++];
                op.operands.push_back(word);
            }
        }
        operations.push_back(std::move(op));
    }
    return operations;
}

std::string join(const std::vector<std::string>& words) {
    std::string text;
    for (const std::string& word : words) text += (text.empty() ? "" : " ") + word;
    return text;
}

EpdMove resolve_san(const chess::Position& pos, std::string_view san, std::string_view opcode, const Context& where) {
    try {
        chess::Move move = chess::parse_san(pos, san);
        return EpdMove{move, std::string(san), chess::to_uci(pos, move)};
    } catch (const chess::MoveParseError& e) {
        where.fail(std::string(opcode) + ": " + e.what());
    }
}

// bm/am operands: SAN moves separated by spaces and/or commas.
std::vector<EpdMove> resolve_san_list(const chess::Position& pos, const Operation& op, const Context& where) {
    std::vector<EpdMove> moves;
    for (const std::string& operand : op.operands) {
        std::stringstream items(operand);
        std::string item;
        while (std::getline(items, item, ',')) {
            std::string_view san = trim(item);
            if (!san.empty()) moves.push_back(resolve_san(pos, san, op.opcode, where));
        }
    }
    if (moves.empty()) where.fail(op.opcode + ": no moves given");
    return moves;
}

// "f5=10, Be5+=2, Bf2=3" -> scored moves; returns false (and leaves `out` empty) when the text
// is an ordinary comment rather than a point list.
bool parse_point_list(const chess::Position& pos, const std::string& text, std::vector<ScoredMove>& out,
                      const Context& where) {
    std::vector<std::pair<std::string, int>> items;
    std::stringstream stream(text);
    std::string item;
    while (std::getline(stream, item, ',')) {
        std::string_view entry = trim(item);
        auto eq = entry.rfind('=');
        if (eq == std::string_view::npos || eq == 0) return false;
        std::string_view number = entry.substr(eq + 1);
        int points = 0;
        auto [ptr, ec] = std::from_chars(number.data(), number.data() + number.size(), points);
        if (number.empty() || ec != std::errc() || ptr != number.data() + number.size()) return false;
        items.emplace_back(std::string(trim(entry.substr(0, eq))), points);
    }
    if (items.empty()) return false;
    for (const auto& [san, points] : items)
        out.push_back(ScoredMove{resolve_san(pos, san, "point list", where), points});
    return true;
}

void apply_operation(EpdRecord& record, const chess::Position& pos, const Operation& op, const ParseOptions& options,
                     const Context& where) {
    record.opcodes.emplace_back(op.opcode, join(op.operands));
    if (op.opcode == "id") {
        record.id = join(op.operands);
    } else if (!options.resolve_moves) {
        return;
    } else if (op.opcode == "bm") {
        record.best_moves = resolve_san_list(pos, op, where);
    } else if (op.opcode == "am") {
        record.avoid_moves = resolve_san_list(pos, op, where);
    } else if (op.opcode == "c0") {
        // STS keeps its point list in c0; other comment opcodes are free text.
        parse_point_list(pos, join(op.operands), record.scored_moves, where);
    }
}

// Counters may come as the two numbers after the board fields or as hmvc/fmvn operations.
void read_counter_opcodes(const std::vector<Operation>& operations, std::string& hmvc, std::string& fmvn,
                          const Context& where) {
    for (const Operation& op : operations) {
        if (op.opcode != "hmvc" && op.opcode != "fmvn") continue;
        if (op.operands.size() != 1 || !is_counter(op.operands[0])) where.fail(op.opcode + ": expected one number");
        (op.opcode == "hmvc" ? hmvc : fmvn) = op.operands[0];
    }
}

chess::Position make_position(const std::string& fen, bool chess960, const Context& where) {
    try {
        return chess::Position(fen, chess960);
    } catch (const chess::FenError& e) {
        where.fail(std::string("bad FEN '") + fen + "': " + e.what());
    }
}

}  // namespace

const std::string* EpdRecord::opcode(std::string_view name) const {
    for (const auto& [code, text] : opcodes)
        if (code == name) return &text;
    return nullptr;
}

EpdRecord parse_epd_line(std::string_view line, const std::string& file, std::size_t line_number,
                         const ParseOptions& options) {
    const Context where{file, line_number};
    std::string_view rest = trim(line);
    std::string board_fields;
    for (int field = 0; field < 4; ++field) {
        std::string_view word = next_word(rest);
        if (word.empty()) where.fail("expected 4 FEN fields, found " + std::to_string(field));
        if (field) board_fields += ' ';
        board_fields += word;
    }
    std::string hmvc = "0", fmvn = "1";
    std::string_view lookahead = rest;
    std::string_view first = next_word(lookahead), second = next_word(lookahead);
    if (is_counter(first) && is_counter(second)) {
        hmvc = first;
        fmvn = second;
        rest = lookahead;
    }
    const std::vector<Operation> operations = read_operations(rest, where);
    read_counter_opcodes(operations, hmvc, fmvn, where);

    EpdRecord record;
    record.line = line_number;
    const std::string fen = board_fields + " " + hmvc + " " + fmvn;
    record.chess960 = chess::fen_needs_chess960(fen);
    chess::Position pos = make_position(fen, record.chess960, where);
    record.fen = pos.fen();
    for (const Operation& op : operations) apply_operation(record, pos, op, options, where);
    return record;
}

std::vector<EpdRecord> parse_epd_text(std::string_view text, const std::string& source_name,
                                      const ParseOptions& options) {
    std::vector<EpdRecord> records;
    std::size_t line_number = 0;
    // A UTF-8 byte-order mark, as Windows editors write, is not part of the first FEN (the PGN
    // reader skips it too).
    size_t begin = text.starts_with(kUtf8Bom) ? kUtf8Bom.size() : 0;
    while (begin < text.size()) {
        size_t end = text.find('\n', begin);
        if (end == std::string_view::npos) end = text.size();
        ++line_number;
        std::string_view line = trim(text.substr(begin, end - begin));
        begin = end + 1;
        if (line.empty() || line[0] == '#') continue;
        records.push_back(parse_epd_line(line, source_name, line_number, options));
    }
    return records;
}

std::string read_text_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw io::SourceError(path, 0, "cannot open file");
    std::ostringstream content;
    content << in.rdbuf();
    return content.str();
}

std::vector<EpdRecord> read_epd_file(const std::string& path, const ParseOptions& options) {
    return parse_epd_text(read_text_file(path), path, options);
}

}  // namespace arbiter::epd
