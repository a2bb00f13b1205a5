#include "harness/protocol/uci_parse.h"

#include "harness/protocol/text.h"

#include <array>
#include <charconv>
#include <functional>
#include <iterator>

#include <boost/container/small_vector.hpp>

namespace arbiter::protocol {

namespace {

// Every info line of every move is split: its tokens stay on the stack unless the line is long
// (a deep PV).
using Tokens = boost::container::small_vector<std::string_view, 48>;

Tokens tokens_of(std::string_view line) {
    Tokens tokens;
    text::split_into(line, tokens);
    return tokens;
}

// ---- option lines ----

constexpr std::array<std::string_view, 6> kOptionKeywords{"name", "type", "default", "min", "max", "var"};

bool is_option_keyword(std::string_view token) {
    return std::find(kOptionKeywords.begin(), kOptionKeywords.end(), token) != kOptionKeywords.end();
}

OptionType option_type_from(std::string_view word) {
    const std::string lowered = text::to_lower(word);
    if (lowered == "check") return OptionType::Check;
    if (lowered == "spin") return OptionType::Spin;
    if (lowered == "combo") return OptionType::Combo;
    if (lowered == "button") return OptionType::Button;
    if (lowered == "string") return OptionType::String;
    return OptionType::Unknown;
}

void store_option_field(EngineOption& option, std::string_view key, const std::string& value) {
    if (key == "name") option.name = value;
    else if (key == "type") option.type = option_type_from(value);
    else if (key == "default") option.default_value = value == "<empty>" ? std::string{} : value;
    else if (key == "min") option.min = text::parse_int<long long>(value);
    else if (key == "max") option.max = text::parse_int<long long>(value);
    else if (key == "var") option.choices.push_back(value);
}

// ---- info lines ----

// The words that start a field of an info line. Every token of every info line is looked up, so
// the lookup goes by length first and compares with at most four words, not with all of them.
enum class InfoKey {
    depth,
    seldepth,
    time,
    nodes,
    pv,
    multipv,
    score,
    currmove,
    currmovenumber,
    hashfull,
    nps,
    tbhits,
    sbhits,
    cpuload,
    string,
    refutation,
    currline,
    wdl,
    none
};

InfoKey info_key(std::string_view word) {
    const auto pick = [word](std::initializer_list<std::pair<std::string_view, InfoKey>> candidates) {
        for (const auto& [text, key] : candidates)
            if (word == text) return key;
        return InfoKey::none;
    };
    switch (word.size()) {
        case 2: return pick({{"pv", InfoKey::pv}});
        case 3: return pick({{"nps", InfoKey::nps}, {"wdl", InfoKey::wdl}});
        case 4: return pick({{"time", InfoKey::time}});
        case 5: return pick({{"depth", InfoKey::depth}, {"nodes", InfoKey::nodes}, {"score", InfoKey::score}});
        case 6: return pick({{"tbhits", InfoKey::tbhits}, {"sbhits", InfoKey::sbhits}, {"string", InfoKey::string}});
        case 7: return pick({{"multipv", InfoKey::multipv}, {"cpuload", InfoKey::cpuload}});
        case 8:
            return pick({{"seldepth", InfoKey::seldepth},
                         {"hashfull", InfoKey::hashfull},
                         {"currmove", InfoKey::currmove},
                         {"currline", InfoKey::currline}});
        case 10: return pick({{"refutation", InfoKey::refutation}});
        case 14: return pick({{"currmovenumber", InfoKey::currmovenumber}});
        default: return InfoKey::none;
    }
}

bool is_info_keyword(std::string_view token) { return info_key(token) != InfoKey::none; }

// Consumes tokens[i] only when it parses, so a garbage value is skipped like an unknown word.
template <typename Int>
std::optional<Int> take_number(const Tokens& tokens, std::size_t& i) {
    if (i >= tokens.size()) return std::nullopt;
    auto value = text::parse_int<Int>(tokens[i]);
    if (value) ++i;
    return value;
}

std::vector<std::string> take_moves(const Tokens& tokens, std::size_t& i) {
    std::vector<std::string> moves;
    while (i < tokens.size() && !is_info_keyword(tokens[i])) moves.emplace_back(tokens[i++]);
    return moves;
}

std::optional<Score> take_score(const Tokens& tokens, std::size_t& i) {
    std::optional<Score> score;
    ScoreBound bound = ScoreBound::Exact;
    while (i < tokens.size()) {
        const auto word = tokens[i];
        if (word == "cp" || word == "mate") {
            ++i;
            if (auto value = take_number<int>(tokens, i))
                score = Score{word == "cp" ? ScoreKind::Centipawns : ScoreKind::Mate, *value, ScoreBound::Exact};
        } else if (word == "lowerbound" || word == "upperbound") {
            bound = word == "lowerbound" ? ScoreBound::Lower : ScoreBound::Upper;
            ++i;
        } else {
            break;
        }
    }
    if (score) score->bound = bound;
    return score;
}

std::optional<std::array<int, 3>> take_wdl(const Tokens& tokens, std::size_t& i) {
    std::array<int, 3> wdl{};
    for (int& part : wdl) {
        auto value = take_number<int>(tokens, i);
        if (!value) return std::nullopt;
        part = *value;
    }
    return wdl;
}

// Returns false when the rest of the line has been consumed (`string`).
bool take_info_field(std::string_view line, const Tokens& tokens, std::size_t& i, SearchInfo& info) {
    const std::string_view word = tokens[i++];
    switch (info_key(word)) {
        case InfoKey::depth: info.depth = take_number<int>(tokens, i); break;
        case InfoKey::seldepth: info.seldepth = take_number<int>(tokens, i); break;
        case InfoKey::multipv: info.multipv = take_number<int>(tokens, i); break;
        case InfoKey::hashfull: info.hashfull = take_number<int>(tokens, i); break;
        case InfoKey::currmovenumber: info.currmovenumber = take_number<int>(tokens, i); break;
        case InfoKey::nodes: info.nodes = take_number<std::uint64_t>(tokens, i); break;
        case InfoKey::nps: info.nps = take_number<std::uint64_t>(tokens, i); break;
        case InfoKey::tbhits: info.tbhits = take_number<std::uint64_t>(tokens, i); break;
        case InfoKey::sbhits:
        case InfoKey::cpuload: take_number<std::uint64_t>(tokens, i); break;
        case InfoKey::time:
            if (auto ms = take_number<long long>(tokens, i)) info.time = Millis(*ms);
            break;
        case InfoKey::score: info.score = take_score(tokens, i); break;
        case InfoKey::wdl: info.wdl = take_wdl(tokens, i); break;
        case InfoKey::currmove:
            if (i < tokens.size()) info.currmove = std::string(tokens[i++]);
            break;
        case InfoKey::pv: info.pv = take_moves(tokens, i); break;
        case InfoKey::refutation:
        case InfoKey::currline: take_moves(tokens, i); break;
        case InfoKey::string: {
            // Keep the engine's own spacing: everything after the keyword, verbatim.
            const std::size_t offset = static_cast<std::size_t>(word.data() + word.size() - line.data());
            info.string = std::string(text::trim(line.substr(offset)));
            return false;
        }
        case InfoKey::none: break;  // unknown words are skipped one at a time
    }
    return true;
}

}  // namespace

std::optional<EngineOption> parse_uci_option(std::string_view line) {
    const Tokens tokens = tokens_of(line);
    if (tokens.empty() || tokens[0] != "option") return std::nullopt;
    EngineOption option;
    std::size_t i = 1;
    while (i < tokens.size()) {
        if (!is_option_keyword(tokens[i])) {
            ++i;  // stray word before the first keyword
            continue;
        }
        const std::string_view key = tokens[i++];
        const std::size_t start = i;
        while (i < tokens.size() && !is_option_keyword(tokens[i])) ++i;
        store_option_field(option, key, text::join({tokens.data(), tokens.size()}, start, i));
    }
    if (option.name.empty()) return std::nullopt;
    return option;
}

SearchInfo parse_uci_info(std::string_view line) {
    SearchInfo info;
    // `info string ...` (sent with every move by some engines) is the rest of the line verbatim:
    // found without splitting the line into words first.
    const std::string_view words = text::trim(line);
    if (text::starts_with_word(words, "info")) {
        const std::string_view after_info = text::trim(words.substr(4));
        if (text::starts_with_word(after_info, "string")) {
            info.string = std::string(text::trim(after_info.substr(6)));
            return info;
        }
    }
    const Tokens tokens = tokens_of(line);
    if (tokens.empty() || tokens[0] != "info") return info;
    std::size_t i = 1;
    while (i < tokens.size() && take_info_field(line, tokens, i, info)) {}
    return info;
}

std::optional<BestMove> parse_bestmove(std::string_view line) {
    const Tokens tokens = tokens_of(line);
    if (tokens.empty() || tokens[0] != "bestmove") return std::nullopt;
    BestMove best;
    if (tokens.size() > 1) best.move = std::string(tokens[1]);
    if (tokens.size() > 3 && tokens[2] == "ponder") best.ponder = std::string(tokens[3]);
    return best;
}

void merge_search_info(SearchInfo& into, SearchInfo update) {
    // Fields are moved out of `update`, which the caller hands over: a PV or a string is not
    // copied once per info line.
    auto keep = [](auto& field, auto& value) {
        if (value) field = std::move(value);
    };
    const bool principal = !update.multipv || *update.multipv == 1;
    if (principal) {
        keep(into.score, update.score);
        if (!update.pv.empty()) into.pv = std::move(update.pv);
    }
    keep(into.depth, update.depth);
    keep(into.seldepth, update.seldepth);
    keep(into.multipv, update.multipv);
    keep(into.nodes, update.nodes);
    keep(into.nps, update.nps);
    keep(into.tbhits, update.tbhits);
    keep(into.hashfull, update.hashfull);
    keep(into.time, update.time);
    keep(into.wdl, update.wdl);
    keep(into.currmove, update.currmove);
    keep(into.currmovenumber, update.currmovenumber);
    keep(into.string, update.string);
}

}  // namespace arbiter::protocol

namespace arbiter::protocol {

namespace {

long long non_negative_ms(Millis ms) { return ms.count() < 0 ? 0 : ms.count(); }

}  // namespace

void format_uci_go_into(std::string& out, const SearchRequest& request) {
    const bool limited = request.clock || request.movetime || request.nodes || request.depth;
    if (!limited && !request.infinite && !request.ponder)
        throw OptionError("search request has no clock, limit or infinite flag");
    // Written once per move: numbers go straight into `out`, with no temporary string each.
    const auto field = [&out](std::string_view name, auto value) {
        char digits[24];
        const auto end = std::to_chars(std::begin(digits), std::end(digits), value).ptr;
        out += ' ';
        out += name;
        out += ' ';
        out.append(digits, end);
    };
    out.assign("go");
    if (request.ponder) out += " ponder";
    if (const auto& clock = request.clock) {
        field("wtime", non_negative_ms(clock->wtime));
        field("btime", non_negative_ms(clock->btime));
        if (clock->winc.count() > 0) field("winc", clock->winc.count());
        if (clock->binc.count() > 0) field("binc", clock->binc.count());
        if (clock->movestogo > 0) field("movestogo", clock->movestogo);
    }
    if (request.movetime) field("movetime", non_negative_ms(*request.movetime));
    if (request.nodes) field("nodes", *request.nodes);
    if (request.depth) field("depth", *request.depth);
    if (request.infinite) out += " infinite";
}

std::string format_uci_go(const SearchRequest& request) {
    std::string cmd;
    format_uci_go_into(cmd, request);
    return cmd;
}

void format_uci_position_into(std::string& out, const std::string& fen, const std::vector<std::string>& moves) {
    const auto trimmed = text::trim(fen);
    const bool start = trimmed == "startpos";
    // Sent before every move of a game, so the line grows with the game: at most one allocation
    // for it, none once `out` has held a line as long.
    std::size_t size = std::string_view("position fen ").size() + trimmed.size() + 6;
    for (const auto& move : moves) size += move.size() + 1;
    out.clear();
    out.reserve(size);
    out += start ? std::string_view("position startpos") : std::string_view("position fen ");
    if (!start) out += trimmed;
    if (moves.empty()) return;
    out += " moves";
    for (const auto& move : moves) {
        out += ' ';
        out += move;
    }
}

std::string format_uci_position(const std::string& fen, const std::vector<std::string>& moves) {
    std::string cmd;
    format_uci_position_into(cmd, fen, moves);
    return cmd;
}

}  // namespace arbiter::protocol
