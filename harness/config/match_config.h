#pragma once
// The description of one arbiter run, as given by cutechess-style flags (read in cli/match_flags.cpp)
// or by the equivalent JSON config file. Parsing only checks shape (names, numbers, enumerations);
// the parts that own a sub-language (adjudication rules, opening books) validate their own values.
// Time controls are the exception: tc's parser reads them here, so that a bad one is refused
// with the flag and engine named, before anything starts. Where a part has a type for a setting,
// MatchConfig holds that type, so config sits above the parts it configures and none of them
// includes it (docs/architecture.md).

#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "harness/adjudication/rules.h"
#include "harness/config/runner_settings.h"
#include "harness/config/tool_behaviour.h"
#include "harness/openings/book.h"
#include "harness/pgn/fastchess_layout.h"
#include "harness/protocol/types.h"
#include "harness/stats/elo.h"
#include "harness/stats/sprt.h"
#include "harness/tc/time_control.h"

namespace arbiter::config {

// Raised for any malformed flag or config entry; `where` names the flag or the JSON path so the
// user can find the mistake without reading our source.
class ConfigError : public std::runtime_error {
public:
    ConfigError(std::string where, const std::string& what)
        : std::runtime_error(where + ": " + what), where_(std::move(where)) {}
    const std::string& where() const { return where_; }

private:
    std::string where_;
};

// `tc=` as read: the control parsed where the flag or config key is read, and the text it was
// given as. The run identity and the JSON config write that text, not one made from the control:
// one control has several spellings ("10+0", "10", "0:10"), and a run stored under one of them
// must resume under it.
struct TimeControlSetting {
    tc::TimeControl control;  // the clock fields, or move_time_ms for "N/move"
    std::string text;
};

enum class RestartPolicy { Auto, On, Off };

struct EngineSpec {
    std::string name;
    std::string cmd;                // path or command name; empty when `build` or `catalogue` says it
    std::string dir;                // working directory; empty = arbiter's
    std::vector<std::string> args;  // `arg=` repeated (cutechess) and `args="..."` (fastchess)
    protocol::Protocol proto = protocol::Protocol::Uci;
    std::vector<std::pair<std::string, std::string>> options;  // in the order given
    std::vector<std::string> init_strings;                     // raw lines sent after the handshake (`initstr=`)
    // The search limits, each parsed and checked where it is read (see engine_limits.h). They stay
    // apart because -each and conf= fill only the keys an engine left out; config::time_control()
    // joins them into the control the game is played under.
    std::optional<TimeControlSetting> tc;  // cutechess time control, e.g. "120+1", "40/60", "0:30+0.5"
    std::optional<double> st;              // seconds per move, positive
    std::optional<uint64_t> nodes;         // 1 or more
    std::optional<int> depth;              // `depth=` or `plies=`, 1 or more
    std::optional<int> timemargin_ms;      // not negative
    RestartPolicy restart = RestartPolicy::Auto;
    std::optional<std::string> build;       // git revision to build (`build=REV`)
    std::optional<std::string> build_repo;  // the repository build= builds from (`repo=DIR`; default: here)
    // `arbiter build`'s recipe flags for build=, so a repository without an arbiter.json plays too:
    // `recipe=R` (--recipe), `recipe.dir=D`, `recipe.exe=E`, `recipe.target=T`, `bench=no`.
    std::optional<std::string> build_recipe, build_recipe_dir, build_recipe_exe, build_recipe_target;
    bool build_verify_bench = true;
    // arbiter build's --make-var, --net and --net-var for build= (`make-var.NAME=VALUE`, `net=FILE`,
    // `net-var=NAME`): an NNUE engine built as its author builds it. Checked where build= is resolved.
    std::vector<std::pair<std::string, std::string>> build_make_vars;
    std::optional<std::string> build_net, build_net_var;
    std::optional<std::string> catalogue;                  // name of a reference engine (`conf=` / `ref=`)
    std::vector<std::pair<std::string, std::string>> env;  // `env.NAME=VALUE`
    // cutechess-cli's engine keys (see README "Engine keys"):
    std::optional<std::string> book;         // `book=FILE`: a Polyglot book this engine plays from
    std::optional<int> book_depth;           // `bookdepth=N`: in full moves; unset: cutechess's 1000
    std::optional<std::string> stderr_file;  // `stderr=FILE`: its stderr appended there, not to -logdir
    std::optional<double> timeout_scale;     // `tscale=F`: its protocol timeouts times F (0.2 to 120)
    bool ponder = false;                     // `ponder`: thinks on the opponent's time
    bool whitepov = false;                   // `whitepov`: reports scores from White's point of view
    bool trust = false;                      // `trust`: result claims and mate scores taken as given
    bool debug = false;                      // `debug`: UCI `debug on` before every game
    // `history=since-irreversible`: UCI positions go out as the FEN after the last capture or pawn
    // move plus the moves since, as c-chess-cli sends them; `history=full` (the default) sends the
    // whole game from its start, as cutechess-cli and fastchess do. Unset: -each's, else full.
    std::optional<bool> history_since_irreversible;
};

// -sprt: the test, normalized Elo unless model= says logistic or bayesian (fastchess's BayesElo
// model, W/D/L only), and whether it counts games rather than game pairs.
struct SprtSpec {
    stats::SprtParameters parameters{0, 0, 0.05, 0.05, stats::EloModel::normalized};
    bool trinomial = false;  // pentanomial over game pairs unless asked otherwise
};

struct ShardSpec {
    int index = 1;  // 1-based K of K/N
    int count = 1;
};

// A half-open range of pair indexes, [begin, end): what `--pairs START:COUNT` asks for and what the
// schedule selects (harness/schedule/schedule.h, select_pairs).
struct PairRange {
    // The end of `--pairs START:0`, "to the end", and of a COUNT that runs past the last index.
    static constexpr std::uint64_t kOpenEnd = std::numeric_limits<std::uint64_t>::max();
    std::uint64_t begin = 0;
    std::uint64_t end = 0;

    static PairRange from_start_count(std::uint64_t start, std::uint64_t count) {
        return {start, count == 0 || count > kOpenEnd - start ? kOpenEnd : start + count};
    }
    std::uint64_t size() const { return end > begin ? end - begin : 0; }
    std::uint64_t count() const { return end == kOpenEnd ? 0 : size(); }  // START:COUNT's COUNT
    bool operator==(const PairRange&) const = default;
};

// `-output format=` (fastchess's flag): whose result lines a run prints at each rating interval and
// at the end. cutechess: arbiter's report plus cutechess-cli's Elo/SPRT/"Finished match" lines;
// fastchess: fastchess's results block.
enum class OutputFormat { cutechess, fastchess };

// What a fastchess config.json carries over ("stats"): the first engine's results in the games it
// counts, which are the first games() of the schedule (fastchess counts complete pairs only).
struct CarriedResults {
    stats::WdlCounts wdl;
    stats::PentaCounts penta;
    // Of penta.dd_wl, the pairs won once and lost once: fastchess's file counts them apart from the
    // pairs of two draws, and arbiter writes the file back.
    std::int64_t penta_wl = 0;
    std::int64_t games() const { return wdl.games(); }
    bool operator==(const CarriedResults&) const = default;
};

// fastchess's saved state: `-config file=F outname=F discard=B stats=B` (fastchess's form of -config)
// and, as fastchess saves it, always when arbiter runs as fastchess. The state file is written every
// -autosaveinterval games and at the end, in fastchess's format, so fastchess (or arbiter as
// fastchess) can resume from it.
struct FastchessStateSpec {
    std::string outname = "config.json";
    std::optional<CarriedResults> carried;  // from file=, unless stats=false or discard=true
    // The file's own text, so that the settings arbiter does not model are written back as read.
    std::string loaded_json;
};

// Whose pairing order, colours and opening order a run's schedule follows (harness/schedule/
// schedule.h): arbiter's own (all pairings advance together, a slot's pairings share its opening),
// cutechess-cli's or fastchess's. Set by cli/ for the tool whose command line it reads; part of the
// run's identity.
enum class ScheduleRules { arbiter, cutechess, fastchess };

// Which stored run a command continues; see harness/schedule/run_identity.h.
enum class ResumeMode {
    automatic,  // the latest run of the same identity unless it finished; else a new run
    latest,     // the latest run of the same identity even when finished (ladder steps)
    run,        // run resume_run, whatever its status, when it has the same identity
    fresh,      // always a new run
};

struct MatchConfig {
    std::vector<EngineSpec> engines;
    // -openings. Its order is random unless given (cli/ makes it sequential for cutechess-cli and
    // fastchess command lines); its seed and chess960 are not settings: the tournament sets them
    // from the run's seed and -variant.
    std::optional<openings::BookOptions> openings;
    std::string tournament = "round-robin";  // cutechess default; two engines make a match
    int games = 1;
    int rounds = 1;
    bool repeat = false;
    int concurrency = 0;  // 0 = number of cores
    std::optional<adjudication::DrawRule> draw;
    std::optional<adjudication::ResignRule> resign;
    int maxmoves = 0;
    std::optional<std::string> pgnout;
    bool pgnout_min = false;
    std::optional<std::string> epdout;
    // Where each engine's stderr is appended, one file per engine name. Unset: "<db stem>-logs"
    // beside the database; "off" discards it.
    std::optional<std::string> logdir;
    bool recover = false;
    uint64_t seed = 0;
    bool seed_given = false;
    std::optional<SprtSpec> sprt;
    int ratinginterval = 0;
    std::string db = "arbiter.db";
    std::optional<ShardSpec> shard;
    std::optional<PairRange> pairs;
    std::string event = "arbiter";
    std::string site = "";
    std::string variant = "standard";
    std::optional<std::string> catalogue_file;
    // `-ping-ms`: how long a move may take when no clock runs (nodes=/depth= limits) before the
    // engine counts as stalled. Unset: the game layer's default (two minutes).
    std::optional<std::int64_t> ping_ms;
    OutputFormat output = OutputFormat::cutechess;
    // Which tool's behaviour the run reproduces where cutechess-cli and fastchess differ: never part
    // of the run's identity or the config file.
    ToolBehaviour behaviour;
    // How this invocation picks its run: per command, never part of the run's identity or the config file.
    ResumeMode resume = ResumeMode::automatic;
    std::int64_t resume_run = 0;  // with ResumeMode::run
    // -pgnout/-epdout in fastchess's form, -crc32 and fastchess's -config: output only, never part
    // of the run's identity.
    // `-pgnout file=F key=value...`: fastchess's layout (harness/pgn/fastchess_layout.h); unset:
    // cutechess's (`-pgnout FILE [min]`, harness/pgn/cutechess_layout.h).
    std::optional<pgn::FastchessPgnOptions> pgnout_fastchess;
    bool pgnout_append = true;  // false: a run that starts with no games empties the file first
    bool epdout_append = true;
    bool pgnout_crc32 = false;  // -crc32 pgn=true: print the PGN file's CRC32 after each game
    int autosaveinterval = 20;  // games between two writes of the fastchess state file; 0: at the end only
    std::optional<FastchessStateSpec> fastchess_state;

    // Tournament and result-list settings (cli/tournament_flags.cpp). What changes the games
    // played is part of the run's identity; wait, the intervals and the result format are not.
    ScheduleRules schedule = ScheduleRules::arbiter;
    int repeat_count = 2;                  // with `repeat`: games per opening (cutechess -repeat N)
    int seeds = 0;                         // -seeds N; 0: the tournament's default (gauntlet 1, knockout none)
    bool noswap = false;                   // -noswap: the pairing's first engine keeps White
    bool reverse = false;                  // -reverse: every game's colours the other way round
    std::optional<bool> report_penta;      // -report penta=; unset: pentanomial when games come in pairs
    std::int64_t wait_ms = 0;              // -wait: pause of a worker before each game but its first
    int outcomeinterval = 0;               // -outcomeinterval: cutechess's outcome list every N games
    int scoreinterval = 1;                 // -scoreinterval: the Score line every N games (0: never)
    std::string resultformat = "default";  // -resultformat: cutechess's ranking table columns
    // Syzygy tablebase adjudication (-tb, -tbpieces, -tbignore50, -tbadjudicate; harness/config/
    // tablebase_settings.h). Part of the run's identity: it decides results. No directories: off.
    std::vector<std::string> tb_paths;
    int tb_pieces = 0;  // 0: up to the largest table found
    bool tb_ignore50 = false;
    adjudication::TablebaseVerdicts tb_adjudicate = adjudication::TablebaseVerdicts::both;
    // Engine-facing settings (cli/engine_flags.cpp); none of them changes what the games are, so
    // none is part of the run's identity.
    std::string bookmode = "ram";               // -bookmode ram|disk; books are read into memory either way
    std::optional<std::string> engines_file;    // -engines FILE: cutechess's engines.json for conf=NAME
    bool strict = false;                        // -strict: an option an engine does not declare is an error
    bool check_mate_pvs = false;                // -check-mate-pvs: mating PVs are checked too
    bool show_latency = false;                  // -show-latency: measured minus reported time, per move
    std::optional<std::int64_t> startup_ms;     // -startup-ms: the uci/xboard handshake's limit
    std::optional<std::int64_t> ucinewgame_ms;  // -ucinewgame-ms: ucinewgame + isready's limit
    // Diagnostics and placement of the runner (cli/runner_flags.cpp); none of them changes the games,
    // so none is part of the run's identity.
    bool debug = false;              // `-debug`: every engine line, timestamped (cutechess-cli)
    std::optional<LogSpec> log;      // `-log file= ...` (fastchess)
    bool use_affinity = false;       // `-use-affinity [CPUS]`: one CPU per game slot for its engines
    std::vector<int> affinity_cpus;  // the CPUs to hand out, in order; empty: every CPU, cores first
    bool force_concurrency = false;  // `-force-concurrency`: more games at once than hardware threads
    bool thread_affinity = true;     // `-thread-affinity off`: game threads not pinned (cpu_slots.h)
    bool test_env = false;           // `-testEnv`: warnings one line each (fastchess)
};

// JSON config <-> MatchConfig. Keys mirror the flag names (see README "Config file").
MatchConfig match_config_from_json(const nlohmann::json& json, const std::string& source);
MatchConfig load_match_config_file(const std::string& path);
nlohmann::json match_config_to_json(const MatchConfig& config);

// Stable text that identifies a run for resume: the config with presentation-only settings
// (concurrency, output paths, rating interval, shard) removed.
std::string run_identity(const MatchConfig& config);

std::string to_string(protocol::Protocol proto);  // "uci" / "xboard", as proto= spells them

// "cutechess" / "fastchess"; parse returns false on anything else.
std::string to_string(OutputFormat format);
bool parse_output_format(const std::string& text, OutputFormat& format);

// "arbiter" / "cutechess" / "fastchess"; parse returns false on anything else.
std::string to_string(ScheduleRules rules);
bool parse_schedule_rules(const std::string& text, ScheduleRules& rules);

}  // namespace arbiter::config
