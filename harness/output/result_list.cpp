#include "harness/output/result_list.h"

#include <cmath>
#include <cstdio>
#include <functional>
#include <sstream>
#include <utility>

#include "harness/stats/elo.h"

namespace arbiter::output {

using schedule::EndingKind;
using schedule::PlayerRecord;

namespace {

// The named formats and groups cutechess-cli 1.4 knows, by name (sorted, as its help lists them).
const std::map<std::string, std::string>& named_formats() {
    static const std::map<std::string, std::string> formats{
        {"concise", "Rank,Name,Elo,Error,Games"},
        {"default", "Rank,Name,Elo,Error,Games,Score,DScore"},
        {"draws", "Rank,Name,Elo,Error,Games,W,L,D,Points,Score,DScore,DStale,DMater,DRepet,DMoves,DAdj,DAgree,OtherD"},
        {"minimal", "Rank,Name"},
        {"ordo", "Rank,Name,Elo,Points,Games,Score"},
        {"per-color", "Rank,Name,Elo,Error,Games,W,L,D,Points,wW,wL,wD,wPoints,bW,bL,bD,bPoints"},
        {"short", "Rank,Name,Elo,Games"},
        {"small", "Rank,Name,Games,Points"},
        {"term", "Rank,Name,Elo,Error,Games,Score,Time,Illegal,Discon,Stall,WrClaim"},
        {"wide", "Rank,Name,Elo,Error,Games,W,L,D,Points,Score,DScore"},
        {"wide2", "Rank,Name,Elo,Error,Games,W,L,D,Points,Score,DScore,wScore,bScore"},
        {"wide3", "Rank,Name,TC,Elo,Error,Games,WLDStats,DrawStats,Terminations"},
        {"with-points", "Rank,Name,Elo,Error,Games,Points,Score,DScore"},
    };
    return formats;
}

const std::map<std::string, std::string>& named_groups() {
    static const std::map<std::string, std::string> groups{
        {"DrawStats", "DScore,DStale,DMater,DRepet,DMoves,DAdj,DAgree,OtherD"},
        {"Terminations", "Time,Illegal,Discon,Stall,WrClaim"},
        {"WLDStats", "W,L,D,Points,Score,wW,wL,wD,wPoints,wScore,bW,bL,bD,bPoints,bScore"},
    };
    return groups;
}

// One engine's figures as cutechess computes them for its table.
struct Figures {
    double score = 0, draw_ratio = 0, elo = 0, error = 0;
};

double elo_of(double mu) { return -400.0 * std::log10(1.0 / mu - 1.0); }

// cutechess takes the normal quantile from an approximation of erf^-1 (with pi to 13 digits);
// the error margins only agree to the printed digit with the same approximation.
double quantile(double p) {
    const double pi = 3.1415926535897;
    const double x = 2.0 * p - 1.0;
    const double a = 8.0 * (pi - 3.0) / (3.0 * pi * (4.0 - pi));
    const double y = std::log(1.0 - x * x);
    const double z = 2.0 / (pi * a) + y / 2.0;
    const double root = std::sqrt(std::sqrt(z * z - y / a) - z);
    return std::sqrt(2.0) * (x < 0.0 ? -root : root);
}

Figures figures(std::int64_t wins, std::int64_t losses, std::int64_t draws) {
    const auto n = static_cast<double>(wins + losses + draws);
    const double w = static_cast<double>(wins) / n, l = static_cast<double>(losses) / n;
    const double d = static_cast<double>(draws) / n;
    Figures f;
    const double mu = w + d / 2.0;
    const double deviation =
        std::sqrt(w * std::pow(1.0 - mu, 2.0) + l * std::pow(mu, 2.0) + d * std::pow(0.5 - mu, 2.0)) / std::sqrt(n);
    f.score = (static_cast<double>(wins) * 2 + static_cast<double>(draws)) / (n * 2);
    f.draw_ratio = d;
    f.elo = elo_of(mu);
    f.error = (elo_of(mu + quantile(0.975) * deviation) - elo_of(mu + quantile(0.025) * deviation)) / 2.0;
    return f;
}

// A number as Qt's QString::arg(value, width, 'f', precision) writes it: halves round away from
// zero, and "nan", "inf" and "-inf" for the values that have no digits.
std::string qt_fixed(double value, int width, int precision) {
    std::string digits;
    if (std::isnan(value)) {
        digits = "nan";
    } else if (std::isinf(value)) {
        digits = value > 0 ? "inf" : "-inf";
    } else {
        const double scale = std::pow(10.0, precision);
        const double scaled = value * scale;
        if (std::fabs(scaled) < 1e15 && scaled - std::floor(scaled) == 0.5)
            value = (scaled > 0 ? std::floor(scaled) + 1 : std::ceil(scaled) - 1) / scale;
        char text[64];
        std::snprintf(text, sizeof text, "%.*f", precision, value + 0.0);  // Qt writes -0.0 as 0
        digits = text;
    }
    if (static_cast<int>(digits.size()) < width) digits.insert(0, static_cast<std::size_t>(width) - digits.size(), ' ');
    return digits;
}

std::string padding(const std::string& text, int width) {
    const auto wanted = static_cast<std::size_t>(width);
    return std::string(text.size() < wanted ? wanted - text.size() : 0, ' ');
}

std::string right(const std::string& text, int width) { return padding(text, width) + text; }

// Every game won, or every game lost: no finite Elo (cutechess-cli prints inf and nan here).
bool perfect_or_null(const PlayerRecord& p) {
    return p.games() > 0 && (p.wins() == p.games() || p.losses() == p.games());
}

// The error cell: cutechess's half-width, or '-' where it has none (a perfect or null score, or a
// 95% interval that reaches 0% or 100%, where cutechess-cli prints nan).
std::string error_cell(const PlayerRecord& p) {
    const double error = figures(p.wins(), p.losses(), p.draws()).error;
    return perfect_or_null(p) || !std::isfinite(error) ? right("-", 7) : qt_fixed(error, 7, 0);
}

// The Elo cell: cutechess's figure, or for a perfect (null) score its one-sided 95% floor (ceiling)
// marked '>' ('<'), as every rating table of arbiter prints it (docs/statistics.md).
std::string elo_cell(const PlayerRecord& p) {
    if (!perfect_or_null(p)) return qt_fixed(figures(p.wins(), p.losses(), p.draws()).elo, 7, 0);
    const double floor = stats::perfect_score_floor(p.games());
    const bool perfect = p.wins() == p.games();
    return right((perfect ? "> " : "< ") + qt_fixed(perfect ? floor : -floor, 0, 0), 7);
}
std::string left(const std::string& text, int width) { return text + padding(text, width); }

std::string count(std::int64_t value) { return right(std::to_string(value), 7) + " "; }
std::string percent(double ratio) { return qt_fixed(ratio * 100.0, 6, 1) + "% "; }

struct Column {
    std::string header;  // empty: cutechess has a field name but prints nothing for it
    std::function<std::string(const PlayerRecord&, int rank)> cell;
};

Column kind_column(const char* header, EndingKind kind) {
    return {right(header, 7) + " ", [kind](const PlayerRecord& p, int) { return count(p.ending(kind)); }};
}

const std::map<std::string, Column>& columns() {
    using P = const PlayerRecord&;
    static const std::map<std::string, Column> table{
        {"Rank", {"Rank ", [](P, int rank) { return right(std::to_string(rank), 4) + " "; }}},
        {"Name", {left("Name", 25) + " ", [](P p, int) { return left(p.name, 25) + " "; }}},
        {"TC", {right("TC", 14) + " ", [](P p, int) { return right(p.time_control, 14) + " "; }}},
        {"Elo", {right("Elo", 7) + " ", [](P p, int) { return elo_cell(p) + " "; }}},
        {"Error", {right("+/-", 7) + " ", [](P p, int) { return error_cell(p) + " "; }}},
        {"Games", {right("Games", 7) + " ", [](P p, int) { return count(p.games()); }}},
        {"W", {right("Wins", 7) + " ", [](P p, int) { return count(p.wins()); }}},
        {"L", {right("Losses", 7) + " ", [](P p, int) { return count(p.losses()); }}},
        {"D", {right("Draws", 7) + " ", [](P p, int) { return count(p.draws()); }}},
        {"wW", {right("WWins", 7) + " ", [](P p, int) { return count(p.white_wins); }}},
        {"wL", {right("WLoss.", 7) + " ", [](P p, int) { return count(p.white_losses); }}},
        {"wD", {right("WDraws", 7) + " ", [](P p, int) { return count(p.white_draws); }}},
        {"bW", {right("BWins", 7) + " ", [](P p, int) { return count(p.black_wins); }}},
        {"bL", {right("BLoss.", 7) + " ", [](P p, int) { return count(p.black_losses); }}},
        {"bD", {right("BDraws", 7) + " ", [](P p, int) { return count(p.black_draws); }}},
        {"Points",
         {right("Points", 8) + " ",
          [](P p, int) { return qt_fixed(static_cast<double>(2 * p.wins() + p.draws()) / 2.0, 8, 1) + " "; }}},
        {"Score",
         {right("Score", 7) + " ", [](P p, int) { return percent(figures(p.wins(), p.losses(), p.draws()).score); }}},
        {"DScore",
         {right("Draw", 7) + " ",
          [](P p, int) { return percent(figures(p.wins(), p.losses(), p.draws()).draw_ratio); }}},
        {"wScore",
         {right("White", 7) + " ",
          [](P p, int) { return percent(figures(p.white_wins, p.white_losses, p.white_draws).score); }}},
        {"bScore",
         {right("Black", 7) + " ",
          [](P p, int) { return percent(figures(p.black_wins, p.black_losses, p.black_draws).score); }}},
        {"wDScore",
         {right("WDraw", 7) + " ",
          [](P p, int) { return percent(figures(p.white_wins, p.white_losses, p.white_draws).draw_ratio); }}},
        {"bDScore",
         {right("BDraw", 7) + " ",
          [](P p, int) { return percent(figures(p.black_wins, p.black_losses, p.black_draws).draw_ratio); }}},
        {"Time", kind_column("Time", EndingKind::time_forfeit)},
        {"Illegal", kind_column("Illegal", EndingKind::illegal_move)},
        {"Discon", kind_column("Discon", EndingKind::disconnection)},
        {"Stall", kind_column("Stall", EndingKind::stalled_connection)},
        {"WrClaim", kind_column("WrClaim", EndingKind::invalid_claim)},
        {"RegulL", kind_column("RegulL", EndingKind::regular_loss)},
        {"RegulW", kind_column("RegulW", EndingKind::regular_win)},
        {"OtherW", kind_column("OtherW", EndingKind::other_win)},
        {"DStale", kind_column("DStale", EndingKind::stalemate)},
        {"DMater", kind_column("DMater", EndingKind::insufficient_material)},
        {"DRepet", kind_column("DRepet", EndingKind::repetition)},
        {"DMoves", kind_column("DMoves", EndingKind::moves_rule)},
        {"DCount", kind_column("DCount", EndingKind::counting_rules)},
        {"DAdj", kind_column("DAdj", EndingKind::draw_adjudication)},
        {"DAgree", kind_column("DAgree", EndingKind::draw_agreement)},
        {"OtherD", kind_column("OtherD", EndingKind::other_draw)},
        // cutechess accepts these field names but has no figures for them: they print nothing.
        {"LOS", {}},
        {"wElo", {}},
        {"wError", {}},
        {"wLOS", {}},
        {"bElo", {}},
        {"bError", {}},
    };
    return table;
}

// The field names of `format`: a named format's list, named groups spelt out, split at commas
// with the spaces removed, empty ones skipped (cutechess's reading).
std::vector<std::string> format_fields(const std::string& format) {
    std::string text = format;
    if (auto named = named_formats().find(format); named != named_formats().end()) text = named->second;
    for (const auto& [group, fields] : named_groups()) {
        for (std::size_t at = text.find(group); at != std::string::npos; at = text.find(group, at + fields.size()))
            text.replace(at, group.size(), fields);
    }
    std::vector<std::string> names;
    std::string field;
    std::istringstream words(text);
    while (std::getline(words, field, ',')) {
        std::erase(field, ' ');
        if (!field.empty()) names.push_back(field);
    }
    return names;
}

// The columns of `format`; names cutechess does not know are dropped (resultformat_problem names
// them, and arbiter match refuses them before a run).
std::vector<const Column*> format_columns(const std::string& format) {
    std::vector<const Column*> chosen;
    for (const std::string& field : format_fields(format))
        if (auto column = columns().find(field); column != columns().end()) chosen.push_back(&column->second);
    return chosen;
}

}  // namespace

std::string cutechess_ranking(const std::vector<PlayerRecord>& players, const std::string& format, int gauntlet_seeds) {
    // Sorted by 1 - score; seeds of a gauntlet first (-1), engines without games last (2); equal
    // keys list the later engine first.
    std::multimap<double, std::size_t> order;
    for (std::size_t i = 0; i < players.size(); ++i) {
        const PlayerRecord& p = players[i];
        const bool seed = gauntlet_seeds > 0 && (i == 0 || static_cast<int>(i) < gauntlet_seeds);
        const double key = seed ? -1.0 : p.games() == 0 ? 2.0 : 1.0 - figures(p.wins(), p.losses(), p.draws()).score;
        order.emplace_hint(order.lower_bound(key), key, i);
    }
    const std::vector<const Column*> chosen = format_columns(format);
    std::string table;
    for (const Column* column : chosen) table += column->header;
    table += '\n';
    int rank = gauntlet_seeds > 0 ? -1 : 0;
    for (const auto& [key, index] : order) {
        ++rank;
        for (const Column* column : chosen)
            if (column->cell) table += column->cell(players[index], rank);
        table += '\n';
    }
    return table;
}

std::string cutechess_outcomes(const std::vector<PlayerRecord>& players) {
    std::string text;
    for (const PlayerRecord& player : players) {
        text += "\nPlayer: " + player.name;
        for (const auto& [outcome, times] : player.outcomes)
            text += "\n   \"" + outcome + "\": " + std::to_string(times);
    }
    return text;
}

std::string resultformat_problem(const std::string& format) {
    const std::vector<std::string> fields = format_fields(format);
    if (fields.empty()) return "'" + format + "' names no field";
    std::vector<std::string> unknown;
    for (const std::string& field : fields)
        if (!columns().count(field)) unknown.push_back("'" + field + "'");
    if (unknown.empty()) return {};
    std::string text = unknown.size() == 1 ? "unknown field" : "unknown fields";
    for (std::size_t i = 0; i < unknown.size(); ++i) text += (i ? ", " : " ") + unknown[i];
    text += " (format names:";
    for (const auto& [name, ignored] : named_formats()) text += " " + name;
    text += "; fields:";
    for (const auto& [field, ignored] : columns()) text += " " + field;
    text += "; groups:";
    for (const auto& [name, ignored] : named_groups()) text += " " + name;
    return text + ")";
}

std::string resultformat_help() {
    std::string text = "-resultformat takes one of these format names or a comma-separated list of fields.\n\n";
    for (const auto& [name, fields] : named_formats()) text += "  " + name + ": " + fields + "\n";
    text += "\nFields:";
    for (const auto& [field, column] : columns()) text += " " + field;
    text += "\n\nGroups a list may name:\n";
    for (const auto& [name, fields] : named_groups()) text += "  " + name + ": " + fields + "\n";
    return text;
}

}  // namespace arbiter::output
