#include "cli/tournament_flags.h"

#include <algorithm>
#include <thread>

#include "harness/config/choices.h"
#include "harness/config/engine_spec.h"
#include "harness/config/parse_number.h"
#include "harness/config/tournament_json.h"
#include "harness/output/result_list.h"

namespace arbiter::cli {
namespace {

using namespace config;

int non_negative(const FlagGroup& group) {
    const int value = parse_integer<int>(single_value(group.flag, group.values), group.flag);
    check_at_least(value, 0, group.flag);
    return value;
}

int positive(const FlagGroup& group) {
    const int value = parse_integer<int>(single_value(group.flag, group.values), group.flag);
    check_at_least(value, 1, group.flag);
    return value;
}

// cutechess: each opening N times (2 without a value); fastchess: -games N (2 without a value).
void apply_repeat(FlagContext& ctx, const FlagGroup& group) {
    int times = 2;
    if (!group.values.empty()) {
        times = parse_integer<int>(single_value(group.flag, group.values), group.flag);
        check_at_least(times, 1, group.flag);
    }
    if (ctx.reading.repeat_sets_games) {
        ctx.config.games = times;
        return;
    }
    ctx.config.repeat = times > 1;
    ctx.config.repeat_count = times;
}

void apply_report(MatchConfig& config, const FlagGroup& group) {
    if (group.values.empty()) throw ConfigError(group.flag, "expects penta=true|false");
    for (const auto& token : group.values) {
        auto [key, value] = split_key_value(token, group.flag);
        if (key != "penta") throw ConfigError(group.flag, "unknown key '" + key + "' (only penta=)");
        if (value != "true" && value != "false")
            throw ConfigError(group.flag + " penta", "must be true or false, got '" + value + "'");
        config.report_penta = value == "true";
    }
}

// fastchess's quick start: two engines at 10+0.1 over a book in random order, pairs of games with
// colours reversed for 25000 rounds, -recover, draw adjudication after move 30 (8 moves within
// 8 cp), cutechess-style output and all but two of the cores.
void apply_quick(MatchConfig& config, const FlagGroup& group, const FlagReading& reading) {
    std::vector<EngineSpec> engines;
    std::string book;
    for (const auto& token : group.values) {
        auto [key, value] = split_key_value(token, group.flag);
        if (key == "cmd") {
            EngineSpec spec;
            apply_engine_token(spec, "cmd=" + value, group.flag);
            apply_engine_token(spec, "tc=10+0.1", group.flag);
            spec.name = value;
            engines.push_back(std::move(spec));
        } else if (key == "book") {
            book = value;
        } else {
            throw ConfigError(group.flag, "unknown key '" + key + "' (cmd=, book=)");
        }
    }
    if (engines.size() != 2) throw ConfigError(group.flag, "needs exactly two cmd= entries");
    if (book.empty()) throw ConfigError(group.flag, "needs book=FILE");
    const bool pgn = book.ends_with(".pgn");
    if (!pgn && !book.ends_with(".epd"))
        throw ConfigError(group.flag, "book=" + book + ": the file must end in .pgn or .epd");
    if (engines[0].name == engines[1].name) {
        engines[0].name += "1";
        engines[1].name += "2";
    }
    for (auto& engine : engines) config.engines.push_back(std::move(engine));
    openings::BookOptions book_options;
    book_options.file = book;
    book_options.format = pgn ? openings::BookFormat::Pgn : openings::BookFormat::Epd;
    book_options.order = openings::BookOrder::Random;
    config.openings = book_options;
    config.games = 2;
    config.rounds = 25000;
    // Two games per opening with colours reversed is what fastchess's -games 2 means.
    if (!reading.repeat_sets_games) config.repeat = true, config.repeat_count = 2;
    config.concurrency = std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 2);
    config.recover = true;
    config.draw = adjudication::DrawRule{30, 8, 8};
    config.output = OutputFormat::cutechess;
}

// Where a tournament setting came from, for messages: the flag as typed, else the JSON config's
// key ("run.json.seeds"), else the flag's name.
std::string source_of(const std::vector<FlagGroup>& groups, const std::string& name) {
    std::string where = "-" + name;
    for (const auto& group : groups) {
        if (group.name == name) return group.flag;
        const bool json_file = group.values.size() == 1 && group.values[0].find('=') == std::string::npos;
        if (group.name == "config" && json_file) where = group.values[0] + "." + name;
    }
    return where;
}

bool flag_given(const std::vector<FlagGroup>& groups, const std::string& name) {
    return std::any_of(groups.begin(), groups.end(), [&](const FlagGroup& group) { return group.name == name; });
}

// -seeds out of the tournament's range: arbiter refuses it; cutechess-cli and fastchess take any
// count and bound it without a word (cutechess: a gauntlet 1..n-1, a knockout 0..n; fastchess's
// gauntlet 1..n-1, where 0 plays no game at all), so with FlagReading::seeds_bounded arbiter plays
// the bounded count and says so. Other tournaments do not read -seeds.
void check_seeds(const MatchConfig& config, const std::string& where, bool bounded,
                 std::vector<std::string>& warnings) {
    const int engines = static_cast<int>(config.engines.size());
    const bool gauntlet = config.tournament == "gauntlet";
    if ((!gauntlet && config.tournament != "knockout") || engines < 2) return;
    const int low = gauntlet ? 1 : 0;
    const int high = gauntlet ? engines - 1 : engines;
    if (config.seeds >= low && config.seeds <= high) return;
    const std::string range = "a " + config.tournament + " of " + std::to_string(engines) + " engines has " +
                              std::to_string(low) + " to " + std::to_string(high) + " seeds, got " +
                              std::to_string(config.seeds);
    if (!bounded) throw ConfigError(where, range);
    warnings.push_back(where + ": " + range + "; playing with " + std::to_string(std::clamp(config.seeds, low, high)));
}

}  // namespace

bool apply_tournament_flag(FlagContext& ctx, const FlagGroup& group) {
    MatchConfig& c = ctx.config;
    const std::string& name = group.name;
    if (name == "tournament") c.tournament = normalize_tournament(single_value(group.flag, group.values), group.flag);
    else if (name == "games") c.games = positive(group);
    else if (name == "rounds") c.rounds = positive(group);
    else if (name == "repeat") apply_repeat(ctx, group);
    else if (name == "seeds") c.seeds = non_negative(group);
    else if (name == "wait") c.wait_ms = non_negative(group);
    else if (name == "outcomeinterval") c.outcomeinterval = non_negative(group);
    else if (name == "scoreinterval") c.scoreinterval = non_negative(group);
    else if (name == "resultformat") c.resultformat = single_value(group.flag, group.values);
    else if (name == "report") apply_report(c, group);
    else if (name == "quick") apply_quick(c, group, ctx.reading);
    else if (name == "noswap" || name == "reverse") {
        expect_no_value(group.flag, group.values);
        (name == "noswap" ? c.noswap : c.reverse) = true;
    } else {
        return false;
    }
    return true;
}

void settle_tournament_flags(MatchConfig& config) {
    if (config.schedule == ScheduleRules::fastchess && config.games > 2) {
        // fastchess takes a -games above 2 for -rounds given the wrong way round, and swaps them.
        std::swap(config.games, config.rounds);
        if (config.games > 2)
            throw ConfigError("-games", "fastchess plays at most 2 games per round (got " +
                                            std::to_string(config.rounds) + " and -rounds " +
                                            std::to_string(config.games) + ")");
    }
    if (config.tournament == "knockout" && (config.shard || config.pairs))
        throw ConfigError(config.shard ? "--shard" : "--pairs",
                          "a knockout's games depend on its results; it cannot be split");
}

std::vector<std::string> check_tournament_values(const MatchConfig& config, const std::vector<FlagGroup>& groups,
                                                 const FlagReading& reading) {
    if (const std::string problem = output::resultformat_problem(config.resultformat); !problem.empty())
        throw ConfigError(source_of(groups, "resultformat"), problem);
    std::vector<std::string> warnings;
    if (flag_given(groups, "seeds") || config.seeds != 0)
        check_seeds(config, source_of(groups, "seeds"), reading.seeds_bounded, warnings);
    return warnings;
}

bool asks_for_resultformat_help(const std::vector<std::string>& args) {
    for (std::size_t i = 0; i + 1 < args.size(); ++i) {
        if ((args[i] == "-resultformat" || args[i] == "--resultformat") && args[i + 1] == "help") return true;
    }
    return false;
}

}  // namespace arbiter::cli
