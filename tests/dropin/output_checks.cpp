#include "tests/dropin/output_checks.h"

#include <filesystem>
#include <regex>
#include <sstream>

#include "tests/dropin/framework_parsers.h"
#include "tests/dropin/pgn_games.h"
#include "tests/support/text_file.h"

namespace dropin {
namespace {

std::string quoted(const std::string& text) { return "'" + text + "'"; }

// cutechess-cli's result lines, as its parsers read them (SOURCES.md, "cutechess-cli output").
const std::regex kScoreLine(R"(^Score of (.+) vs (.+): (\d+) - (\d+) - (\d+)  \[(\d\.\d+)\] (\d+)$)");
const std::regex kEloLine(R"(^Elo difference: (\S+) \+/- (\S+), LOS: (\S+) %, DrawRatio: (\S+) %$)");
const std::regex kSprtLine(R"(^SPRT: llr \S+ \(\S+%\), lbound \S+, ubound \S+( - H[01] was accepted)?$)");
const std::regex kRankingRow(R"(^\s*\d+ \S.*)");

// fastchess's results block (SOURCES.md, "fastchess output").
const std::regex kResultsLine(R"(^Results of (.+) vs (.+) \((.*)\):$)");
const std::regex kFastEloLine(R"(^Elo: \S+ \+/- \S+, nElo: \S+ \+/- \S+$)");
const std::regex kLosLine(R"(^LOS: \S+ %, DrawRatio: \S+ %, PairsRatio: \S+$)");
const std::regex kGamesLine(R"(^Games: (\d+), Wins: (\d+), Losses: (\d+), Draws: (\d+), Points: ([0-9.]+) \(\S+ %\)$)");
const std::regex kPtnmlLine(R"(^Ptnml\(0-2\): \[(\d+), (\d+), (\d+), (\d+), (\d+)\].*$)");
const std::regex kLlrLine(R"(^LLR: \S+ \(\S+%\) \(\S+, \S+\) \[\S+, \S+\]$)");

bool has_line(const std::vector<std::string>& lines, const std::string& wanted) {
    for (const auto& line : lines)
        if (line == wanted) return true;
    return false;
}

// The number of games must be the expected one, or fewer after an SPRT verdict.
void check_game_count(int played, const Expectation& expect, const std::string& text, Problems& problems) {
    if (played == expect.games) return;
    if (played < expect.games && sprt_decided(text)) return;
    problems.push_back("expected " + std::to_string(expect.games) + " 'Finished game' lines, found " +
                       std::to_string(played));
}

void check_two_player_lines(const std::vector<std::string>& lines, int played, Problems& problems) {
    std::smatch m;
    const std::string* last_score = nullptr;
    size_t last_score_at = 0;
    for (size_t i = 0; i < lines.size(); ++i)
        if (std::regex_match(lines[i], m, kScoreLine)) last_score = &lines[i], last_score_at = i;
    if (!last_score) {
        problems.push_back("no 'Score of A vs B: W - L - D  [s] N' line");
        return;
    }
    std::regex_match(*last_score, m, kScoreLine);
    const int wins = std::stoi(m[3]), losses = std::stoi(m[4]), draws = std::stoi(m[5]), total = std::stoi(m[7]);
    if (wins + losses + draws != total || total != played)
        problems.push_back("last score line " + quoted(*last_score) + " does not count the " + std::to_string(played) +
                           " finished games");
    bool elo_after = false;
    for (size_t i = last_score_at; i < lines.size(); ++i) elo_after = elo_after || std::regex_match(lines[i], kEloLine);
    if (!elo_after)
        problems.push_back("no 'Elo difference: X +/- Y, LOS: Z %, DrawRatio: W %' line after the last score line");
}

void check_ranking(const std::vector<std::string>& lines, int engines, Problems& problems) {
    for (size_t i = 0; i < lines.size(); ++i) {
        if (lines[i].rfind("Rank Name", 0) != 0) continue;
        int rows = 0;
        for (size_t j = i + 1; j < lines.size() && std::regex_match(lines[j], kRankingRow); ++j) ++rows;
        if (rows == engines) return;
    }
    problems.push_back("no 'Rank Name ...' table with one row for each of the " + std::to_string(engines) + " engines");
}

Problems check_pgn(const DropinCommand& command, const ScriptRun& run) {
    Problems problems;
    if (!command.expect.pgn) return {"the command file names no PGN to check"};
    const std::string path = run.file(*command.expect.pgn);
    if (!std::filesystem::exists(path)) return {"no PGN at " + *command.expect.pgn};
    const auto games = read_pgn_games(test_support::read_text(path));
    const int finished = static_cast<int>(finished_games(run.output.merged).size());
    if (static_cast<int>(games.size()) != finished)
        problems.push_back(*command.expect.pgn + " holds " + std::to_string(games.size()) +
                           " games, the output finished " + std::to_string(finished));
    for (const auto& game : games) {
        if (game.white.empty() || game.black.empty() || !is_game_result(game.result))
            problems.push_back(*command.expect.pgn + ": a game without White, Black or a result (" + game.result + ")");
    }
    return problems;
}

}  // namespace

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        lines.push_back(line);
    }
    return lines;
}

std::vector<FinishedGame> finished_games(const std::string& text) {
    static const std::regex finished(R"(^Finished game (\d+) \((.+) vs (.+)\): (\S+) \{(.*)\}$)");
    std::vector<FinishedGame> games;
    std::smatch m;
    for (const auto& line : lines_of(text))
        if (std::regex_match(line, m, finished)) games.push_back({std::stoi(m[1]), m[2], m[3], m[4], m[5]});
    return games;
}

double points_of(const std::string& player, const std::vector<FinishedGame>& games) {
    double points = 0;
    for (const auto& g : games) {
        const bool white = g.white == player, black = g.black == player;
        if (g.result == "1/2-1/2" && (white || black)) points += 0.5;
        if ((g.result == "1-0" && white) || (g.result == "0-1" && black)) points += 1;
    }
    return points;
}

bool sprt_decided(const std::string& text) {
    return text.find("H0 was accepted") != std::string::npos || text.find("H1 was accepted") != std::string::npos;
}

Problems check_cutechess_text(const std::string& out, const Expectation& expect) {
    Problems problems;
    const auto lines = lines_of(out);
    const int played = static_cast<int>(finished_games(out).size());
    check_game_count(played, expect, out, problems);
    if (expect.engines == 2) check_two_player_lines(lines, played, problems);
    else check_ranking(lines, expect.engines, problems);
    bool sprt_line = false;
    for (const auto& line : lines) sprt_line = sprt_line || std::regex_match(line, kSprtLine);
    if (expect.sprt && !sprt_line) problems.push_back("no 'SPRT: llr L (P%), lbound A, ubound B' line");
    if (!has_line(lines, "Finished match")) problems.push_back("no 'Finished match' line");
    return problems;
}

Problems check_fastchess_text(const std::string& out, const Expectation& expect) {
    Problems problems;
    const auto lines = lines_of(out);
    const int played = static_cast<int>(finished_games(out).size());
    check_game_count(played, expect, out, problems);
    // The last block: "Results of" and the lines after it.
    size_t at = lines.size();
    for (size_t i = 0; i < lines.size(); ++i)
        if (std::regex_match(lines[i], kResultsLine)) at = i;
    if (at == lines.size()) {
        problems.push_back("no 'Results of A vs B (...):' line");
        return problems;
    }
    auto find_after = [&](const std::regex& form, const char* what, std::smatch* m = nullptr) {
        for (size_t i = at + 1; i < lines.size() && i <= at + 8; ++i)
            if (m ? std::regex_match(lines[i], *m, form) : std::regex_match(lines[i], form)) return true;
        problems.push_back(std::string("no '") + what + "' line in the last results block");
        return false;
    };
    std::smatch games, ptnml;
    find_after(kFastEloLine, "Elo: E +/- e, nElo: N +/- n");
    find_after(kLosLine, "LOS: L %, DrawRatio: D %, PairsRatio: P");
    if (find_after(kGamesLine, "Games: N, Wins: W, Losses: L, Draws: D, Points: P (x %)", &games)) {
        const int total = std::stoi(games[1]);
        if (total != played || std::stoi(games[2]) + std::stoi(games[3]) + std::stoi(games[4]) != total)
            problems.push_back("the last 'Games:' line does not count the " + std::to_string(played) +
                               " finished games");
    }
    if (find_after(kPtnmlLine, "Ptnml(0-2): [a, b, c, d, e]", &ptnml)) {
        int pairs = 0;
        for (int i = 1; i <= 5; ++i) pairs += std::stoi(ptnml[i]);
        if (2 * pairs != played && !sprt_decided(out))
            problems.push_back("Ptnml(0-2) counts " + std::to_string(pairs) + " pairs for " + std::to_string(played) +
                               " games");
    }
    if (expect.sprt) find_after(kLlrLine, "LLR: l (p%) (lower, upper) [elo0, elo1]");
    if (!has_line(lines, "Finished match")) problems.push_back("no 'Finished match' line");
    return problems;
}

Problems check_run(const DropinCommand& command, const ScriptRun& run) {
    Problems problems;
    if (run.output.timed_out) problems.push_back("still running at the deadline, killed");
    else if (run.output.exit_code != command.expect.exit_code)
        problems.push_back("exit status " + std::to_string(run.output.exit_code) + ", expected " +
                           std::to_string(command.expect.exit_code));
    for (const auto& file : command.expect.files)
        if (!std::filesystem::exists(run.file(file))) problems.push_back("no file " + file + " after the run");
    return problems;
}

Problems check_parser(const std::string& parser, const DropinCommand& command, const ScriptRun& run) {
    const std::string& out = run.output.out;
    if (parser == "cutechess") return check_cutechess_text(out, command.expect);
    if (parser == "fastchess") return check_fastchess_text(out, command.expect);
    if (parser == "pgn") return check_pgn(command, run);
    if (parser == "openbench") return check_openbench(command, run);
    if (parser == "openbench-pgn") return check_openbench_pgn(command, run);
    if (parser == "fishtest-fastchess") return check_fishtest_fastchess(command, run);
    if (parser == "fishtest-cutechess") return check_fishtest_cutechess(command, run);
    if (parser == "chess-tuning-tools") return check_chess_tuning_tools(command, run);
    if (parser == "weather-factory") return check_weather_factory(command, run);
    return {"unknown parser " + quoted(parser)};
}

}  // namespace dropin
