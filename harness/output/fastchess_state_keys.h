#pragma once
// The names in fastchess's config.json (fastchess_state.h), spelled once here for its reader
// (fastchess_state_read.cpp) and its writer (fastchess_state.cpp), so that the two cannot drift
// apart: a key fastchess renames is renamed for both. A name used in several objects ("file",
// "enabled", "move_count") is one constant.

#include <array>
#include <span>
#include <string>
#include <string_view>

namespace arbiter::output::fastchess_keys {

// The top level, in fastchess 1.8's order.
inline constexpr const char* resign = "resign";
inline constexpr const char* draw = "draw";
inline constexpr const char* maxmoves = "maxmoves";
inline constexpr const char* tb_adjudication = "tb_adjudication";
inline constexpr const char* opening = "opening";
inline constexpr const char* pgn = "pgn";
inline constexpr const char* epd = "epd";
inline constexpr const char* sprt = "sprt";
inline constexpr const char* config_name = "config_name";
inline constexpr const char* output = "output";
inline constexpr const char* seed = "seed";
inline constexpr const char* variant = "variant";  // also each engine's
inline constexpr const char* type = "type";
inline constexpr const char* gauntlet_seeds = "gauntlet_seeds";
inline constexpr const char* ratinginterval = "ratinginterval";
inline constexpr const char* scoreinterval = "scoreinterval";
inline constexpr const char* wait = "wait";
inline constexpr const char* autosaveinterval = "autosaveinterval";
inline constexpr const char* games = "games";
inline constexpr const char* rounds = "rounds";
inline constexpr const char* concurrency = "concurrency";
inline constexpr const char* force_concurrency = "force_concurrency";
inline constexpr const char* recover = "recover";
inline constexpr const char* noswap = "noswap";
inline constexpr const char* reverse = "reverse";
inline constexpr const char* report_penta = "report_penta";
inline constexpr const char* affinity = "affinity";
inline constexpr const char* check_mate_pvs = "check_mate_pvs";
inline constexpr const char* show_latency = "show_latency";
inline constexpr const char* log = "log";
inline constexpr const char* engines = "engines";
inline constexpr const char* stats = "stats";

// Inside resign, draw, maxmoves, tb_adjudication and sprt.
inline constexpr const char* enabled = "enabled";
inline constexpr const char* move_count = "move_count";
inline constexpr const char* move_number = "move_number";
inline constexpr const char* score = "score";
inline constexpr const char* twosided = "twosided";
inline constexpr const char* syzygy_dirs = "syzygy_dirs";
inline constexpr const char* max_pieces = "max_pieces";
inline constexpr const char* ignore_50_move_rule = "ignore_50_move_rule";
inline constexpr const char* alpha = "alpha";
inline constexpr const char* beta = "beta";
inline constexpr const char* elo0 = "elo0";
inline constexpr const char* elo1 = "elo1";
inline constexpr const char* model = "model";

// Inside opening, pgn, epd and log.
inline constexpr const char* file = "file";
inline constexpr const char* append_file = "append_file";
inline constexpr const char* format = "format";
inline constexpr const char* order = "order";
inline constexpr const char* plies = "plies";  // also an engine's limit
inline constexpr const char* start = "start";
inline constexpr const char* additional_lines_rgx = "additional_lines_rgx";
inline constexpr const char* event_name = "event_name";
inline constexpr const char* site = "site";
inline constexpr const char* notation = "notation";
inline constexpr const char* track_nodes = "track_nodes";
inline constexpr const char* track_seldepth = "track_seldepth";
inline constexpr const char* track_nps = "track_nps";
inline constexpr const char* track_hashfull = "track_hashfull";
inline constexpr const char* track_tbhits = "track_tbhits";
inline constexpr const char* track_timeleft = "track_timeleft";
inline constexpr const char* track_latency = "track_latency";
inline constexpr const char* track_pv = "track_pv";
inline constexpr const char* min = "min";
inline constexpr const char* crc = "crc";
inline constexpr const char* level = "level";
inline constexpr const char* compress = "compress";
inline constexpr const char* realtime = "realtime";
inline constexpr const char* engine_coms = "engine_coms";

// Inside each of engines[], its limit and the limit's tc.
inline constexpr const char* name = "name";
inline constexpr const char* dir = "dir";
inline constexpr const char* cmd = "cmd";
inline constexpr const char* args = "args";
inline constexpr const char* restart = "restart";
inline constexpr const char* options = "options";
inline constexpr const char* limit = "limit";
inline constexpr const char* tc = "tc";
inline constexpr const char* nodes = "nodes";
inline constexpr const char* time = "time";
inline constexpr const char* increment = "increment";
inline constexpr const char* moves = "moves";
inline constexpr const char* fixed_time = "fixed_time";
inline constexpr const char* timemargin = "timemargin";

// Inside each entry of stats.
inline constexpr const char* wins = "wins";
inline constexpr const char* losses = "losses";
inline constexpr const char* draws = "draws";
inline constexpr const char* penta_WW = "penta_WW";
inline constexpr const char* penta_WD = "penta_WD";
inline constexpr const char* penta_WL = "penta_WL";
inline constexpr const char* penta_DD = "penta_DD";
inline constexpr const char* penta_LD = "penta_LD";
inline constexpr const char* penta_LL = "penta_LL";

// The stats entry of a match, `first`'s results against `second`: "A vs B".
inline std::string stats_entry(const std::string& first, const std::string& second) { return first + " vs " + second; }

// fastchess saves an enum as the number of its value: each enum's values, in number order, in the
// words arbiter's settings use for them.
using Words = std::span<const std::string_view>;
inline constexpr std::array<std::string_view, 3> opening_formats{"epd", "pgn", "none"};
inline constexpr std::array<std::string_view, 2> opening_orders{"random", "sequential"};
inline constexpr std::array<std::string_view, 3> notations{"san", "lan", "uci"};
inline constexpr std::array<std::string_view, 2> variants{"standard", "fischerandom"};
inline constexpr std::array<std::string_view, 2> tournament_types{"round-robin", "gauntlet"};
inline constexpr std::array<std::string_view, 2> output_formats{"fastchess", "cutechess"};
inline constexpr std::array<std::string_view, 6> log_levels{"all", "trace", "info", "warn", "err", "fatal"};

// The number fastchess saves for `word`; `otherwise` for a value fastchess has no number for.
inline int number_of(Words words, std::string_view word, int otherwise) {
    for (std::size_t number = 0; number < words.size(); ++number)
        if (words[number] == word) return static_cast<int>(number);
    return otherwise;
}

}  // namespace arbiter::output::fastchess_keys
