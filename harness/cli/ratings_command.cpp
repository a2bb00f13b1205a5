// `arbiter ratings`: Ordo-style ratings of every player in a database or a PGN file.
#include <map>

#include "cli/commands.h"
#include "cli/exit_status.h"
#include "cli/flag_reader.h"
#include "db/database.h"
#include "pgn/reader.h"
#include "ratings.h"
#include "ratings_output.h"

namespace arbiter::cli {
namespace {

struct RatingsArgs {
    std::string db_path;
    std::string pgn_path;
    stats::RatingOptions options;
    db::ResultFilter filter;
    bool json = false;
    bool blocks = false;
};

RatingsArgs parse_ratings_args(const std::vector<std::string>& args) {
    RatingsArgs parsed;
    FlagReader flags(args);
    while (flags.next()) {
        const std::string& flag = flags.flag();
        if (flag == "--db") parsed.db_path = flags.value();
        else if (flag == "--pgn") parsed.pgn_path = flags.value();
        else if (flag == "--anchor") {
            const std::string text = flags.value();
            auto eq = text.rfind('=');
            if (eq == std::string::npos || eq == 0) throw UsageError(flag, "expected NAME=RATING, got '" + text + "'");
            parsed.options.anchors[text.substr(0, eq)] = flags.number(text.substr(eq + 1));
        } else if (flag == "--scale") {
            const std::string scale = flags.value();
            if (scale == "ordo") parsed.options.scale = stats::RatingScale::ordo;
            else if (scale == "logistic") parsed.options.scale = stats::RatingScale::logistic;
            else throw UsageError(flag, "expected logistic or ordo, got '" + scale + "'");
        } else if (flag == "--average") parsed.options.average = flags.number(flags.value());
        else if (flag == "--white-advantage") parsed.options.white_advantage = flags.number(flags.value());
        else if (flag == "--run") parsed.filter.run_ids.push_back(static_cast<std::int64_t>(flags.number(flags.value())));
        else if (flag == "--ladder") parsed.filter.ladder = flags.value();
        else if (flag == "--json") parsed.json = true;
        else if (flag == "--blocks") parsed.blocks = true;
        else throw UsageError(flag, "unknown flag for arbiter ratings");
    }
    if (parsed.db_path.empty() == parsed.pgn_path.empty()) throw UsageError("ratings", "give exactly one of --db or --pgn");
    return parsed;
}

stats::PairMatrix results_from_db(const RatingsArgs& args) {
    db::OpenOptions options;
    options.read_only = true;
    db::Database database(args.db_path, options);
    stats::PairMatrix matrix;
    for (const auto& pair : database.pair_results(args.filter)) {
        matrix.add_counts(matrix.add_player(pair.white), matrix.add_player(pair.black),
                          stats::CellCounts{pair.white_wins, pair.draws, pair.black_wins});
    }
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
    try {
        RatingsArgs parsed = parse_ratings_args(args);
        stats::PairMatrix matrix = parsed.db_path.empty() ? results_from_pgn(parsed.pgn_path) : results_from_db(parsed);
        if (matrix.size() == 0) {
            err << "arbiter ratings: no finished games in " << (parsed.db_path.empty() ? parsed.pgn_path : parsed.db_path)
                << "\n";
            return 1;
        }
        stats::RatingTable table = stats::compute_ratings(matrix, parsed.options);
        if (parsed.json) {
            out << stats::ratings_to_json(table).dump(2) << "\n";
        } else {
            stats::RatingsPrintOptions print;
            print.player_blocks = parsed.blocks;
            stats::print_ratings_table(out, table, print);
        }
        return 0;
    } catch (const std::exception& e) {
        err << "arbiter ratings: " << e.what() << "\n";
        return exit_status_for(e);
    }
}

}  // namespace arbiter::cli
