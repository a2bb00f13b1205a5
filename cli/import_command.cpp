// `arbiter import`: PGN from cutechess-cli, fastchess or anywhere else into the database, so older
// results feed the same ratings and reports. Each file becomes one run keyed by its path and size;
// importing it again adds only the games that are not there yet. Files are streamed (read twice: once to
// check every game, once to store them in batches), so memory stays flat in the size of the PGN.
#include "cli/import_command.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>

#include <nlohmann/json.hpp>

#include "cli/exit_status.h"
#include "cli/flag_reader.h"
#include "cli/help.h"
#include "db/database.h"
#include "harness/pgn/reader.h"

namespace arbiter::cli {
namespace {

std::string tag_or(const pgn::PgnGame& game, const char* name, const std::string& fallback) {
    const std::string* value = game.tag(name);
    return value ? *value : fallback;
}

// Reads "+0.31/12 0.45s", "-M4/30 1.2s" (cutechess) and "+1.20/9 203ms" style comments.
void read_move_comment(const std::string& comment, db::MoveRecord& move) {
    static const std::regex eval_re(R"(^\s*([+-]?)(M?)(\d+(?:\.\d+)?)/(\d+)(?:\s+(\d+(?:\.\d+)?)(ms|s))?)");
    std::smatch m;
    if (!std::regex_search(comment, m, eval_re)) return;
    const bool negative = m[1] == "-";
    if (m[2] == "M") {
        // cutechess counts mate distance in plies; the database stores moves, like UCI.
        int plies = std::stoi(m[3]);
        move.score_mate = (negative ? -1 : 1) * ((plies + 1) / 2);
    } else {
        move.score_cp = static_cast<int>(std::lround(std::stod(m[3]) * 100.0)) * (negative ? -1 : 1);
    }
    move.depth = std::stoi(m[4]);
    if (m[5].matched) {
        double amount = std::stod(m[5]);
        move.time_ms = static_cast<std::int64_t>(std::lround(m[6] == "s" ? amount * 1000.0 : amount));
    }
}

std::string result_of(const pgn::PgnGame& game) { return tag_or(game, "Result", game.result); }

bool has_result(const pgn::PgnGame& game) {
    const std::string result = result_of(game);
    return result == "1-0" || result == "0-1" || result == "1/2-1/2";
}

db::GameRecord to_game_record(const pgn::PgnGame& game, std::int64_t run_id, std::int64_t index) {
    const std::string result = result_of(game);
    db::GameRecord record;
    record.run_id = run_id;
    record.pair_index = index;
    record.game_index = 0;
    record.round = static_cast<int>(index + 1);
    record.opening_fen = game.start_fen;
    record.white = tag_or(game, "White", "?");
    record.black = tag_or(game, "Black", "?");
    record.result = db::parse_game_result(result);
    record.termination = tag_or(game, "Termination", "normal");
    record.plies = static_cast<int>(game.moves.size());
    for (size_t ply = 0; ply < game.moves.size(); ++ply) {
        db::MoveRecord move;
        move.ply = static_cast<int>(ply);
        move.uci = game.moves[ply].uci;
        move.san = game.moves[ply].san;
        read_move_comment(game.moves[ply].comment, move);
        record.moves.push_back(std::move(move));
    }
    return record;
}

struct ImportArgs {
    std::vector<std::string> files;
    std::string db_path;
    bool check_pages = true;
};

ImportArgs parse_import_args(const std::vector<std::string>& args) {
    ImportArgs parsed;
    FlagReader flags(args);
    while (flags.next()) {
        if (flags.is_positional()) parsed.files.push_back(flags.word());
        else if (flags.name() == "db") parsed.db_path = flags.value();
        else if (flags.name() == "no-db-check") {
            flags.no_value();
            parsed.check_pages = false;
        } else flags.unknown("import");
    }
    if (parsed.files.empty() || parsed.db_path.empty())
        throw UsageError("", "usage: arbiter import FILE.pgn... --db FILE [--no-db-check]");
    return parsed;
}

// Games per insert_games() call: one transaction each, so memory holds at most this many parsed games.
constexpr std::size_t kGamesPerTransaction = 200;

// What became of a file's games: stored now, stored by an earlier import, or left out for want of a result.
struct FileTally {
    std::size_t in_file = 0;
    std::size_t stored = 0;
    std::size_t already_stored = 0;
    std::map<std::string, std::size_t> without_result;  // by the result they carry ("*", "?", ...)
};

// Reads every game of every file, keeping none, so that a broken file is reported before anything is
// written and no half-imported run is left behind.
void check_files(const std::vector<std::string>& files, const pgn::ReadOptions& options) {
    for (const auto& file : files) {
        pgn::PgnFileReader reader(file, options);
        while (reader.next()) {}
    }
}

// Streams `file` into `run`, game by game, a batch per transaction; games stored before are skipped.
FileTally import_file(db::Database& database, const std::string& file, const pgn::ReadOptions& options,
                      std::int64_t run_id) {
    const std::vector<db::GameKey> done = database.completed_games(run_id);
    FileTally tally;
    std::vector<db::GameRecord> batch;
    const auto store_batch = [&] {
        if (!batch.empty()) tally.stored += database.insert_games(batch).size();
        batch.clear();
    };
    pgn::PgnFileReader reader(file, options);
    for (std::int64_t index = 0; auto game = reader.next(); ++index) {
        ++tally.in_file;
        if (std::binary_search(done.begin(), done.end(), db::GameKey{index, 0})) ++tally.already_stored;
        else if (!has_result(*game)) ++tally.without_result[result_of(*game)];
        else batch.push_back(to_game_record(*game, run_id, index));
        if (batch.size() == kGamesPerTransaction) store_batch();
    }
    store_batch();
    return tally;
}

std::string skipped_text(const FileTally& tally) {
    std::string text;
    if (tally.already_stored) text += "; " + std::to_string(tally.already_stored) + " imported before";
    for (const auto& [result, count] : tally.without_result) {
        text += "; " + std::to_string(count) + " skipped: ";
        text += result == "*" ? "unfinished (result '*')" : "result '" + result + "' is not 1-0, 0-1 or 1/2-1/2";
    }
    return text;
}

}  // namespace

int run_import_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (asks_for_help(args)) {
        print_command_usage(out, "import");
        return code(ExitStatus::ok);
    }
    try {
        const ImportArgs parsed = parse_import_args(args);
        pgn::ReadOptions read_options;
        read_options.check_result = true;
        check_files(parsed.files, read_options);
        db::OpenOptions open_options;
        open_options.check_pages = parsed.check_pages;
        db::Database database(parsed.db_path, open_options);
        for (const auto& file : parsed.files) {
            db::RunRecord run;
            run.kind = db::RunKind::match;
            const auto absolute = std::filesystem::absolute(file).string();
            run.config_json = nlohmann::json{{"import", absolute}, {"size", std::filesystem::file_size(file)}}.dump();
            run = database.find_or_create_run(run);
            const FileTally tally = import_file(database, file, read_options, run.id);
            database.set_run_status(run.id, db::RunStatus::finished);
            out << file << ": imported " << tally.stored << " games into run " << run.id << " of " << parsed.db_path
                << " (" << tally.in_file << " in file" << skipped_text(tally) << ")\n";
        }
        return code(ExitStatus::ok);
    } catch (...) {
        return report_failure("import", err, BadInput::given_inputs());
    }
}

}  // namespace arbiter::cli
