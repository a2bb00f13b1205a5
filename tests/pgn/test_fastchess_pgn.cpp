// fastchess's PGN layout (`-pgnout file=F ...`, harness/pgn/fastchess_layout.h) held against the files
// fastchess itself wrote (tests/data/fastchess_output): each of its games is read back into the
// database record arbiter would have stored for it (moves, scores, times and the figures of every
// key from fastchess's own comments), written again by arbiter, and compared byte for byte, tags
// fastchess has and arbiter deliberately leaves out (engines' own names, ECO, Opening) aside.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <map>
#include <regex>
#include <sstream>

#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "harness/output/output_files.h"
#include "harness/pgn/cutechess_layout.h"
#include "harness/pgn/fastchess_layout.h"
#include "harness/tc/time_control.h"
#include "tests/support/text_file.h"

using namespace arbiter;

namespace {

const std::string kData = std::string(REPO_ROOT_DIR) + "/tests/data/fastchess_output/";

struct FileGame {
    std::vector<std::pair<std::string, std::string>> tags;
    std::string text;                                        // the game as the file has it, with its blank line after
    std::vector<std::pair<std::string, std::string>> moves;  // token, comment
    std::string result;

    std::string tag(const std::string& name) const {
        for (const auto& [key, value] : tags)
            if (key == name) return value;
        return {};
    }
};

// A fastchess PGN file split into games, each movetext into (move, comment) pairs. fastchess's
// LAN and UCI movetext is not SAN, so this reads tokens rather than chess.
std::vector<FileGame> read_games(const std::string& path) {
    const std::string text = test_support::read_text(path);
    std::vector<FileGame> games;
    std::size_t at = 0;
    while (at < text.size()) {
        FileGame game;
        const std::size_t start = at;
        for (std::size_t end; at < text.size() && text[at] == '['; at = end + 1) {
            end = text.find('\n', at);
            const std::size_t quote = text.find('"', at);
            game.tags.emplace_back(text.substr(at + 1, quote - at - 2),
                                   text.substr(quote + 1, text.rfind('"', end) - quote - 1));
        }
        const std::size_t movetext_end = text.find("\n\n", at + 1);
        std::istringstream words(text.substr(at, movetext_end - at));
        std::string word;
        while (words >> word) {
            if (word.front() == '{') {
                std::string comment = word;
                while (comment.back() != '}' && words >> word) comment += " " + word;
                game.moves.back().second = comment.substr(1, comment.size() - 2);
            } else if (std::isdigit(static_cast<unsigned char>(word.front())) && word.find('.') != std::string::npos) {
                continue;  // a move number
            } else if (word == "1-0" || word == "0-1" || word == "1/2-1/2" || word == "*") {
                game.result = word;
            } else {
                game.moves.emplace_back(word, "");
            }
        }
        at = movetext_end + 2;
        game.text = text.substr(start, at - start);
        games.push_back(std::move(game));
    }
    return games;
}

std::string uci_of(const chess::Position& position, std::string token, pgn::MoveNotation notation) {
    if (notation == pgn::MoveNotation::uci) return token;
    if (notation == pgn::MoveNotation::san || token.rfind("O-O", 0) == 0)
        return chess::to_uci(position, chess::parse_san(position, token));
    // LAN: [piece] from [x] to [=P] [+#]
    std::string squares;
    char promotion = 0;
    for (std::size_t i = 0; i < token.size(); ++i) {
        if (token[i] == '=') promotion = static_cast<char>(std::tolower(static_cast<unsigned char>(token[++i])));
        else if (std::islower(static_cast<unsigned char>(token[i])) && token[i] != 'x') squares += token.substr(i++, 2);
    }
    return promotion ? squares + promotion : squares;
}

std::int64_t ms_of(const std::string& seconds) { return std::llround(std::stod(seconds) * 1000.0); }

// One move's database record from fastchess's comment "SCORE/DEPTH TIME, key=value, ..., REASON".
db::MoveRecord move_record(const std::string& uci, const std::string& comment, std::string& reason) {
    db::MoveRecord move;
    move.uci = uci;
    if (comment == "book" || comment.empty()) return move;
    std::vector<std::string> items;
    for (std::size_t start = 0;;) {
        const std::size_t comma = comment.find(", ", start);
        items.push_back(comment.substr(start, comma - start));
        if (comma == std::string::npos) break;
        start = comma + 2;
    }
    static const std::regex head(R"(([+-]?)(M?)([0-9.]*)/(\d+) ([0-9.]+)s)");
    std::smatch figures;
    REQUIRE(std::regex_match(items[0], figures, head));
    if (figures[2] == "M") {
        const int plies = std::stoi(figures[3]);
        move.score_mate = figures[1] == "+" ? (plies + 1) / 2 : -plies / 2;
    } else if (figures[3].length() > 0) {
        move.score_cp = static_cast<int>(std::lround(std::stod(figures[3]) * 100.0)) * (figures[1] == "-" ? -1 : 1);
    }
    move.depth = std::stoi(figures[4]);
    move.time_ms = ms_of(figures[5]);
    for (std::size_t i = 1; i < items.size(); ++i) {
        const std::string& item = items[i];
        const auto eq = item.find('=');
        const std::string key = eq == std::string::npos ? "" : item.substr(0, eq);
        std::string value = eq == std::string::npos ? "" : item.substr(eq + 1);
        if (!value.empty() && value.front() == '"') value = value.substr(1, value.size() - 2);
        if (key == "tl") move.clock_ms = ms_of(value.substr(0, value.size() - 1));
        else if (key == "latency") move.engine_time_ms = *move.time_ms - ms_of(value.substr(0, value.size() - 1));
        else if (key == "n") move.nodes = std::stoll(value);
        else if (key == "sd") move.seldepth = std::stoi(value);
        else if (key == "nps") move.nps = std::stoll(value);
        else if (key == "hashfull") move.hashfull = std::stoi(value);
        else if (key == "tbhits") move.tbhits = std::stoll(value);
        else if (key == "pv") move.pv = value;
        else if (key == "line") move.lines += (move.lines.empty() ? "" : "\n") + value;
        else reason = item;
    }
    return move;
}

// "2026-11-24T15:20:32 +0000" and the duration fastchess measured -> our ISO stamps whose
// difference rounds down to that duration.
std::pair<std::string, std::string> stamps(const FileGame& game) {
    const auto seconds = [](const std::string& stamp) {
        return std::stoi(stamp.substr(17, 2)) + 60 * std::stoi(stamp.substr(14, 2));
    };
    const std::string start = game.tag("GameStartTime"), end = game.tag("GameEndTime");
    const int measured = std::stoi(game.tag("GameDuration").substr(6, 2));
    const bool late_start = seconds(end) - seconds(start) > measured;
    return {start.substr(0, 19) + (late_start ? ".999Z" : ".000Z"), end.substr(0, 19) + ".000Z"};
}

// The record arbiter stores for the game: its moves, and the PGN in arbiter's own (cutechess) layout.
db::GameRecord record_of(const FileGame& file, pgn::MoveNotation notation) {
    db::GameRecord record;
    pgn::GameRecord stored;
    stored.event = file.tag("Event");
    stored.site = file.tag("Site") == "?" ? "" : file.tag("Site");
    stored.date = file.tag("Date");
    stored.round = file.tag("Round");
    stored.white = file.tag("White");
    stored.black = file.tag("Black");
    stored.start_fen = file.tag("FEN");
    const std::string tc = file.tag("TimeControl");
    if (!tc.empty()) stored.white_tc = stored.black_tc = tc::parse_time_control(tc == "-" ? "inf" : tc);
    chess::Position position(stored.start_fen.empty() ? std::string(chess::kStartFen) : stored.start_fen, false);
    std::string reason;
    for (const auto& [token, comment] : file.moves) {
        const std::string uci = uci_of(position, token, notation);
        record.moves.push_back(move_record(uci, comment, reason));
        position.make_move(chess::parse_uci(position, uci));
        const db::MoveRecord& move = record.moves.back();
        pgn::MoveEval eval;
        if (move.score_mate) eval.score = adjudication::Score::mate(*move.score_mate);
        if (move.score_cp) eval.score = adjudication::Score::cp(*move.score_cp);
        eval.depth = move.depth.value_or(0);
        eval.time_ms = move.time_ms.value_or(0);
        stored.moves.push_back({uci, !move.time_ms, move.time_ms ? std::optional(eval) : std::nullopt, {}});
    }
    stored.outcome = {adjudication::parse_result_token(file.result), adjudication::EndReason::MaxMovesAdjudication,
                      reason};
    record.pgn = pgn::write_game(stored);
    record.termination = "maxmoves-adjudication";
    if (!file.tag("GameDuration").empty()) std::tie(record.started_at, record.finished_at) = stamps(file);
    return record;
}

// The file's game without the tags arbiter does not write.
std::string without_unwritten_tags(const std::string& text) {
    std::string out;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        static const std::regex unwritten(
            R"(\[(EngineWhiteName|EngineWhiteAuthor|EngineBlackName|EngineBlackAuthor|ECO|Opening) .*)");
        if (!std::regex_match(line, unwritten)) out += line + "\n";
    }
    return out;
}

void check_file(const std::string& name, const pgn::FastchessPgnOptions& options, bool minimal = false) {
    const auto games = read_games(kData + name);
    REQUIRE_FALSE(games.empty());
    for (const FileGame& game : games) {
        INFO(name << ", round " << game.tag("Round") << ", White " << game.tag("White"));
        const db::GameRecord record = record_of(game, options.notation);
        CHECK(pgn::fastchess_pgn(record, options, minimal) == without_unwritten_tags(game.text));
    }
}

pgn::FastchessPgnOptions with(bool pgn::FastchessPgnOptions::*key) {
    pgn::FastchessPgnOptions options;
    options.*key = true;
    return options;
}

}  // namespace

TEST_CASE("fastchess's -pgnout layout is rewritten byte for byte, for each key", "[unit]") {
    using Options = pgn::FastchessPgnOptions;
    check_file("pgnout_plain.pgn", {});
    check_file("pgnout_nodes.pgn", with(&Options::nodes));
    check_file("pgnout_seldepth.pgn", with(&Options::seldepth));
    check_file("pgnout_nps.pgn", with(&Options::nps));
    check_file("pgnout_hashfull.pgn", with(&Options::hashfull));
    check_file("pgnout_tbhits.pgn", with(&Options::tbhits));
    check_file("pgnout_pv.pgn", with(&Options::pv));
    check_file("pgnout_timeleft.pgn", with(&Options::timeleft));
    check_file("pgnout_latency.pgn", with(&Options::latency));
    Options match_line;
    match_line.match_lines = {"^info depth 3 "};  // as fastchess was given it (SOURCES.md)
    check_file("pgnout_matchline.pgn", match_line);
    Options all;
    all.nodes = all.seldepth = all.nps = all.hashfull = all.tbhits = all.pv = all.timeleft = all.latency = true;
    check_file("pgnout_all.pgn", all);
}

TEST_CASE("fastchess's notation=lan and notation=uci, min=true, and a FEN start with a clock", "[unit]") {
    pgn::FastchessPgnOptions lan, uci;
    lan.notation = pgn::MoveNotation::lan;
    uci.notation = pgn::MoveNotation::uci;
    check_file("pgnout_lan.pgn", lan);
    check_file("pgnout_uci.pgn", uci);
    check_file("pgnout_min.pgn", {}, true);
    // Move numbers from the FEN's, a wrapped last move, tl= from the clock, TimeControl "2+0.1".
    check_file("pgnout_timeleft_fen.pgn", with(&pgn::FastchessPgnOptions::timeleft));
}

TEST_CASE("LAN spells captures, promotions, checks and castling as fastchess does", "[unit]") {
    db::GameRecord game;
    pgn::GameRecord stored;
    stored.start_fen = "r3k3/1P6/8/8/8/8/8/4K2R w K - 0 1";
    for (const char* uci : {"b7a8q", "e8e7", "e1g1"}) stored.moves.push_back({uci, false, pgn::MoveEval{}, {}});
    stored.outcome = {adjudication::GameResult::Draw, adjudication::EndReason::DrawAdjudication,
                      "Draw by adjudication"};
    game.pgn = pgn::write_game(stored);
    for (const char* uci : {"b7a8q", "e8e7", "e1g1"}) {
        db::MoveRecord move;
        move.uci = uci;
        move.time_ms = 5;
        game.moves.push_back(move);
    }
    pgn::FastchessPgnOptions lan;
    lan.notation = pgn::MoveNotation::lan;
    const std::string text = pgn::fastchess_pgn(game, lan, true);
    CHECK_THAT(text, Catch::Matchers::EndsWith("\n1. b7xa8=Q+ Ke8e7 2. O-O 1/2-1/2\n\n"));
}

TEST_CASE("fastchess's score text: pawns with two decimals, mates in plies", "[unit]") {
    const auto score = [](std::optional<int> cp, std::optional<int> mate) {
        db::MoveRecord move;
        move.score_cp = cp;
        move.score_mate = mate;
        return pgn::fastchess_score(move);
    };
    CHECK(score(0, std::nullopt) == "0.00");
    CHECK(score(33, std::nullopt) == "+0.33");
    CHECK(score(-10, std::nullopt) == "-0.10");
    CHECK(score(-1581, std::nullopt) == "-15.81");
    CHECK(score(std::nullopt, 3) == "+M5");  // mate in 3 moves: the fifth ply
    CHECK(score(std::nullopt, -2) == "-M4");
    CHECK(score(std::nullopt, std::nullopt).empty());
}

TEST_CASE("the CRC32 of -crc32 pgn=true is the one fastchess printed for the same file", "[unit]") {
    const std::string text = test_support::read_text(kData + "pgnout_timeleft_fen.pgn");
    const std::string first_game = text.substr(0, text.find("\n\n[Event") + 2);
    const std::string printed = test_support::read_text(kData + "crc32_timeleft_fen.txt");
    CHECK(output::crc32_update(0, "123456789") == 0xCBF43926u);  // the standard check value
    char expected[128];
    std::snprintf(expected, sizeof expected,
                  "File timeleft_fen.pgn has CRC32: 0x%x\nFile timeleft_fen.pgn has CRC32: 0x%x\n",
                  output::crc32_update(0, first_game), output::crc32_update(0, text));
    CHECK(printed == expected);
    // Appended piece by piece, as games are.
    CHECK(output::crc32_update(output::crc32_update(0, first_game), text.substr(first_game.size())) ==
          output::crc32_update(0, text));
}
