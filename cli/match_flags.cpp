// cutechess-cli / fastchess flag parsing. A flag's values run until the next word that starts with
// '-' and is not a negative number, exactly as cutechess groups them (FlagReader::words_until_flag),
// so existing scripts work.
#include "cli/match_flags.h"

#include <algorithm>

#include "cli/dialect.h"
#include "cli/engine_flags.h"
#include "cli/flag_reader.h"
#include "cli/match_flag_group.h"
#include "cli/output_flags.h"
#include "cli/tablebase_flags.h"
#include "cli/runner_flags.h"
#include "cli/tournament_flags.h"
#include "harness/config/choices.h"
#include "harness/config/data_files.h"
#include "harness/config/engine_spec.h"
#include "harness/config/parse_number.h"
#include "harness/config/plain_text.h"

namespace arbiter::cli {

using namespace config;

std::pair<std::string, std::string> split_key_value(const std::string& token, const std::string& where) {
    auto eq = token.find('=');
    if (eq == std::string::npos || eq == 0) throw ConfigError(where, "expected key=value, got '" + token + "'");
    return {token.substr(0, eq), token.substr(eq + 1)};
}

const std::string& single_value(const std::string& flag, const std::vector<std::string>& values) {
    if (values.size() != 1) throw ConfigError(flag, "expects exactly one value");
    return values.front();
}

void expect_no_value(const std::string& flag, const std::vector<std::string>& values) {
    if (!values.empty()) throw ConfigError(flag, "takes no value, got '" + values.front() + "'");
}

namespace {

// The words are kept as typed until every key is read, so that a missing file= is reported first.
openings::BookOptions parse_openings(const std::vector<std::string>& values, const FlagReading& reading) {
    openings::BookOptions book;
    std::string format, order = reading.openings_order, policy = "default";
    int start = 1;
    for (const auto& token : values) {
        auto [key, value] = split_key_value(token, "-openings");
        const std::string at = "-openings " + key;
        if (key == "file") book.file = value;
        else if (key == "format") format = value;
        else if (key == "order") order = value;
        else if (key == "plies") book.plies = parse_integer<int>(value, at);
        else if (key == "start") start = parse_integer<int>(value, at);
        else if (key == "policy") policy = value;
        else throw ConfigError(at, "unknown openings setting");
    }
    if (book.file.empty()) throw ConfigError("-openings", "file= is required");
    // A book by its short name ("noob_2moves.epd") from the books arbiter ships, from any directory.
    book.file = config::resolve_book(book.file, config::installed_data_dir());
    book.order = book_order(order, "-openings order");
    book.format = book_format(format, "-openings format");
    check_at_least(start, 1, "-openings start");
    book.start = static_cast<std::size_t>(start);
    book.policy = opening_policy(policy, "-openings policy");
    return book;
}

adjudication::DrawRule parse_draw(const std::vector<std::string>& values) {
    adjudication::DrawRule rule;
    for (const auto& token : values) {
        auto [key, value] = split_key_value(token, "-draw");
        const std::string at = "-draw " + key;
        if (key == "movenumber") rule.move_number = parse_integer<int>(value, at);
        else if (key == "movecount") rule.move_count = parse_integer<int>(value, at);
        else if (key == "score") rule.score_cp = parse_integer<int>(value, at);
        else throw ConfigError(at, "unknown draw setting");
    }
    return rule;
}

adjudication::ResignRule parse_resign(const std::vector<std::string>& values) {
    adjudication::ResignRule rule;
    for (const auto& token : values) {
        auto [key, value] = split_key_value(token, "-resign");
        const std::string at = "-resign " + key;
        if (key == "movecount") rule.move_count = parse_integer<int>(value, at);
        else if (key == "score") rule.score_cp = parse_integer<int>(value, at);
        else if (key == "twosided") rule.two_sided = parse_flag_bool(value, at);
        else throw ConfigError(at, "unknown resign setting");
    }
    return rule;
}

SprtSpec parse_sprt(const std::vector<std::string>& values) {
    SprtSpec sprt;
    stats::SprtParameters& test = sprt.parameters;
    std::string model = "normalized";
    bool has_elo0 = false, has_elo1 = false;
    for (const auto& token : values) {
        auto [key, value] = split_key_value(token, "-sprt");
        const std::string at = "-sprt " + key;
        if (key == "elo0") test.elo0 = parse_real(value, at), has_elo0 = true;
        else if (key == "elo1") test.elo1 = parse_real(value, at), has_elo1 = true;
        else if (key == "alpha") test.alpha = parse_real(value, at);
        else if (key == "beta") test.beta = parse_real(value, at);
        else if (key == "model") model = value;
        else if (key == "type" || key == "stat") sprt.trinomial = value == "trinomial";
        else throw ConfigError(at, "unknown sprt setting");
    }
    if (!has_elo0 || !has_elo1) throw ConfigError("-sprt", "elo0= and elo1= are required");
    test.model = sprt_model(model, "-sprt");
    check_sprt(test, "-sprt");
    return sprt;
}

OutputFormat parse_output(const std::vector<std::string>& values) {
    if (values.size() != 1) throw ConfigError("-output", "expects format=cutechess or format=fastchess");
    auto [key, value] = split_key_value(values.front(), "-output");
    if (key != "format") throw ConfigError("-output", "unknown key '" + key + "' (only format=)");
    OutputFormat format = OutputFormat::cutechess;
    if (parse_output_format(value, format)) return format;
    throw ConfigError("-output format", "must be cutechess or fastchess, got '" + value + "'");
}

// Both -flag and --flag are accepted, as fastchess users type either.
bool apply_core_flag(FlagContext& ctx, const FlagGroup& group) {
    MatchConfig& c = ctx.config;
    const std::string& flag = group.flag;
    const std::string& name = group.name;
    const std::vector<std::string>& values = group.values;
    if (name == "engine") {
        EngineSpec spec;
        const std::string where = "-engine #" + std::to_string(c.engines.size() + 1);
        for (const auto& token : values) apply_engine_token(spec, token, where);
        c.engines.push_back(std::move(spec));
    } else if (name == "each") {
        for (const auto& token : values) apply_engine_token(ctx.each, token, "-each");
        ctx.each_given = true;
    } else if (name == "openings") {
        c.openings = parse_openings(values, ctx.reading);
    } else if (name == "concurrency") {
        c.concurrency = parse_integer<int>(single_value(flag, values), flag);
        check_at_least(c.concurrency, 1, flag);
    } else if (name == "draw") {
        c.draw = parse_draw(values);
    } else if (name == "resign") {
        c.resign = parse_resign(values);
    } else if (name == "maxmoves") {
        c.maxmoves = parse_integer<int>(single_value(flag, values), flag);
    } else if (name == "logdir") {
        c.logdir = single_value(flag, values);
    } else if (name == "recover") {
        expect_no_value(flag, values);
        c.recover = true;
    } else if (name == "seed" || name == "srand") {
        c.seed = parse_integer<uint64_t>(single_value(flag, values), flag);
        c.seed_given = true;
    } else if (name == "sprt") {
        c.sprt = parse_sprt(values);
    } else if (name == "ratinginterval") {
        c.ratinginterval = parse_integer<int>(single_value(flag, values), flag);
    } else if (name == "db") {
        c.db = single_value(flag, values);
    } else if (name == "shard") {
        const std::string& text = single_value(flag, values);
        auto slash = text.find('/');
        if (slash == std::string::npos) throw ConfigError(flag, "expected K/N, got '" + text + "'");
        ShardSpec shard{parse_integer<int>(text.substr(0, slash), flag),
                        parse_integer<int>(text.substr(slash + 1), flag)};
        if (shard.count < 1 || shard.index < 1 || shard.index > shard.count) {
            throw ConfigError(flag, "K/N needs 1 <= K <= N, got '" + text + "'");
        }
        c.shard = shard;
    } else if (name == "pairs") {
        const std::string& text = single_value(flag, values);
        auto colon = text.find(':');
        if (colon == std::string::npos) throw ConfigError(flag, "expected START:COUNT, got '" + text + "'");
        c.pairs = PairRange::from_start_count(parse_integer<uint64_t>(text.substr(0, colon), flag),
                                              parse_integer<uint64_t>(text.substr(colon + 1), flag));
    } else if (name == "resume") {
        c.resume_run = parse_integer<std::int64_t>(single_value(flag, values), flag);
        if (c.resume_run < 1) throw ConfigError(flag, "expects a run id (1 or more)");
        if (c.resume == ResumeMode::fresh) throw ConfigError(flag, "--new and --resume exclude each other");
        c.resume = ResumeMode::run;
    } else if (name == "new") {
        expect_no_value(flag, values);
        if (c.resume == ResumeMode::run) throw ConfigError(flag, "--new and --resume exclude each other");
        c.resume = ResumeMode::fresh;
    } else if (name == "event") {
        c.event = single_value(flag, values);
        require_plain_text(c.event, flag);  // a PGN tag: one line
    } else if (name == "site") {
        c.site = single_value(flag, values);
        require_plain_text(c.site, flag);
    } else if (name == "variant") {
        c.variant = single_value(flag, values);
        check_variant(c.variant, flag);
    } else if (name == "ping-ms") {
        c.ping_ms = parse_integer<std::int64_t>(single_value(flag, values), flag);
        check_ping_ms(*c.ping_ms, flag);
    } else if (name == "output") {
        c.output = parse_output(values);
    } else if (name == "catalogue") {
        c.catalogue_file = single_value(flag, values);
    } else {
        return false;
    }
    return true;
}

// Every area of the vocabulary, asked in turn; see cli/match_flag_group.h.
constexpr FlagApplier kFlagAppliers[] = {apply_core_flag,   apply_output_flag, apply_tablebase_flag,
                                         apply_engine_flag, apply_runner_flag, apply_tournament_flag};

void apply_flag(FlagContext& ctx, const FlagGroup& group) {
    for (FlagApplier applier : kFlagAppliers) {
        if (applier(ctx, group)) return;
    }
    throw ConfigError(group.flag, "unknown flag (see arbiter --help)");
}

// Groups words into (flag, values...) first, so `-config` can be applied before the rest.
std::vector<FlagGroup> group_flags(const std::vector<std::string>& args) {
    std::vector<FlagGroup> groups;
    FlagReader reader(args);
    while (reader.next()) {
        if (reader.is_positional()) throw ConfigError(reader.word(), "expected a flag such as -engine");
        groups.push_back({reader.flag(), reader.name(), reader.words_until_flag()});
    }
    return groups;
}

// --fail-on-forfeits [SHARE]: the share of its games a player may forfeit, below 1 (at 1 nothing
// could ever be over it); one half when not given.
double parse_forfeit_limit(const FlagGroup& group) {
    if (group.values.empty()) return runner::kDefaultForfeitLimit;
    const double limit = parse_real(single_value(group.flag, group.values), group.flag);
    if (!(limit >= 0 && limit < 1))
        throw ConfigError(
            group.flag, "expects a share of games from 0 up to (not including) 1, got '" + group.values.front() + "'");
    return limit;
}

// Flags of the command itself, not part of the shared cutechess/fastchess vocabulary.
bool apply_command_flag(MatchRequest& request, const FlagGroup& group) {
    if (group.name == "fail-on-forfeits") {
        request.options.forfeit_limit = parse_forfeit_limit(group);
        return true;
    }
    if (group.name == "fail-on-h0") request.fail_on_h0 = true;
    else if (group.name == "no-db-check") request.options.check_db_pages = false;
    else if (group.name == "engines" && group.values.empty()) request.list_engines = true;
    else return false;
    expect_no_value(group.flag, group.values);
    return true;
}

// Combinations no single flag can see.
void validate(const MatchConfig& config) {
    const bool polyglot = config.openings && config.openings->format == openings::BookFormat::Bin;
    if (config.variant == "fischerandom" && polyglot)
        throw ConfigError("-openings",
                          "Polyglot books hold standard chess only; -variant fischerandom needs EPD or PGN");
    check_at_least(config.ratinginterval, 0, "-ratinginterval");
    check_at_least(config.maxmoves, 0, "-maxmoves");
}

// The dialect first: it decides what the other words mean. The last -dialect wins, so one given
// by hand overrides the name arbiter was called under (cli/main.cpp puts that first).
Dialect read_dialect(const std::vector<FlagGroup>& groups) {
    Dialect dialect = Dialect::arbiter;
    for (const auto& group : groups) {
        if (group.name != "dialect") continue;
        const std::string& text = single_value(group.flag, group.values);
        if (!parse_dialect(text, dialect))
            throw ConfigError(group.flag, "must be arbiter, cutechess or fastchess, got '" + text + "'");
    }
    return dialect;
}

bool is_read_first(const FlagGroup& group) { return group.name == "config" || group.name == "dialect"; }

}  // namespace

MatchRequest read_match_flags(const std::vector<std::string>& args) {
    const std::vector<FlagGroup> groups = group_flags(args);
    MatchRequest request;
    MatchConfig& config = request.config;
    const DialectSettings dialect = dialect_settings(read_dialect(groups));
    config = dialect.start;
    for (const auto& group : groups) {
        if (group.name == "config") apply_config_flag(config, group, dialect.reading);
    }
    restate_over_config_file(config, dialect);
    EngineSpec each;
    FlagContext ctx{config, each, false, dialect.reading};
    for (const auto& group : groups) {
        if (!is_read_first(group) && !apply_command_flag(request, group)) apply_flag(ctx, group);
    }
    if (ctx.each_given) {
        for (auto& engine : config.engines) apply_each(engine, each);
    }
    // cutechess-cli's -debug also puts every engine in its own debug mode.
    if (config.debug) {
        for (auto& engine : config.engines) engine.debug = true;
    }
    check_at_least(config.games, 1, "-games");
    check_at_least(config.rounds, 1, "-rounds");
    settle_tournament_flags(config);
    validate(config);
    request.warnings = check_tournament_values(config, groups, dialect.reading);
    return request;
}

MatchConfig parse_match_flags(const std::vector<std::string>& args) { return read_match_flags(args).config; }

}  // namespace arbiter::cli
