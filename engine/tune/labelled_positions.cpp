#include "engine/tune/labelled_positions.h"

#include <fstream>

#include "engine/text_util.h"
#include "engine/tune/pgn_positions.h"

namespace tempo::tune {

namespace {

std::string_view trim(std::string_view text) {
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
    return text;
}

bool ends_with(const std::string& text, std::string_view suffix) {
    return text.size() >= suffix.size() && text.compare(text.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The first four space-separated fields: an EPD position (an EPD line's opcodes follow).
std::string_view first_four_fields(std::string_view text) {
    std::size_t pos = 0;
    for (int field = 0; field < 4 && pos != std::string_view::npos; ++field) {
        pos = text.find_first_not_of(' ', pos);
        if (pos != std::string_view::npos) pos = text.find(' ', pos);
    }
    return pos == std::string_view::npos ? text : text.substr(0, pos);
}

struct Split {
    std::string_view fen;
    std::string_view result;
    std::optional<std::string_view> score;  // the pipe format's middle field
};

Split split_line(std::string_view line, const std::string& where) {
    if (std::size_t bar = line.find('|'); bar != std::string_view::npos) {
        std::size_t last_bar = line.rfind('|');
        if (last_bar == bar) throw InputError(where + ": expected '<fen> | score | result'");
        return {line.substr(0, bar), line.substr(last_bar + 1), line.substr(bar + 1, last_bar - bar - 1)};
    }
    if (std::size_t c9 = line.find(" c9 "); c9 != std::string_view::npos) {
        std::string_view value = trim(line.substr(c9 + 4));
        if (!value.empty() && value.back() == ';') value.remove_suffix(1);
        value = trim(value);
        if (value.size() >= 2 && value.front() == '"' && value.back() == '"') value = value.substr(1, value.size() - 2);
        return {first_four_fields(line.substr(0, c9)), value, std::nullopt};
    }
    std::size_t open = line.rfind('[');
    if (open != std::string_view::npos && line.back() == ']')
        return {line.substr(0, open), line.substr(open + 1, line.size() - open - 2), std::nullopt};
    throw InputError(where + ": no result: expected '<fen> [1.0]', '<fen> c9 \"1-0\";' or '<fen> | score | result'");
}

}  // namespace

std::optional<double> parse_result(std::string_view text) {
    text = trim(text);
    if (text == "1-0" || text == "1.0" || text == "1") return 1.0;
    if (text == "0-1" || text == "0.0" || text == "0") return 0.0;
    if (text == "1/2-1/2" || text == "0.5" || text == "1/2" || text == "\xC2\xBD-\xC2\xBD") return 0.5;
    return std::nullopt;
}

std::optional<double> parse_white_score(std::string_view text, const std::string& where) {
    text = trim(text);
    if (text == "-") return std::nullopt;
    const bool mate = !text.empty() && text.front() == '#';
    std::string_view digits = mate ? text.substr(1) : text;
    const bool negative = !digits.empty() && digits.front() == '-';
    if (negative) digits.remove_prefix(1);
    const bool numeric =
        !digits.empty() && digits.size() <= 9 && digits.find_first_not_of("0123456789") == std::string_view::npos;
    if (!numeric) throw InputError(where + ": bad score '" + std::string(text) + "': expected centipawns, #N or -");
    const double magnitude = mate ? kMateScoreCp : std::stod(std::string(digits));
    return negative ? -magnitude : magnitude;
}

std::optional<LabelledPosition> parse_labelled_line(std::string_view line, const std::string& where) {
    line = trim(line);
    if (line.empty() || line.front() == '#') return std::nullopt;
    const Split split = split_line(line, where);
    const std::optional<double> result = parse_result(split.result);
    if (!result) throw InputError(where + ": bad result '" + std::string(trim(split.result)) + "'");
    const std::string fen(trim(split.fen));
    try {
        chess::Position check(fen);
    } catch (const chess::FenError& error) {
        throw InputError(where + ": bad FEN '" + fen + "': " + error.what());
    }
    std::optional<double> score;
    if (split.score) score = parse_white_score(*split.score, where);
    return LabelledPosition{fen, *result, score};
}

namespace {

void read_line_file(const std::string& path, std::istream& in, const ReadOptions& options,
                    std::vector<LabelledPosition>& out, ReadCounts& counts) {
    std::string line;
    for (long long number = 1; std::getline(in, line); ++number) {
        std::optional<LabelledPosition> labelled = parse_labelled_line(line, path + ":" + std::to_string(number));
        if (!labelled) continue;
        ++counts.lines;
        const chess::Position pos(labelled->fen);
        if (pos.in_check()) {
            ++counts.in_check;
        } else if (pos.game_ply() < options.skip_plies) {
            ++counts.early;
        } else {
            out.push_back(std::move(*labelled));
            ++counts.kept;
        }
    }
}

}  // namespace

void read_labelled_file(const std::string& path, const ReadOptions& options, std::vector<LabelledPosition>& out,
                        ReadCounts& counts) {
    std::ifstream in(path);
    if (!in) throw InputError(path + ": cannot open");
    skip_utf8_bom(in);
    if (ends_with(path, ".pgn") || ends_with(path, ".PGN")) {
        read_pgn_positions(path, in, options, out, counts);
    } else {
        read_line_file(path, in, options, out, counts);
    }
}

}  // namespace tempo::tune
