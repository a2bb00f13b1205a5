// `arbiter import`: PGN from cutechess-cli, fastchess or anywhere else into the database, so older
// results feed the same ratings and reports. Each file becomes one run keyed by its path and size;
// importing it again adds only the games that are not there yet.
#include <filesystem>
#include <regex>

#include <nlohmann/json.hpp>

#include "cli/commands.h"
#include "cli/flag_reader.h"
#include "db/database.h"
#include "pgn/reader.h"

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

std::optional<db::GameRecord> to_game_record(const pgn::PgnGame& game, std::int64_t run_id, std::int64_t index) {
    const std::string result = tag_or(game, "Result", game.result);
    if (result != "1-0" && result != "0-1" && result != "1/2-1/2") return std::nullopt;
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

}  // namespace

int run_import_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    std::vector<std::string> files;
    std::string db_path;
    try {
        FlagReader flags(args);
        while (flags.next()) {
            if (flags.is_positional()) files.push_back(flags.flag());
            else if (flags.flag() == "--db") db_path = flags.value();
            else throw UsageError(flags.flag(), "unknown flag for arbiter import");
        }
        if (files.empty() || db_path.empty()) throw UsageError("import", "usage: arbiter import FILE.pgn... --db FILE");
    } catch (const UsageError& e) {
        err << "arbiter import: " << e.what() << "\n";
        return 2;
    }
    try {
        // Parse everything first: a broken file must not leave a half-imported run behind.
        std::vector<std::vector<pgn::PgnGame>> parsed;
        for (const auto& file : files) parsed.push_back(pgn::read_pgn_file(file));
        db::Database database(db_path);
        for (size_t i = 0; i < files.size(); ++i) {
            db::RunRecord run;
            run.kind = db::RunKind::match;
            const auto absolute = std::filesystem::absolute(files[i]).string();
            run.config_json =
                nlohmann::json{{"import", absolute}, {"size", std::filesystem::file_size(files[i])}}.dump();
            run = database.find_or_create_run(run);
            auto done = database.completed_games(run.id);
            std::vector<db::GameRecord> games;
            for (size_t g = 0; g < parsed[i].size(); ++g) {
                const db::GameKey key{static_cast<std::int64_t>(g), 0};
                if (std::binary_search(done.begin(), done.end(), key)) continue;
                if (auto record = to_game_record(parsed[i][g], run.id, static_cast<std::int64_t>(g))) {
                    games.push_back(std::move(*record));
                }
            }
            database.insert_games(games);
            database.set_run_status(run.id, db::RunStatus::finished);
            out << files[i] << ": imported " << games.size() << " games into run " << run.id << " of " << db_path
                << " (" << parsed[i].size() << " in file)\n";
        }
        return 0;
    } catch (const std::exception& e) {
        err << "arbiter import: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace arbiter::cli
