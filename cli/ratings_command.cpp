// `arbiter ratings`: Ordo-style ratings of every player in a database or a PGN file.
#include "cli/ratings_command.h"

#include <limits>
#include <map>
#include <nlohmann/json.hpp>

#include "cli/exit_status.h"
#include "cli/flag_reader.h"
#include "cli/help.h"
#include "db/database.h"
#include "harness/pgn/reader.h"
#include "harness/stats/ratings.h"
#include "harness/stats/ratings_output.h"
#include "harness/stats/stored_counts.h"

namespace arbiter::cli {
namespace {

constexpr std::int64_t kMaxId = std::numeric_limits<std::int64_t>::max();

struct RatingsArgs {
    std::string db_path;
    std::string pgn_path;
    stats::RatingOptions options;
    db::ResultFilter filter;
    bool json = false;
    bool blocks = false;
};

void add_anchor(FlagReader& flags, stats::RatingOptions& options) {
    const std::string text = flags.value();
    const auto eq = text.rfind('=');
    if (eq == std::string::npos || eq == 0) throw UsageError(flags.flag(), "expected NAME=RATING, got '" + text + "'");
    options.anchors[text.substr(0, eq)] = parse_number(flags.flag(), text.substr(eq + 1));
}

stats::RatingScale parse_scale(FlagReader& flags) {
    const std::string scale = flags.value();
    if (scale == "ordo") return stats::RatingScale::ordo;
    if (scale == "logistic") return stats::RatingScale::logistic;
    throw UsageError(flags.flag(), "expected logistic or ordo, got '" + scale + "'");
}

RatingsArgs parse_ratings_args(const std::vector<std::string>& args) {
    RatingsArgs parsed;
    FlagReader flags(args);
    while (flags.next()) {
        const std::string& name = flags.name();
        if (name == "db") parsed.db_path = flags.value();
        else if (name == "pgn") parsed.pgn_path = flags.value();
        else if (name == "anchor") add_anchor(flags, parsed.options);
        else if (name == "scale") parsed.options.scale = parse_scale(flags);
        else if (name == "average") parsed.options.average = flags.number();
        else if (name == "white-advantage") parsed.options.white_advantage = flags.number();
        else if (name == "run") parsed.filter.run_ids.push_back(flags.whole(1, kMaxId));
        else if (name == "ladder") parsed.filter.ladder = flags.value();
        else if (name == "json") {
            flags.no_value();
            parsed.json = true;
        } else if (name == "blocks") {
            flags.no_value();
            parsed.blocks = true;
        } else flags.unknown("ratings");
    }
    if (parsed.db_path.empty() == parsed.pgn_path.empty()) throw UsageError("", "give exactly one of --db or --pgn");
    return parsed;
}

stats::PairMatrix results_from_db(const RatingsArgs& args) {
    db::OpenOptions options;
    options.read_only = true;
    db::Database database(args.db_path, options);
    stats::PairMatrix matrix = stats::matrix_of_stored_pairs(database.pair_results(args.filter));
    return matrix;
}

stats::PairMatrix results_from_pgn(const std::string& path) {
    stats::PairMatrix matrix;
    // Only the tags matter here; replaying no moves keeps a large file fast.
    pgn::ReadOptions options;
    options.max_plies = 0;
    options.check_result = true;
    for (const auto& game : pgn::read_pgn_file(path, options)) {
        const std::string* white = game.tag("White");
        const std::string* black = game.tag("Black");
        const std::string* result = game.tag("Result");
        if (!white || !black || !result) continue;
        double score = *result == "1-0" ? 1.0 : *result == "0-1" ? 0.0 : *result == "1/2-1/2" ? 0.5 : -1.0;
        if (score < 0) continue;  // unfinished games ("*") carry no result
        matrix.add_game(matrix.add_player(*white), matrix.add_player(*black), score);
    }
    return matrix;
}

}  // namespace

int run_ratings_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (asks_for_help(args)) {
        print_command_usage(out, "ratings");
        return code(ExitStatus::ok);
    }
    try {
        RatingsArgs parsed = parse_ratings_args(args);
        stats::PairMatrix matrix = parsed.db_path.empty() ? results_from_pgn(parsed.pgn_path) : results_from_db(parsed);
        if (matrix.size() == 0) {
            err << "arbiter ratings: no finished games in "
                << (parsed.db_path.empty() ? parsed.pgn_path : parsed.db_path) << "\n";
            return code(ExitStatus::failed);
        }
        stats::RatingTable table = stats::compute_ratings(matrix, parsed.options);
        if (parsed.json) {
            out << stats::ratings_to_json(table).dump(2) << "\n";
        } else {
            stats::RatingsPrintOptions print;
            print.player_blocks = parsed.blocks;
            stats::print_ratings_table(out, table, print);
        }
        return code(ExitStatus::ok);
    } catch (...) {
        return report_failure("ratings", err, BadInput::given_inputs());
    }
}

}  // namespace arbiter::cli
