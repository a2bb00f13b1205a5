#include "harness/protocol/uci_parse.h"

#include "harness/protocol/text.h"

#include <array>
#include <functional>

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

constexpr std::array<std::string_view, 17> kInfoKeywords{
    "depth", "seldepth", "time", "nodes", "pv", "multipv", "score", "currmove", "currmovenumber",
    "hashfull", "nps", "tbhits", "sbhits", "cpuload", "string", "refutation", "currline"};

bool is_info_keyword(std::string_view token) {
    return token == "wdl" || std::find(kInfoKeywords.begin(), kInfoKeywords.end(), token) != kInfoKeywords.end();
}

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
    const std::string_view key = tokens[i++];
    if (key == "depth") info.depth = take_number<int>(tokens, i);
    else if (key == "seldepth") info.seldepth = take_number<int>(tokens, i);
    else if (key == "multipv") info.multipv = take_number<int>(tokens, i);
    else if (key == "hashfull") info.hashfull = take_number<int>(tokens, i);
    else if (key == "currmovenumber") info.currmovenumber = take_number<int>(tokens, i);
    else if (key == "nodes") info.nodes = take_number<std::uint64_t>(tokens, i);
    else if (key == "nps") info.nps = take_number<std::uint64_t>(tokens, i);
    else if (key == "tbhits") info.tbhits = take_number<std::uint64_t>(tokens, i);
    else if (key == "sbhits" || key == "cpuload") take_number<std::uint64_t>(tokens, i);
    else if (key == "time") {
        if (auto ms = take_number<long long>(tokens, i)) info.time = Millis(*ms);
    } else if (key == "score") info.score = take_score(tokens, i);
    else if (key == "wdl") info.wdl = take_wdl(tokens, i);
    else if (key == "currmove") {
        if (i < tokens.size()) info.currmove = std::string(tokens[i++]);
    } else if (key == "pv") info.pv = take_moves(tokens, i);
    else if (key == "refutation" || key == "currline") take_moves(tokens, i);
    else if (key == "string") {
        // Keep the engine's own spacing: everything after the keyword, verbatim.
        const std::size_t offset = static_cast<std::size_t>(key.data() + key.size() - line.data());
        info.string = std::string(text::trim(line.substr(offset)));
        return false;
    }
    return true;  // unknown words are skipped one at a time
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
    const Tokens tokens = tokens_of(line);
    if (tokens.empty() || tokens[0] != "info") return info;
    std::size_t i = 1;
    while (i < tokens.size() && take_info_field(line, tokens, i, info)) {
    }
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

void merge_search_info(SearchInfo& into, const SearchInfo& update) {
    auto keep = [](auto& field, const auto& value) {
        if (value) field = value;
    };
    const bool principal = !update.multipv || *update.multipv == 1;
    if (principal) {
        keep(into.score, update.score);
        if (!update.pv.empty()) into.pv = update.pv;
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

std::string format_uci_go(const SearchRequest& request) {
    const bool limited = request.clock || request.movetime || request.nodes || request.depth;
    if (!limited && !request.infinite && !request.ponder)
        throw OptionError("search request has no clock, limit or infinite flag");
    std::string cmd = "go";
    if (request.ponder) cmd += " ponder";
    if (const auto& clock = request.clock) {
        cmd += " wtime " + std::to_string(non_negative_ms(clock->wtime));
        cmd += " btime " + std::to_string(non_negative_ms(clock->btime));
        if (clock->winc.count() > 0) cmd += " winc " + std::to_string(clock->winc.count());
        if (clock->binc.count() > 0) cmd += " binc " + std::to_string(clock->binc.count());
        if (clock->movestogo > 0) cmd += " movestogo " + std::to_string(clock->movestogo);
    }
    if (request.movetime) cmd += " movetime " + std::to_string(non_negative_ms(*request.movetime));
    if (request.nodes) cmd += " nodes " + std::to_string(*request.nodes);
    if (request.depth) cmd += " depth " + std::to_string(*request.depth);
    if (request.infinite) cmd += " infinite";
    return cmd;
}

std::string format_uci_position(const std::string& fen, const std::vector<std::string>& moves) {
    std::string cmd = "position ";
    const auto trimmed = text::trim(fen);
    cmd += (trimmed == "startpos") ? std::string("startpos") : "fen " + std::string(trimmed);
    if (!moves.empty()) {
        // Sent before every move of a game, so the line grows with the game: one allocation for it,
        // not one per move in it.
        cmd.reserve(cmd.size() + 6 + moves.size() * 6);
        cmd += " moves";
        for (const auto& move : moves) {
            cmd += ' ';
            cmd += move;
        }
    }
    return cmd;
}

}  // namespace arbiter::protocol
