#include "harness/protocol/xboard_parse.h"

#include "harness/protocol/engine_client.h"

#include "harness/protocol/text.h"

#include <array>
#include <cmath>
#include <cstdio>
#include <limits>

namespace arbiter::protocol {

namespace {

using Words = std::vector<std::string_view>;

// ---- features ----

std::size_t skip_spaces(std::string_view s, std::size_t i) {
    while (i < s.size() && text::is_space(s[i])) ++i;
    return i;
}

std::size_t skip_word(std::string_view s, std::size_t i) {
    while (i < s.size() && !text::is_space(s[i])) ++i;
    return i;
}

// ---- options ----

struct OptionKind {
    std::string_view flag;
    OptionType type;
};

constexpr std::array<OptionKind, 10> kOptionKinds{{{"-check", OptionType::Check},
                                                   {"-spin", OptionType::Spin},
                                                   {"-slider", OptionType::Spin},
                                                   {"-combo", OptionType::Combo},
                                                   {"-string", OptionType::String},
                                                   {"-file", OptionType::String},
                                                   {"-path", OptionType::String},
                                                   {"-button", OptionType::Button},
                                                   {"-save", OptionType::Button},
                                                   {"-reset", OptionType::Button}}};

// Position of the space before " -flag" when followed by a space or the end; the earliest such
// flag separates the (possibly multi-word) name from the arguments.
std::size_t find_type_flag(std::string_view spec, std::string_view flag) {
    std::string needle(1, ' ');  // built by append: GCC 12 warns (-Wrestrict) on " " + string
    needle.append(flag);
    for (std::size_t pos = spec.find(needle); pos != std::string_view::npos; pos = spec.find(needle, pos + 1)) {
        const std::size_t after = pos + needle.size();
        if (after == spec.size() || text::is_space(spec[after])) return pos;
    }
    return std::string_view::npos;
}

void parse_combo_choices(EngineOption& option, std::string_view rest) {
    std::size_t start = 0;
    while (start <= rest.size()) {
        std::size_t sep = rest.find("///", start);
        if (sep == std::string_view::npos) sep = rest.size();
        std::string choice(text::trim(rest.substr(start, sep - start)));
        if (!choice.empty() && choice.front() == '*') {
            choice.erase(0, 1);
            option.default_value = choice;
        }
        if (!choice.empty()) option.choices.push_back(choice);
        start = sep + 3;
    }
    if (option.default_value.empty() && !option.choices.empty()) option.default_value = option.choices.front();
}

void parse_option_arguments(EngineOption& option, std::string_view rest) {
    const Words args = text::split(rest);
    switch (option.type) {
        case OptionType::Check: option.default_value = (!args.empty() && args[0] == "1") ? "true" : "false"; break;
        case OptionType::Spin:
            if (!args.empty()) option.default_value = std::string(args[0]);
            if (args.size() > 1) option.min = text::parse_int<long long>(args[1]);
            if (args.size() > 2) option.max = text::parse_int<long long>(args[2]);
            break;
        case OptionType::Combo: parse_combo_choices(option, rest); break;
        case OptionType::String: option.default_value = std::string(rest); break;
        case OptionType::Button:
        case OptionType::Unknown: break;
    }
}

// ---- thinking output ----

bool is_move_number(std::string_view token) {
    if (token.empty()) return false;
    std::size_t digits = 0;
    while (digits < token.size() && std::isdigit(static_cast<unsigned char>(token[digits]))) ++digits;
    if (digits == token.size()) return false;  // a bare number is not a move number
    return token.substr(digits).find_first_not_of('.') == std::string_view::npos;
}

// Ply tokens carry decorations in some engines: "12." (new iteration), "12&" or "12+"/"12-"
// (fail high/low). Strip them before parsing.
std::optional<int> parse_ply(std::string_view token) {
    while (!token.empty() && std::string_view(".&+-!?").find(token.back()) != std::string_view::npos)
        token.remove_suffix(1);
    return text::parse_int<int>(token);
}

Score xboard_score(long long raw) {
    const long long magnitude = raw < 0 ? -raw : raw;
    const int sign = raw < 0 ? -1 : 1;
    if (magnitude >= 100000) return {ScoreKind::Mate, static_cast<int>(sign * (magnitude - 100000)), ScoreBound::Exact};
    if (magnitude > 99000) {
        const long long plies = 100000 - magnitude;
        return {ScoreKind::Mate, static_cast<int>(sign * ((plies + 1) / 2)), ScoreBound::Exact};
    }
    return {ScoreKind::Centipawns, static_cast<int>(raw), ScoreBound::Exact};
}

// The optional "SELDEPTH NPS TBHITS" before the tab (protocol extension).
void parse_thinking_extras(SearchInfo& info, const Words& extras) {
    if (extras.size() > 0) info.seldepth = text::parse_int<int>(extras[0]);
    if (extras.size() > 1) info.nps = text::parse_int<std::uint64_t>(extras[1]);
    if (extras.size() > 2) info.tbhits = text::parse_int<std::uint64_t>(extras[2]);
}

// ---- FEN ----

std::vector<std::string_view> fen_fields(const std::string& fen) { return text::split(fen); }

}  // namespace

std::vector<FeatureValue> parse_feature_line(std::string_view line) {
    std::vector<FeatureValue> features;
    line = text::trim(line);
    if (!text::starts_with_word(line, "feature")) return features;
    std::size_t i = std::string_view("feature").size();
    while ((i = skip_spaces(line, i)) < line.size()) {
        const std::size_t name_start = i;
        while (i < line.size() && line[i] != '=' && !text::is_space(line[i])) ++i;
        if (i >= line.size() || line[i] != '=') continue;  // a word without '=': skip it
        FeatureValue feature{std::string(line.substr(name_start, i - name_start)), {}};
        ++i;
        if (i < line.size() && line[i] == '"') {
            const std::size_t close = line.find('"', i + 1);
            const std::size_t end = close == std::string_view::npos ? line.size() : close;
            feature.value = std::string(line.substr(i + 1, end - i - 1));
            i = close == std::string_view::npos ? line.size() : close + 1;
        } else {
            const std::size_t end = skip_word(line, i);
            feature.value = std::string(line.substr(i, end - i));
            i = end;
        }
        if (!feature.name.empty()) features.push_back(std::move(feature));
    }
    return features;
}

std::optional<EngineOption> parse_xboard_option(std::string_view spec) {
    spec = text::trim(spec);
    const OptionKind* kind = nullptr;
    std::size_t flag_pos = std::string_view::npos;
    for (const auto& candidate : kOptionKinds) {
        const std::size_t pos = find_type_flag(spec, candidate.flag);
        if (pos < flag_pos) {
            flag_pos = pos;
            kind = &candidate;
        }
    }
    if (kind == nullptr) return std::nullopt;
    EngineOption option;
    option.name = std::string(text::trim(spec.substr(0, flag_pos)));
    option.type = kind->type;
    parse_option_arguments(option, text::trim(spec.substr(flag_pos + 1 + kind->flag.size())));
    if (option.name.empty()) return std::nullopt;
    return option;
}

std::optional<SearchInfo> parse_thinking_line(std::string_view line) {
    const std::size_t tab = line.find('\t');
    const std::string_view head = tab == std::string_view::npos ? line : line.substr(0, tab);
    const Words tokens = text::split(head);
    if (tokens.size() < 4) return std::nullopt;
    const auto ply = parse_ply(tokens[0]);
    const auto score = text::parse_int<int>(tokens[1]);  // beyond int no score means anything
    const auto centis = text::parse_int<long long>(tokens[2]);
    const auto nodes = text::parse_int<std::uint64_t>(tokens[3]);
    if (!ply || !score || !centis || !nodes) return std::nullopt;
    // Found by fuzzing: a time whose milliseconds overflow is garbage, not thinking output.
    constexpr long long kMaxCentis = std::numeric_limits<long long>::max() / 10;
    if (*centis > kMaxCentis || *centis < -kMaxCentis) return std::nullopt;

    SearchInfo info;
    info.depth = *ply;
    info.score = xboard_score(*score);
    info.time = Millis(*centis * 10);
    info.nodes = *nodes;
    Words pv_tokens;
    if (tab != std::string_view::npos) {
        parse_thinking_extras(info, Words(tokens.begin() + 4, tokens.end()));
        pv_tokens = text::split(line.substr(tab + 1));
    } else {
        pv_tokens.assign(tokens.begin() + 4, tokens.end());
    }
    for (const auto token : pv_tokens)
        if (!is_move_number(token) && token != "...") info.pv.emplace_back(token);
    return info;
}

std::optional<std::string> parse_move_reply(std::string_view line) {
    const Words tokens = text::split(line);
    if (tokens.size() >= 2 && tokens[0] == "move") return std::string(tokens[1]);
    // Protocol v1: "12. ... e2e4" or "12... e2e4".
    if (tokens.size() >= 3 && is_move_number(tokens[0]) && tokens[1] == "...") return std::string(tokens[2]);
    if (tokens.size() >= 2 && is_move_number(tokens[0]) && tokens[0].ends_with("...")) return std::string(tokens[1]);
    return std::nullopt;
}

bool is_coordinate_move(std::string_view move) {
    auto file = [](char c) { return c >= 'a' && c <= 'h'; };
    auto rank = [](char c) { return c >= '1' && c <= '8'; };
    if (move.size() < 4 || !file(move[0]) || !rank(move[1]) || !file(move[2]) || !rank(move[3])) return false;
    std::string_view promotion = move.substr(4);
    if (!promotion.empty() && promotion.front() == '=') promotion.remove_prefix(1);
    return promotion.empty() ||
           (promotion.size() == 1 && std::string_view("qrbnQRBN").find(promotion[0]) != std::string_view::npos);
}

std::optional<std::string> parse_result_claim(std::string_view line) {
    line = text::trim(line);
    for (const std::string_view result : {"1-0", "0-1", "1/2-1/2"})
        if (text::starts_with_word(line, result)) return std::string(line);
    return std::nullopt;
}

std::optional<std::string> parse_rejection(std::string_view line) {
    line = text::trim(line);
    if (!line.starts_with("Illegal move") && !line.starts_with("Error")) return std::nullopt;
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) return std::string{};
    return std::string(text::trim(line.substr(colon + 1)));
}

bool lists_variant(std::string_view variants, std::string_view variant) {
    while (!variants.empty()) {
        const std::size_t comma = variants.find(',');
        if (text::trim(variants.substr(0, comma)) == variant) return true;
        if (comma == std::string_view::npos) break;
        variants.remove_prefix(comma + 1);
    }
    return false;
}

std::string format_level(const TimeControl& time_control) {
    const long long base_seconds = (time_control.base.count() + 500) / 1000;
    std::string base = std::to_string(base_seconds / 60);
    if (base_seconds % 60 != 0) {
        char seconds[8];
        std::snprintf(seconds, sizeof seconds, ":%02lld", base_seconds % 60);
        base += seconds;
    }
    std::string increment = std::to_string(time_control.increment.count() / 1000);
    if (const long long millis = time_control.increment.count() % 1000; millis != 0) {
        char fraction[8];
        std::snprintf(fraction, sizeof fraction, ".%03lld", millis);
        increment += fraction;
        while (increment.back() == '0') increment.pop_back();
    }
    return "level " + std::to_string(time_control.moves_per_period) + " " + base + " " + increment;
}

long long st_seconds(Millis movetime) {
    const long long seconds = (movetime.count() + 500) / 1000;
    return seconds < 1 ? 1 : seconds;
}

std::string normalize_fen(const std::string& fen) {
    const auto trimmed = text::trim(fen);
    return trimmed == "startpos" ? std::string(kStartFen) : std::string(trimmed);
}

bool is_standard_start(const std::string& fen) {
    const std::string normalized = normalize_fen(fen);
    const std::string start = kStartFen;
    const auto ours = fen_fields(normalized);
    const auto standard = fen_fields(start);
    if (ours.size() < 4) return false;
    return std::equal(standard.begin(), standard.begin() + 4, ours.begin());
}

bool white_to_move(const std::string& fen, std::size_t moves_played) {
    const std::string normalized = normalize_fen(fen);
    const auto fields = fen_fields(normalized);
    const bool white_starts = fields.size() < 2 || fields[1] != "b";
    return white_starts == (moves_played % 2 == 0);
}

std::vector<std::string> edit_mode_commands(const std::string& fen) {
    const std::string normalized = normalize_fen(fen);
    const auto fields = fen_fields(normalized);
    std::vector<std::string> white, black;
    int rank = 8, file = 0;
    for (const char c : fields.empty() ? std::string_view{} : fields[0]) {
        if (c == '/') {
            --rank;
            file = 0;
        } else if (std::isdigit(static_cast<unsigned char>(c))) {
            file += c - '0';
        } else {
            const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
            std::string square{upper, static_cast<char>('a' + file), static_cast<char>('0' + rank)};
            (std::isupper(static_cast<unsigned char>(c)) ? white : black).push_back(square);
            ++file;
        }
    }
    std::vector<std::string> commands{"edit", "#"};
    commands.insert(commands.end(), white.begin(), white.end());
    commands.push_back("c");
    commands.insert(commands.end(), black.begin(), black.end());
    commands.push_back(".");
    return commands;
}

}  // namespace arbiter::protocol
