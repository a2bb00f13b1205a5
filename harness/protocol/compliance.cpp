#include "harness/protocol/compliance.h"

#include <deque>
#include <optional>
#include <sstream>

#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "harness/process/child_process.h"

namespace arbiter::protocol {
namespace {

// A middlegame with pieces of every kind still on the board, so a weak move generator shows.
constexpr const char* kMiddlegameFen = "3r2k1/p5n1/1pq1p2p/2p3p1/2P1P1n1/1P1P2pP/PN1Q2K1/5R2 w - - 0 27";
constexpr const char* kBlackToMoveFen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";

bool is_integer(const std::string& text) {
    std::size_t first = (!text.empty() && (text[0] == '-' || text[0] == '+')) ? 1 : 0;
    if (first == text.size()) return false;
    for (std::size_t i = first; i < text.size(); ++i)
        if (text[i] < '0' || text[i] > '9') return false;
    return true;
}

bool is_info(const std::string& line) { return line == "info" || line.rfind("info ", 0) == 0; }
bool is_info_string(const std::string& line) { return line.rfind("info string", 0) == 0; }

// What the engine said in answer to one go.
struct SearchAnswer {
    std::optional<std::string> bestmove;  // the move word; nullopt when none came in time
    std::vector<std::string> info_lines;  // every info line except info string, in order
    std::string problem;
};

class ComplianceRun {
public:
    ComplianceRun(const std::string& executable, const std::vector<std::string>& arguments,
                  const ComplianceOptions& options)
        : options_(options), engine_(spec(executable, arguments)) {}

    ComplianceReport run(const std::function<void(const ComplianceStep&)>& on_step);

private:
    static process::ProcessSpec spec(const std::string& executable, const std::vector<std::string>& arguments) {
        process::ProcessSpec result;
        result.executable = executable;
        result.arguments = arguments;
        return result;
    }

    bool send(const std::string& line, std::string& problem);
    bool wait_for(const std::string& word, std::string& problem, std::vector<std::string>* seen = nullptr);
    bool ready_after(const std::string& command, std::string& problem);
    SearchAnswer search(const std::string& position_command, const std::string& go_command);
    void search_steps(const std::string& label, const std::string& position_command, const std::string& go_command,
                      const chess::Position& position);
    void legal_move_step(const std::string& label, const SearchAnswer& answer, const chess::Position& position);
    bool step(const std::string& description, const std::function<bool(std::string&)>& check);

    ComplianceOptions options_;
    process::ChildProcess engine_;
    std::deque<std::string> last_output_;
    ComplianceReport report_;
    std::function<void(const ComplianceStep&)> on_step_;
};

bool ComplianceRun::send(const std::string& line, std::string& problem) {
    try {
        engine_.write_line(line, options_.answer_timeout);
        return true;
    } catch (const process::ProcessError& error) {
        problem = "could not send '" + line + "': " + error.what();
        return false;
    }
}

// Reads until a line whose first word is `word`. One deadline covers the whole wait, so an engine
// that keeps talking without ever giving the answer still fails in time.
bool ComplianceRun::wait_for(const std::string& word, std::string& problem, std::vector<std::string>* seen) {
    const auto deadline = process::Clock::now() + options_.answer_timeout;
    while (process::Clock::now() < deadline) {
        auto line = engine_.read_line(deadline);
        if (!line) break;
        last_output_.push_back(line->text);
        if (last_output_.size() > options_.kept_output_lines) last_output_.pop_front();
        std::istringstream words(line->text);
        std::string first;
        words >> first;
        if (first == word) {
            if (seen) seen->push_back(line->text);
            return true;
        }
        if (seen) seen->push_back(line->text);
    }
    problem = engine_.output_closed()
                  ? "the engine closed its output (exited?) before '" + word + "'"
                  : "no '" + word + "' within " + std::to_string(options_.answer_timeout.count()) + " ms";
    return false;
}

bool ComplianceRun::ready_after(const std::string& command, std::string& problem) {
    return send(command, problem) && send("isready", problem) && wait_for("readyok", problem);
}

SearchAnswer ComplianceRun::search(const std::string& position_command, const std::string& go_command) {
    SearchAnswer answer;
    std::vector<std::string> seen;
    if (!send(position_command, answer.problem) || !send(go_command, answer.problem) ||
        !wait_for("bestmove", answer.problem, &seen))
        return answer;
    for (std::size_t i = 0; i + 1 < seen.size(); ++i)
        if (is_info(seen[i]) && !is_info_string(seen[i])) answer.info_lines.push_back(seen[i]);
    std::istringstream words(seen.back());
    std::string keyword, move;
    words >> keyword >> move;
    answer.bestmove = move;
    return answer;
}

bool ComplianceRun::step(const std::string& description, const std::function<bool(std::string&)>& check) {
    ComplianceStep result;
    result.number = static_cast<int>(report_.steps.size()) + 1;
    result.description = description;
    if (!report_.passed() && !report_.steps.empty()) return false;  // an earlier step failed
    result.passed = check(result.problem);
    report_.steps.push_back(result);
    if (on_step_) on_step_(result);
    return result.passed;
}

void ComplianceRun::legal_move_step(const std::string& label, const SearchAnswer& answer,
                                    const chess::Position& position) {
    step(label + ": a legal bestmove", [&](std::string& problem) {
        if (!answer.bestmove) {
            problem = answer.problem;
            return false;
        }
        try {
            chess::parse_uci(position, *answer.bestmove);
            return true;
        } catch (const chess::MoveParseError&) {
            problem = "bestmove '" + *answer.bestmove + "' is not a legal move in " + position.fen();
            return false;
        }
    });
}

void ComplianceRun::search_steps(const std::string& label, const std::string& position_command,
                                 const std::string& go_command, const chess::Position& position) {
    if (!report_.passed()) return;
    const SearchAnswer answer = search(position_command, go_command);
    legal_move_step(label, answer, position);
    step(label + ": an info line with a score before the bestmove", [&](std::string& problem) {
        for (const auto& line : answer.info_lines)
            if (line.find(" score ") != std::string::npos) return true;
        problem = answer.info_lines.empty() ? "no info line came before the bestmove"
                                            : "no info line before the bestmove has a score";
        return false;
    });
    step(label + ": time, nps and score values are integers", [&](std::string& problem) {
        for (const auto& line : answer.info_lines)
            if (!info_values_are_integers(line, problem)) return false;
        return true;
    });
}

ComplianceReport ComplianceRun::run(const std::function<void(const ComplianceStep&)>& on_step) {
    on_step_ = on_step;
    std::vector<std::string> handshake;
    step("the engine starts and answers uci with uciok",
         [&](std::string& problem) { return send("uci", problem) && wait_for("uciok", problem, &handshake); });
    auto has_id = [&](const std::string& prefix, std::string& problem) {
        for (const auto& line : handshake)
            if (line.rfind(prefix, 0) == 0 && line.size() > prefix.size()) return true;
        problem = "no '" + prefix + "' line before uciok";
        return false;
    };
    step("id name", [&](std::string& problem) { return has_id("id name ", problem); });
    step("id author", [&](std::string& problem) { return has_id("id author ", problem); });
    step("isready is answered with readyok",
         [&](std::string& problem) { return send("isready", problem) && wait_for("readyok", problem); });
    step("ucinewgame, then isready", [&](std::string& problem) { return ready_after("ucinewgame", problem); });
    step("position startpos, then isready",
         [&](std::string& problem) { return ready_after("position startpos", problem); });
    const std::string middlegame = std::string("position fen ") + kMiddlegameFen;
    step("position fen (a middlegame), then isready",
         [&](std::string& problem) { return ready_after(middlegame, problem); });

    search_steps("go wtime 100", middlegame, "go wtime 100", chess::Position(kMiddlegameFen));
    const std::string black = std::string("position fen ") + kBlackToMoveFen;
    const chess::Position black_position(kBlackToMoveFen);
    search_steps("black to move, go btime 100", black, "go btime 100", black_position);
    search_steps("go wtime 100 winc 100 btime 100 binc 100", black, "go wtime 100 winc 100 btime 100 binc 100",
                 black_position);
    search_steps("go btime 100 binc 100 wtime 100 winc 100", black, "go btime 100 binc 100 wtime 100 winc 100",
                 black_position);

    step("a short game: ucinewgame, then isready",
         [&](std::string& problem) { return ready_after("ucinewgame", problem); });
    if (report_.passed())
        legal_move_step("a short game, move 1", search("position startpos", "go wtime 100 btime 100"),
                        chess::Position());
    if (report_.passed()) {
        chess::Position after_e4_e5;
        for (const char* move : {"e2e4", "e7e5"}) after_e4_e5.make_move(chess::parse_uci(after_e4_e5, move));
        legal_move_step("a short game, after e2e4 e7e5",
                        search("position startpos moves e2e4 e7e5", "go wtime 100 btime 100"), after_e4_e5);
    }
    report_.last_output.assign(last_output_.begin(), last_output_.end());
    std::string ignored;
    if (send("quit", ignored)) engine_.wait_for_exit(std::chrono::milliseconds(500));
    engine_.terminate(std::chrono::milliseconds(0));
    return report_;
}

}  // namespace

bool info_values_are_integers(const std::string& info_line, std::string& problem) {
    std::istringstream words(info_line);
    std::string word;
    while (words >> word) {
        if (word == "string") return true;  // the rest is free text
        if (word != "time" && word != "nps" && word != "score") continue;
        std::string field = word;
        std::string value;
        if (!(words >> value)) {
            problem = "'" + field + "' has no value in: " + info_line;
            return false;
        }
        if (field == "score") {
            if (value != "cp" && value != "mate") {
                problem = "'score' is followed by '" + value + "', not cp or mate, in: " + info_line;
                return false;
            }
            field += " " + value;
            if (!(words >> value)) {
                problem = "'" + field + "' has no value in: " + info_line;
                return false;
            }
        }
        if (!is_integer(value)) {
            problem = "'" + field + "' value '" + value + "' is not an integer in: " + info_line;
            return false;
        }
    }
    return true;
}

ComplianceReport check_uci_compliance(const std::string& executable, const std::vector<std::string>& arguments,
                                      const std::function<void(const ComplianceStep&)>& on_step,
                                      const ComplianceOptions& options) {
    ComplianceRun run(executable, arguments, options);
    return run.run(on_step);
}

}  // namespace arbiter::protocol
