// The bestmove must be the first move of the last `info ... pv` line: fastchess warns
// "Bestmove does not match beginning of last PV" and fishtest counts that as an engine error.
// Every way a search ends is tried on many positions through the real tempo binary.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "engine/bench.h"
#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "tests/support/child.h"

using test_support::Child;
using namespace std::chrono_literals;

namespace {

constexpr auto kSearchDeadline = 20000ms;  // generous: CI machines are shared

struct TestPosition {
    std::string fen;
    std::string moves;  // UCI, space separated
    bool chess960 = false;

    std::string position_command() const { return "position fen " + fen + (moves.empty() ? "" : " moves " + moves); }
    // A position without one (the bench has a stalemate) has no PV and no bestmove to compare.
    bool has_legal_move() const {
        chess::Position pos(fen, chess960);
        std::istringstream words(moves);
        for (std::string move; words >> move;) pos.make_move(chess::parse_uci(pos, move));
        return pos.has_legal_moves();
    }
};

std::vector<TestPosition> bench_test_positions() {
    std::vector<TestPosition> positions;
    for (const tempo::BenchPosition& entry : tempo::bench_positions())
        positions.push_back({entry.fen, entry.moves, entry.chess960});
    return positions;
}

// Every `stride`-th position of tests/data/wac.epd (mates, sacrifices, quiet moves).
std::vector<TestPosition> wac_test_positions(int stride) {
    std::ifstream file(std::string(TEST_DATA_DIR) + "/wac.epd");
    REQUIRE(file);
    std::vector<TestPosition> positions;
    std::string line;
    for (int index = 0; std::getline(file, line); ++index) {
        if (index % stride != 0) continue;
        std::istringstream fields(line);
        std::string board, side, castling, en_passant;
        fields >> board >> side >> castling >> en_passant;
        positions.push_back({board + " " + side + " " + castling + " " + en_passant + " 0 1", "", false});
    }
    return positions;
}

std::vector<TestPosition> all_test_positions() {
    std::vector<TestPosition> positions;
    for (const TestPosition& position : bench_test_positions())
        if (position.has_legal_move()) positions.push_back(position);
    for (const TestPosition& position : wac_test_positions(10)) positions.push_back(position);
    positions.push_back({"7k/8/8/8/8/8/6q1/7K w - - 0 1", "", false});         // one legal move: Kxg2
    positions.push_back({"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "", false});  // mate in one: Ra8#
    return positions;
}

std::string first_word(const std::string& text) { return text.substr(0, text.find(' ')); }

// The first move of the last `info ... pv` line, or "" when no PV was printed.
std::string last_pv_head(const std::vector<std::string>& lines) {
    std::string head;
    for (const std::string& line : lines) {
        if (line.rfind("info ", 0) != 0) continue;
        std::size_t pv = line.find(" pv ");
        if (pv != std::string::npos) head = first_word(line.substr(pv + 4));
    }
    return head;
}

class BestmoveChecker {
public:
    BestmoveChecker() {
        engine_.send("uci");
        REQUIRE(engine_.wait_for("uciok", kSearchDeadline));
    }

    // Searches every position with `go` (no ucinewgame between them, as in a game, so the
    // hash table carries over) and returns one description per mismatch.
    std::vector<std::string> mismatches(const std::vector<TestPosition>& positions, const std::string& go,
                                        bool stop_after_first_info) {
        std::vector<std::string> found;
        for (const TestPosition& position : positions) {
            std::vector<std::string> lines = search(position, go, stop_after_first_info);
            const std::string bestmove = lines.back().substr(std::string("bestmove ").size());
            const std::string pv_head = last_pv_head(lines);
            if (pv_head != first_word(bestmove))
                found.push_back(position.position_command() + " | " + go + " | last pv starts with '" + pv_head +
                                "', " + lines.back());
        }
        return found;
    }

private:
    std::vector<std::string> search(const TestPosition& position, const std::string& go, bool stop_after_first_info) {
        engine_.send(std::string("setoption name UCI_Chess960 value ") + (position.chess960 ? "true" : "false"));
        engine_.send(position.position_command());
        engine_.send(go);
        std::vector<std::string> lines;
        if (stop_after_first_info) {
            REQUIRE(engine_.wait_for("info depth", kSearchDeadline, &lines));
            engine_.send("stop");
        }
        REQUIRE(engine_.wait_for("bestmove ", kSearchDeadline, &lines));
        return lines;
    }

    Child engine_{test_support::talk_to(TEMPO_BIN)};
};

void check_no_mismatch(const std::string& go, bool stop_after_first_info = false) {
    BestmoveChecker checker;
    const std::vector<TestPosition> positions = all_test_positions();
    std::vector<std::string> found = checker.mismatches(positions, go, stop_after_first_info);
    std::string examples;
    for (std::size_t i = 0; i < found.size() && i < 5; ++i) examples += "\n  " + found[i];
    INFO(found.size() << " of " << positions.size() << " searches with '" << go << "' end on a bestmove "
                      << "that is not the head of the last PV:" << examples);
    CHECK(found.empty());
}

}  // namespace

TEST_CASE("bestmove heads the last PV when a node limit stops the search", "[integration]") {
    for (const char* go : {"go nodes 2000", "go nodes 500", "go nodes 100", "go nodes 1"}) {
        SECTION(go) { check_no_mismatch(go); }
    }
}

TEST_CASE("bestmove heads the last PV when a depth limit ends the search", "[integration]") {
    for (const char* go : {"go depth 1", "go depth 2", "go depth 3", "go depth 4", "go depth 5", "go depth 6"}) {
        SECTION(go) { check_no_mismatch(go); }
    }
}

TEST_CASE("bestmove heads the last PV when movetime ends the search", "[integration]") {
    check_no_mismatch("go movetime 20");
}

TEST_CASE("bestmove heads the last PV when stop ends an infinite search", "[integration]") {
    check_no_mismatch("go infinite", true);
}
