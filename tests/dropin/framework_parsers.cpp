#include "tests/dropin/framework_parsers.h"

#include <array>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <map>
#include <regex>
#include <sstream>

#include "tests/dropin/pgn_games.h"
#include "tests/support/text_file.h"

namespace dropin {
namespace {

// Python's str.strip() and str.split() without arguments.
std::string py_strip(const std::string& text) {
    const char* space = " \t\n\r\v\f";
    const auto first = text.find_first_not_of(space);
    if (first == std::string::npos) return "";
    return text.substr(first, text.find_last_not_of(space) - first + 1);
}

std::vector<std::string> py_split(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> words;
    for (std::string word; in >> word;) words.push_back(word);
    return words;
}

bool is_ascii(const std::string& text) {
    for (unsigned char c : text)
        if (c > 127) return false;
    return true;
}

bool is_number(const std::string& text) {
    return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
}

// What Python's int() and float() accept of the words these parsers read.
bool py_int(const std::string& text, int& value) {
    const std::string word = py_strip(text);
    if (!is_number(word)) return false;
    value = std::stoi(word);
    return true;
}

bool py_float(const std::string& text) {
    static const std::regex form(R"(^[+-]?((\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|inf|infinity|nan)$)", std::regex::icase);
    return std::regex_match(py_strip(text), form);
}

bool starts_with(const std::string& text, const std::string& prefix) { return text.rfind(prefix, 0) == 0; }
using test_support::contains;

// fishtest shortens "New-<sha>" and "Base-<sha>" to ten hex digits in every line it reads.
std::string shorten_hashes(const std::string& line) {
    static const std::regex hash(R"((Base|New)-([a-f0-9]{10})[a-f0-9]*)");
    return std::regex_replace(line, hash, "$1-$2");
}

// A game result as 2, 1, 0 points from White's side, -1 for anything else (fishtest's scale).
int white_score(const std::string& result) {
    if (result == "1-0") return 2;
    if (result == "1/2-1/2") return 1;
    if (result == "0-1") return 0;
    return -1;
}

}  // namespace

std::string python_hex_crc32(const std::string& bytes) {
    std::uint32_t crc = 0xFFFFFFFFu;
    for (unsigned char byte : bytes) {
        crc ^= byte;
        for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    std::ostringstream hex;
    hex << "0x" << std::hex << (crc ^ 0xFFFFFFFFu);
    return hex.str();
}

// OpenBench: stdout decoded as ASCII, read until the first empty line; every line holding
// "Finished game" gives the game number (third word) and the result (seventh word); games 2k-1 and
// 2k are one pair with the dev engine White in the first.
Problems openbench_text(const std::string& out, const std::string& dev_name, int games) {
    Problems problems;
    if (!is_ascii(out)) problems.push_back("stdout is not ASCII: OpenBench's decode('ascii') raises");
    std::map<int, std::string> unpaired;
    int pairs = 0;
    bool stopped_early = false;
    for (const auto& raw : lines_of(out)) {
        const std::string line = py_strip(raw);
        if (line.empty()) {
            stopped_early = true;  // readline().strip() == "" ends OpenBench's loop
            break;
        }
        if (!contains(line, "Finished game")) continue;
        const auto words = py_split(line);
        int number = 0;
        if (!contains(line, ":") || words.size() < 7 || !py_int(words[2], number) || white_score(words[6]) < 0) {
            problems.push_back("OpenBench cannot read '" + line + "' (game number, result, reason)");
            continue;
        }
        const bool dev_white = number % 2 == 1;
        if ((dev_white && words[3] != "(" + dev_name) || (!dev_white && words[5] != dev_name + "):"))
            problems.push_back("'" + line + "': OpenBench takes " + dev_name +
                               " as White in odd games and Black in even ones");
        unpaired[number] = words[6];
        const int first = dev_white ? number : number - 1;
        if (unpaired.count(first) && unpaired.count(first + 1)) {
            ++pairs;
            unpaired.erase(first);
            unpaired.erase(first + 1);
        }
    }
    if (2 * pairs != games)
        problems.push_back("OpenBench counted " + std::to_string(pairs) + " finished pairs of " +
                           std::to_string(games) + " games" +
                           (stopped_early ? " (it stops reading at the first empty line)" : ""));
    return problems;
}

// OpenBench's PGN slicer: headers are the lines up to the first empty one, the moves the lines up
// to the next; it stops at the first game without either.
Problems openbench_pgn_text(const std::string& pgn, int games) {
    Problems problems;
    std::vector<std::string> lines = lines_of(pgn);
    size_t at = 0;
    auto block = [&] {
        std::vector<std::string> taken;
        while (at < lines.size()) {
            std::string line = lines[at++];
            line.erase(line.find_last_not_of(" \t\r\n\v\f") + 1);
            if (line.empty()) break;
            taken.push_back(line);
        }
        return taken;
    };
    int sliced = 0;
    while (true) {
        const auto headers = block();
        const auto moves = block();
        if (headers.empty() || moves.empty()) break;
        ++sliced;
        for (const auto& header : headers) {
            if (!starts_with(header, "[Termination ")) continue;
            for (const char* error : {"abandoned", "stalled", "illegal"})
                if (contains(header, error))
                    problems.push_back("OpenBench reports game " + std::to_string(sliced) + " as an error: " + header);
        }
    }
    if (sliced != games)
        problems.push_back("OpenBench slices " + std::to_string(sliced) + " games out of the PGN, " +
                           std::to_string(games) + " were played");
    return problems;
}

// fishtest (fastchess era): stdout and stderr as they come; the block's "Games: ..., Points: P ("
// and "Ptnml(0-2): [a, b, c, d, e]" read together; "Finished match" only after the block that
// counts every game; "has CRC32:" keeps its last word; the warnings below end the task unless the
// line names the official release only.
FishtestReading fishtest_fastchess_text(const std::string& merged, const std::string& release_name, int games) {
    static const std::regex wld(
        R"(Games: ([0-9]+), Wins: ([0-9]+), Losses: ([0-9]+), Draws: ([0-9]+), Points: ([0-9.]+) \()");
    static const std::regex ptnml(R"(Ptnml\(0-2\): \[([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+), ([0-9]+)\])");
    static const std::regex engine_error(
        "Warning;(.*doesn't have option| Invalid value for option| Failed to set.*option| No info line available"
        "| Illegal move| Could not extract score| Illegal PV move| Move does not match uci move format"
        "| PV continues after| Incomplete mating PV| Too long mating PV| Mating PV does not end with checkmate"
        "| Bestmove does not match beginning of last PV| Sign mismatch in mate scores)");
    FishtestReading reading;
    const std::string release = shorten_hashes(release_name);
    int updated = 0;
    bool finished_match = false;
    std::array<int, 4> block_wld{};    // games, wins, losses, draws of the last "Games:" line
    std::array<int, 5> block_ptnml{};  // the last "Ptnml(0-2):" counts
    bool have_wld = false, have_ptnml = false;
    for (const auto& raw : lines_of(merged)) {
        const std::string line = shorten_hashes(py_strip(raw));
        if (contains(line, "has CRC32:")) reading.crc = py_split(line).back();
        if (contains(line, "Finished match")) {
            finished_match = true;
            if (updated != games)
                reading.problems.push_back("'Finished match' with " + std::to_string(updated) + " of " +
                                           std::to_string(games) + " games reported: fishtest calls it unclean");
        }
        if (std::regex_search(line, engine_error) && !(release.size() > 0 && contains(line, release)))
            reading.problems.push_back("fishtest stops the task on: " + line);
        std::smatch m;
        if (std::regex_search(line, m, wld)) {
            for (int i = 0; i < 4; ++i) block_wld[i] = std::stoi(m[i + 1]);
            have_wld = true;
        }
        if (std::regex_search(line, m, ptnml)) {
            for (int i = 0; i < 5; ++i) block_ptnml[i] = std::stoi(m[i + 1]);
            have_ptnml = true;
        }
        if (!(have_wld && have_ptnml)) continue;
        const int played = block_wld[0];
        reading.wins = block_wld[1], reading.losses = block_wld[2], reading.draws = block_wld[3];
        const int pairs = block_ptnml[0] + block_ptnml[1] + block_ptnml[2] + block_ptnml[3] + block_ptnml[4];
        if (reading.wins + reading.losses + reading.draws != played || 2 * pairs != played || played > games)
            reading.problems.push_back("a results block fishtest's assertions reject: " + std::to_string(played) +
                                       " games, " + std::to_string(pairs) + " pairs");
        if (played == games) updated = played;
        have_wld = have_ptnml = false;
    }
    if (!finished_match) reading.problems.push_back("no 'Finished match' line");
    if (updated != games)
        reading.problems.push_back("no results block (Games: and Ptnml(0-2):) counting all " + std::to_string(games) +
                                   " games");
    return reading;
}

// fishtest (cutechess-cli era): every line holding "Score" is split at ':' and its second part's
// words 0, 2 and 4 read as W, L, D, which must count exactly the games finished before it, from
// New's side; "Finished game" lines give round, White (word 3 without '('), Black (word 5 without
// "):") and result, with New White in odd rounds and colours reversed in the even one.
Problems fishtest_cutechess_text(const std::string& merged, int games) {
    struct Round {
        std::string white, black;
    };
    Problems problems;
    std::map<int, Round> rounds;
    int finished = 0, pairs = 0, updated = 0;
    double new_points = 0;
    bool finished_match = false;
    for (const auto& raw : lines_of(merged)) {
        const std::string line = shorten_hashes(py_strip(raw));
        if (contains(line, "Finished match")) {
            finished_match = true;
            if (updated != games)
                problems.push_back("'Finished match' before all " + std::to_string(games) +
                                   " games were reported: fishtest calls it unclean");
        }
        if (contains(line, "Warning:") && (contains(line, "doesn't have option") || contains(line, "Invalid value")))
            problems.push_back("fishtest stops the task on: " + line);
        if (contains(line, "Score")) {
            const auto colon = line.find(':');
            const auto words =
                colon == std::string::npos ? std::vector<std::string>{} : py_split(line.substr(colon + 1));
            int w = 0, l = 0, d = 0;
            if (words.size() < 5 || !py_int(words[0], w) || !py_int(words[2], l) || !py_int(words[4], d)) {
                problems.push_back("fishtest fails to parse score line: " + line);
            } else if (w + l + d != finished || std::fabs(w + 0.5 * d - new_points) > 1e-9) {
                problems.push_back("'" + line + "' is not New's score over the " + std::to_string(finished) +
                                   " games finished before it");
            } else if (2 * pairs == games && finished == games) {
                updated = games;
            }
        }
        if (!starts_with(line, "Finished game")) continue;
        const auto words = py_split(line);
        int number = 0;
        if (words.size() < 7 || !py_int(words[2], number) || words[3].size() < 2 || words[5].size() < 3) {
            problems.push_back("fishtest cannot read: " + line);
            continue;
        }
        const Round round{words[3].substr(1), words[5].substr(0, words[5].size() - 2)};
        const int score = white_score(words[6]);
        ++finished;
        if (score >= 0) new_points += (starts_with(round.white, "New") ? score : 2 - score) / 2.0;
        rounds[number] = round;
        const int odd = number % 2 ? number : number - 1;
        if (!rounds.count(odd) || !rounds.count(odd + 1)) continue;
        const Round& a = rounds[odd];
        const Round& b = rounds[odd + 1];
        if (!starts_with(a.white, "New") || a.white != b.black || a.black != b.white)
            problems.push_back("rounds " + std::to_string(odd) + " and " + std::to_string(odd + 1) +
                               " are not New-White then New-Black");
        ++pairs;
    }
    if (!finished_match) problems.push_back("no 'Finished match' line");
    if (updated != games)
        problems.push_back("no score line counted all " + std::to_string(games) + " games in complete pairs");
    return problems;
}

// chess-tuning-tools: lines matching "^[0-9]+ [<>]" are engine traffic and set aside; in the rest
// every "Score of ...: W - L - D" is one step and every "Finished game N" one game, paired in
// order; the step from one score line to the next must be exactly one game.
Problems chess_tuning_tools_text(const std::string& merged, int games, bool debug_expected) {
    static const std::regex debug_line(R"(^[0-9]+ [<>])");
    static const std::regex score(R"(Score of.*:\s*([0-9]+)\s-\s([0-9]+)\s-\s([0-9]+))");
    static const std::regex finished(R"(Finished game ([0-9]+))");
    Problems problems;
    int debug_lines = 0, finished_lines = 0;
    std::vector<std::array<int, 3>> scores;
    for (const auto& line : lines_of(merged)) {
        if (std::regex_search(line, debug_line)) {
            ++debug_lines;
            continue;
        }
        std::smatch m;
        if (std::regex_search(line, m, score)) scores.push_back({std::stoi(m[1]), std::stoi(m[2]), std::stoi(m[3])});
        if (std::regex_search(line, finished)) ++finished_lines;
    }
    if (debug_expected && debug_lines == 0)
        problems.push_back(
            "-debug given but no engine traffic line in cutechess's form 'MS >NAME(N): text' or 'MS <NAME(N): text'");
    if (static_cast<int>(scores.size()) != finished_lines || finished_lines != games)
        problems.push_back(std::to_string(scores.size()) + " score lines and " + std::to_string(finished_lines) +
                           " 'Finished game' lines outside the engine traffic; the tuner needs one of each per game, " +
                           std::to_string(games) + " games");
    std::array<int, 3> before{0, 0, 0};
    for (const auto& now : scores) {
        const int step = (now[0] - before[0]) + (now[1] - before[1]) + (now[2] - before[2]);
        if (step != 1 || now[0] < before[0] || now[1] < before[1] || now[2] < before[2])
            problems.push_back(
                "consecutive score lines differ by more than one game: the pentanomial pairing is wrong");
        before = now;
    }
    return problems;
}

// weather-factory: stdout decoded as ASCII, each line stripped, reading stops at the first empty
// one; "Score of" lines give the text between ':' and '[' split at " - " into three ints, the
// "Elo difference" line the text between ':' and the first '+' as a float. Both must be seen.
Problems weather_factory_text(const std::string& out, int games) {
    Problems problems;
    if (!is_ascii(out)) problems.push_back("stdout is not ASCII: the tuner's decode('ascii') raises");
    bool score_seen = false, elo_seen = false;
    int total = -1;
    for (const auto& raw : lines_of(out)) {
        const std::string line = py_strip(raw);
        if (line.empty()) break;
        if (starts_with(line, "Score of")) {
            const auto from = line.find(':') + 1, to = line.find('[');
            std::vector<std::string> parts;
            std::string rest = line.substr(from, to == std::string::npos ? std::string::npos : to - from);
            for (size_t cut; (cut = rest.find(" - ")) != std::string::npos; rest = rest.substr(cut + 3))
                parts.push_back(rest.substr(0, cut));
            parts.push_back(rest);
            int w = 0, l = 0, d = 0;
            if (parts.size() != 3 || !py_int(parts[0], w) || !py_int(parts[1], l) || !py_int(parts[2], d))
                problems.push_back("the tuner cannot read W - L - D in: " + line);
            else score_seen = true, total = w + l + d;
        }
        if (starts_with(line, "Elo difference")) {
            const auto from = line.find(':') + 1, to = line.find('+');
            if (to == std::string::npos || to < from || !py_float(line.substr(from, to - from)))
                problems.push_back("the tuner cannot read the Elo difference in: " + line);
            else elo_seen = true;
        }
    }
    if (!score_seen) problems.push_back("no 'Score of' line before the end of the output or its first empty line");
    if (!elo_seen) problems.push_back("no 'Elo difference' line before the end of the output or its first empty line");
    if (score_seen && total != games)
        problems.push_back("the last score line counts " + std::to_string(total) + " of " + std::to_string(games) +
                           " games");
    return problems;
}

Problems check_openbench(const DropinCommand& command, const ScriptRun& run) {
    return openbench_text(run.output.out, command.expect.first_name, command.expect.games);
}

Problems check_openbench_pgn(const DropinCommand& command, const ScriptRun& run) {
    if (!command.expect.pgn || !std::filesystem::exists(run.file(*command.expect.pgn)))
        return {"OpenBench finds no PGN: 'Match runner exited with no finished games'"};
    return openbench_pgn_text(test_support::read_text(run.file(*command.expect.pgn)), command.expect.games);
}

Problems check_fishtest_fastchess(const DropinCommand& command, const ScriptRun& run) {
    const Expectation& expect = command.expect;
    FishtestReading reading = fishtest_fastchess_text(run.output.merged, expect.release_name, expect.games);
    Problems problems = reading.problems;
    const std::string pgn = expect.pgn ? test_support::read_text(run.file(*expect.pgn)) : "";
    if (pgn.empty()) {
        problems.push_back("no PGN to upload");
        return problems;
    }
    if (reading.crc != python_hex_crc32(pgn))
        problems.push_back("fastchess's CRC32 line says '" + reading.crc + "', the PGN's CRC32 is " +
                           python_hex_crc32(pgn) + ": fishtest skips the upload");
    int wins = 0, losses = 0, draws = 0;
    for (const auto& game : read_pgn_games(pgn)) {
        const int score = white_score(game.result);
        const int mine = game.white == expect.first_name ? score : 2 - score;
        if (score < 0) continue;
        (mine == 2 ? wins : mine == 1 ? draws : losses) += 1;
    }
    if (wins != reading.wins || losses != reading.losses || draws != reading.draws)
        problems.push_back("the last block's W/L/D is not New's record in the PGN (" + std::to_string(wins) + "/" +
                           std::to_string(losses) + "/" + std::to_string(draws) + ")");
    return problems;
}

Problems check_fishtest_cutechess(const DropinCommand& command, const ScriptRun& run) {
    return fishtest_cutechess_text(run.output.merged, command.expect.games);
}

Problems check_chess_tuning_tools(const DropinCommand& command, const ScriptRun& run) {
    return chess_tuning_tools_text(run.output.merged, command.expect.games, command.expect.debug);
}

Problems check_weather_factory(const DropinCommand& command, const ScriptRun& run) {
    return weather_factory_text(run.output.out, command.expect.games);
}

}  // namespace dropin
