#include "harness/pgn/cutechess_layout.h"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>
#include <stdexcept>

#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "harness/pgn/reader.h"

namespace arbiter::pgn {
namespace {

constexpr std::size_t kCutechessLineLimit = 80;
constexpr const char* kRoster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};

std::string escape_tag_value(const std::string& value) {
    std::string out;
    for (char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

void write_tag(std::string& out, const std::string& name, const std::string& value) {
    out += "[" + name + " \"" + (value.empty() ? "?" : escape_tag_value(value)) + "\"]\n";
}

chess::Position start_position(const GameRecord& game) {
    if (game.start_fen.empty()) return chess::Position();
    try {
        return chess::Position(game.start_fen, game.chess960);
    } catch (const chess::FenError& e) {
        throw std::invalid_argument("PGN writer: start FEN '" + game.start_fen + "': " + e.what());
    }
}

// Chess960 games always carry their FEN: the start position is part of the game.
bool has_custom_start(const GameRecord& game) {
    if (game.chess960) return true;
    return !game.start_fen.empty() && start_position(game).fen() != chess::Position().fen();
}

// Tags after the roster, keyed by name so they come out sorted as cutechess's QMap does.
std::map<std::string, std::string> sorted_tags(const GameRecord& game, const WriterOptions& options) {
    std::map<std::string, std::string> tags;
    if (has_custom_start(game)) {
        tags["FEN"] = start_position(game).xfen();  // X-FEN in Chess960, as cutechess writes it
        tags.insert_or_assign("SetUp", std::string(1, '1'));
    }
    if (game.chess960) tags["Variant"] = options.chess960_variant;
    if (options.minimal) return tags;
    tags["PlyCount"] = std::to_string(game.moves.size());
    if (!adjudication::is_normal_termination(game.outcome.reason))
        tags["Termination"] = adjudication::termination_tag(game.outcome.reason);
    if (game.white_tc && game.black_tc && *game.white_tc == *game.black_tc) {
        tags["TimeControl"] = tc::to_pgn_string(*game.white_tc);
    } else {
        if (game.white_tc) tags["WhiteTimeControl"] = tc::to_pgn_string(*game.white_tc);
        if (game.black_tc) tags["BlackTimeControl"] = tc::to_pgn_string(*game.black_tc);
    }
    for (const auto& [name, value] : game.extra_tags) tags[name] = value;
    return tags;
}

std::string tag_section(const GameRecord& game, const WriterOptions& options) {
    const std::string roster_values[] = {game.event,
                                         game.site,
                                         game.date,
                                         game.round,
                                         game.white,
                                         game.black,
                                         adjudication::result_token(game.outcome.result)};
    std::string out;
    for (std::size_t i = 0; i < std::size(kRoster); ++i) write_tag(out, kRoster[i], roster_values[i]);
    for (const auto& [name, value] : sorted_tags(game, options))
        if (!value.empty()) write_tag(out, name, value);
    return out;
}

std::string move_comment(const WrittenMove& move, const WriterOptions& options) {
    if (move.book) return "book";
    return move.eval ? eval_comment(*move.eval, options.mate_notation) : std::string();
}

// Appends one item the way cutechess wraps: a new line when the current one is empty or the
// item would take it to 80 columns.
void append_wrapped_as_cutechess(std::string& out, std::size_t& line_length, const std::string& item) {
    if (line_length == 0 || line_length + item.size() >= kCutechessLineLimit) {
        out += "\n" + item;
        line_length = item.size();
    } else {
        out += " " + item;
        line_length += item.size() + 1;
    }
}

// The SAN of ply `index` (0-based), played on `pos`.
std::string replayed_san(chess::Position& pos, const std::string& uci, std::size_t index) {
    chess::Move move;
    try {
        move = chess::parse_uci(pos, uci);
    } catch (const chess::MoveParseError& e) {
        throw std::invalid_argument("PGN writer: ply " + std::to_string(index + 1) + " '" + uci + "': " + e.what());
    }
    std::string san = chess::to_san(pos, move);
    pos.make_move(move);
    return san;
}

std::string movetext(const GameRecord& game, const WriterOptions& options) {
    chess::Position pos = start_position(game);
    const std::string& description = game.outcome.description;
    int move_number = options.number_moves_from_fen ? pos.fullmove_number() - 1 : 0;
    // SAN recorded while the game was played is written as it is; only without it is the game
    // replayed, move by move, to name them.
    const bool replay = std::any_of(game.moves.begin(), game.moves.end(),
                                    [](const WrittenMove& written) { return written.san.empty(); });
    chess::Color mover = pos.side_to_move();
    std::string out;
    std::size_t line_length = 0;
    for (std::size_t i = 0; i < game.moves.size(); ++i) {
        const WrittenMove& written = game.moves[i];
        std::string item;
        if (mover == chess::WHITE) item = std::to_string(++move_number) + ". ";
        else if (i == 0) item = std::to_string(++move_number) + "... ";
        item += replay ? replayed_san(pos, written.uci, i) : written.san;
        mover = ~mover;
        if (!options.minimal) {
            std::string comment = move_comment(written, options);
            if (i + 1 == game.moves.size() && !description.empty())
                comment += (comment.empty() ? "" : ", ") + description;
            if (!comment.empty()) item += " {" + comment + "}";
        }
        append_wrapped_as_cutechess(out, line_length, item);
    }
    if (game.moves.empty()) {
        // cutechess puts the description alone before the result; the blank line after the
        // tags is needed either way.
        out += "\n";
        if (!options.minimal && !description.empty()) {
            out += "{" + description + "}";
            line_length = description.size() + 2;
        }
    }
    const std::string result = adjudication::result_token(game.outcome.result);
    if (line_length == 0) out += result;
    else if (line_length + result.size() >= kCutechessLineLimit) out += "\n" + result;
    else out += " " + result;
    return out + "\n\n";
}

std::string format_fixed(double value, int decimals) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

// Fewer decimals as the time grows, as cutechess prints it: 0.045s, 0.45s, 4.5s, 45s.
std::string time_text(std::int64_t ms) {
    if (ms <= 0) return "0s";
    int decimals = ms < 100 ? 3 : ms < 1000 ? 2 : ms < 10000 ? 1 : 0;
    return format_fixed(static_cast<double>(ms) / 1000.0, decimals) + "s";
}

std::tm local_time(std::chrono::system_clock::time_point when) {
    std::time_t seconds = std::chrono::system_clock::to_time_t(when);
    std::tm parts{};
    localtime_r(&seconds, &parts);
    return parts;
}

}  // namespace

std::string score_text(const adjudication::Score& score, MateNotation notation) {
    using Kind = adjudication::Score::Kind;
    if (score.kind == Kind::None) return {};
    if (score.kind == Kind::Mate) {
        // UCI "mate 0" means the mover is already mated: a losing score.
        const bool winning = score.value > 0;
        int distance = notation == MateNotation::Plies ? adjudication::mate_plies(score.value)
                                                       : (winning ? score.value : -score.value);
        return std::string(winning ? "+M" : "-M") + std::to_string(distance);
    }
    // Pawns with two decimals from whole centipawns, as "%.2f" of cp / 100 prints them.
    const long long magnitude = score.value < 0 ? -static_cast<long long>(score.value) : score.value;
    std::string text(score.value > 0 ? "+" : score.value < 0 ? "-" : "");
    text += std::to_string(magnitude / 100);
    text += '.';
    text += static_cast<char>('0' + magnitude % 100 / 10);
    text += static_cast<char>('0' + magnitude % 10);
    return text;
}

std::string eval_comment(const MoveEval& eval, MateNotation notation) {
    const bool has_score = eval.score.kind != adjudication::Score::Kind::None;
    if (eval.depth <= 0 && !has_score && eval.time_ms < 500) return {};
    std::string text;
    if (eval.depth > 0) text = score_text(eval.score, notation) + "/" + std::to_string(eval.depth) + " ";
    return text + time_text(eval.time_ms);
}

std::string write_game(const GameRecord& game, const WriterOptions& options) {
    return tag_section(game, options) + movetext(game, options);
}

std::string pgn_date(std::chrono::system_clock::time_point when) {
    std::tm parts = local_time(when);
    char buffer[32];
    std::strftime(buffer, sizeof buffer, "%Y.%m.%d", &parts);
    return buffer;
}

std::string pgn_timestamp(std::chrono::system_clock::time_point when) {
    std::tm parts = local_time(when);
    auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(when.time_since_epoch()).count() % 1000;
    char date_time[64], zone[32];
    std::strftime(date_time, sizeof date_time, "%Y-%m-%dT%H:%M:%S", &parts);
    std::strftime(zone, sizeof zone, "%Z", &parts);
    char buffer[128];
    std::snprintf(buffer, sizeof buffer, "%s.%03lld %s", date_time, static_cast<long long>(ms), zone);
    return buffer;
}

std::string pgn_duration(std::chrono::seconds duration) {
    long long total = duration.count() < 0 ? 0 : duration.count();
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%02lld:%02lld:%02lld", total / 3600, total / 60 % 60, total % 60);
    return buffer;
}

std::string minimal_pgn_from_stored(const std::string& stored_pgn) {
    const std::vector<PgnGame> games = parse_pgn_text(stored_pgn, "stored game");
    if (games.size() != 1)
        throw io::SourceError("stored game", 1, "holds " + std::to_string(games.size()) + " games instead of one");
    const PgnGame& stored = games.front();
    GameRecord record;
    const std::pair<const char*, std::string*> roster[] = {{"Event", &record.event}, {"Site", &record.site},
                                                           {"Date", &record.date},   {"Round", &record.round},
                                                           {"White", &record.white}, {"Black", &record.black}};
    for (const auto& [name, field] : roster)
        if (const std::string* value = stored.tag(name)) *field = *value;
    record.start_fen = stored.start_fen;
    record.chess960 = stored.chess960;
    record.outcome.result = adjudication::parse_result_token(stored.result);
    for (const auto& move : stored.moves) record.moves.push_back(WrittenMove{move.uci, false, std::nullopt, move.san});
    WriterOptions minimal;
    minimal.minimal = true;
    return write_game(record, minimal);
}

}  // namespace arbiter::pgn
