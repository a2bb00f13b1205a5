#include "db/move_json.h"

#include <charconv>
#include <cstdint>
#include <optional>

namespace arbiter::db::detail {

namespace {

// Copies the runs between characters that need escaping in one append each: most texts (moves, PVs)
// have none, and a character at a time was most of what building a game's text cost.
void append_text(std::string& out, std::string_view text) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += '"';
    std::size_t run = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        if (byte >= 0x20 && byte != '"' && byte != '\\') continue;
        out.append(text.substr(run, i - run));
        if (byte < 0x20) {
            out += "\\u00";
            out += kHex[byte >> 4];
            out += kHex[byte & 0xf];
        } else {
            out += '\\';
            out += static_cast<char>(byte);
        }
        run = i + 1;
    }
    out.append(text.substr(run));
    out += '"';
}

template <typename Integer>
void append_number(std::string& out, const std::optional<Integer>& value) {
    if (!value) {
        out += "null";
        return;
    }
    char digits[24];
    out.append(digits, std::to_chars(digits, digits + sizeof digits, *value).ptr);
}

// Builds one move's array, leaving out the fields after its last set one: a book move is
// [ply,"uci","san"]. The view reads a missing number as NULL and a missing text as '', as the
// former table's columns held them.
class MoveArray {
public:
    explicit MoveArray(std::string& out) : out_(out) {
        out_ += '[';
        keep_ = out_.size();
    }
    template <typename Integer>
    void number(const std::optional<Integer>& value) {
        separate();
        append_number(out_, value);
        if (value) keep_ = out_.size();
    }
    void text(std::string_view value) {
        separate();
        append_text(out_, value);
        if (!value.empty()) keep_ = out_.size();
    }
    void close() {
        out_.resize(keep_);
        out_ += ']';
    }

private:
    void separate() {
        if (fields_++ > 0) out_ += ',';
    }
    std::string& out_;
    std::size_t keep_ = 0;  // the text up to the end of the last field that is set
    int fields_ = 0;
};

// The order here is the order of the view's json_extract paths in the schema ($[0] .. $[15]).
void append_move(std::string& out, const MoveRecord& move) {
    MoveArray fields(out);
    fields.number(std::optional(move.ply));
    fields.text(move.uci);
    fields.text(move.san);
    fields.number(move.time_ms);
    fields.number(move.clock_ms);
    fields.number(move.score_cp);
    fields.number(move.score_mate);
    fields.number(move.depth);
    fields.number(move.seldepth);
    fields.number(move.nodes);
    fields.text(move.pv);
    fields.number(move.nps);
    fields.number(move.hashfull);
    fields.number(move.tbhits);
    fields.number(move.engine_time_ms);
    fields.text(move.lines);
    fields.close();
}

}  // namespace

void append_moves_json(std::string& out, std::span<const MoveRecord> moves) {
    out += '[';
    for (std::size_t i = 0; i < moves.size(); ++i) {
        if (i > 0) out += ',';
        append_move(out, moves[i]);
    }
    out += ']';
}

}  // namespace arbiter::db::detail
