// Syzygy tablebase adjudication (harness/adjudication/tablebase.h) on the 3- and 4-piece tables of
// tests/data/syzygy: the probe's verdicts against Debian's fathom program, which reads the same files
// (KQvK, KRvKR, KPvK won and drawn, KBNvK, en passant, a win and a loss the half-move clock turns
// into a cursed win and a blessed loss), what -tbignore50, -tbpieces, castling rights and
// -tbadjudicate change, the outcome's words, and the directories open() refuses.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <functional>
#include <vector>

#include "engine/chess/san.h"
#include "harness/adjudication/adjudicator.h"
#include "harness/adjudication/tablebase.h"
#include "tests/support/child.h"
#include "tests/support/fathom.h"
#include "tests/support/temp_dir.h"

using namespace arbiter::adjudication;
namespace fs = std::filesystem;

namespace {

const std::string kTables = TEST_DATA_DIR "/syzygy";

std::shared_ptr<const Tablebase> tables() { return Tablebase::open({kTables}); }

struct Case {
    const char* fen;
    const char* wdl;  // fathom's WDL word for the side to move, as it printed it for this position
};

// fathom's verdicts, recorded with `fathom --path=tests/data/syzygy FEN`; the integration test
// below asks fathom again.
const std::vector<Case> kCases = {
    {"8/8/8/8/8/2k5/8/KQ6 w - - 0 1", "Win"},     // KQvK, white to move
    {"8/8/8/4k3/8/8/8/KQ6 b - - 0 1", "Loss"},    // KQvK, black to move
    {"k7/8/8/8/8/8/8/K1q5 w - - 0 1", "Loss"},    // KvKQ, the defender to move
    {"8/8/3k4/8/8/3K4/8/R6r w - - 0 1", "Win"},   // KRvKR, a rook hangs
    {"8/8/3k4/8/8/3K4/R7/7r w - - 0 1", "Draw"},  // KRvKR
    {"8/8/3k4/8/8/3K4/R7/7r b - - 0 1", "Draw"},        {"4k3/8/4K3/4P3/8/8/8/8 w - - 0 1", "Win"},   // KPvK won
    {"4k3/8/4K3/4P3/8/8/8/8 b - - 0 1", "Loss"},        {"8/8/8/8/8/4k3/4P3/4K3 w - - 0 1", "Draw"},  // KPvK drawn
    {"8/8/8/8/3k4/8/8/KBN5 w - - 0 1", "Win"},         // KBNvK, 58 plies to the next capture
    {"8/8/8/8/3Pp3/8/8/k6K b - d3 0 1", "Win"},        // only exd3 e.p. wins
    {"8/8/8/8/3Pp3/8/8/k6K b - - 0 1", "Draw"},        // the same without the e.p. square
    {"8/8/8/8/8/2k5/8/KQ6 w - - 89 1", "Win"},         // DTZ 11 + 89 plies: still in time
    {"8/8/8/8/8/2k5/8/KQ6 w - - 90 1", "CursedWin"},   // one ply later: the clock runs out
    {"8/8/8/8/3k4/8/8/KBN5 w - - 70 1", "CursedWin"},  // KBNvK near the fifty-move limit
    {"8/8/8/8/3k4/8/8/KBN5 b - - 70 1", "BlessedLoss"},
};

chess::Position position_of(const std::string& fen) { return chess::Position(fen, false); }

// The result -tbignore50 gives a verdict, from fathom's word: a cursed win is a win, a blessed loss
// a loss.
GameResult ignoring_fifty_moves(const std::string& wdl, chess::Color side_to_move) {
    const bool mover_wins = wdl == "Win" || wdl == "CursedWin";
    const bool mover_loses = wdl == "Loss" || wdl == "BlessedLoss";
    if (!mover_wins && !mover_loses) return GameResult::Draw;
    return (side_to_move == chess::WHITE) == mover_wins ? GameResult::WhiteWins : GameResult::BlackWins;
}

// The position after `uci` from `fen`, carrying its history as the game loop's does.
chess::Position after(const std::string& fen, const std::string& uci) {
    chess::Position position = position_of(fen);
    position.make_move(chess::parse_uci(position, uci));
    return position;
}

// "'PATH': WHY", as open() names what it refuses.
std::string named(const std::string& path, const std::string& why) {
    std::string text(1, '\'');
    text += path;
    text += "': ";
    text += why;
    return text;
}

// The message of the TablebaseError that open() throws for `directories`, or "" if it throws none.
std::string refusal(const std::vector<std::string>& directories) {
    try {
        Tablebase::open(directories);
    } catch (const TablebaseError& error) {
        return error.what();
    }
    return {};
}

// Runs `check` as the unprivileged user nobody when the tests run as root (root reads any file),
// else in this process; true when it returned true.
bool as_unprivileged(const std::function<bool()>& check) {
    if (::geteuid() != 0) return check();
    test_support::ChildSpec nobody;
    nobody.drop_root = true;
    nobody.body = [&] { return check() ? 0 : 1; };
    return test_support::run(nobody).exit_code == 0;
}

}  // namespace

TEST_CASE("the probe gives the verdicts fathom gave for every position of the set", "[unit][tablebase]") {
    const auto tablebase = tables();
    CHECK(tablebase->largest() == 4);
    for (const Case& item : kCases) {
        INFO(item.fen);
        const auto verdict = tablebase->probe(position_of(item.fen));
        REQUIRE(verdict);
        CHECK(wdl_name(*verdict) == item.wdl);
    }
}

TEST_CASE("the probe and the results it means agree with Debian's fathom on the same files",
          "[integration][tablebase]") {
    if (!test_support::fathom_installed(FATHOM_BIN)) {
        WARN("fathom is not installed at " FATHOM_BIN " (Debian package fathom): comparison skipped");
        return;
    }
    const auto tablebase = tables();
    for (const Case& item : kCases) {
        INFO(item.fen);
        const auto fathom = test_support::fathom_verdict(FATHOM_BIN, kTables, item.fen);
        REQUIRE(fathom);
        const chess::Position position = position_of(item.fen);
        const auto verdict = tablebase->probe(position);
        REQUIRE(verdict);
        CHECK(wdl_name(*verdict) == fathom->wdl);
        // fathom's Result counts the fifty-move rule, as arbiter does without -tbignore50.
        CHECK(result_token(tablebase_result(*verdict, position.side_to_move(), false)) == fathom->result);
        CHECK(tablebase_result(*verdict, position.side_to_move(), true) ==
              ignoring_fifty_moves(fathom->wdl, position.side_to_move()));
    }
}

TEST_CASE("with -tbignore50 a cursed win and a blessed loss count as the win and loss they are", "[unit][tablebase]") {
    using chess::BLACK;
    using chess::WHITE;
    CHECK(tablebase_result(Wdl::cursed_win, WHITE, false) == GameResult::Draw);
    CHECK(tablebase_result(Wdl::cursed_win, WHITE, true) == GameResult::WhiteWins);
    CHECK(tablebase_result(Wdl::blessed_loss, BLACK, false) == GameResult::Draw);
    CHECK(tablebase_result(Wdl::blessed_loss, BLACK, true) == GameResult::WhiteWins);
    CHECK(tablebase_result(Wdl::win, BLACK, false) == GameResult::BlackWins);
    CHECK(tablebase_result(Wdl::loss, WHITE, true) == GameResult::BlackWins);
    CHECK(tablebase_result(Wdl::draw, WHITE, true) == GameResult::Draw);
}

TEST_CASE("tablebase_ending: piece limit, castling rights and the verdicts -tbadjudicate keeps", "[unit][tablebase]") {
    TablebaseRule rule{tables()};
    const auto drawn = position_of("8/8/3k4/8/8/3K4/R7/7r w - - 0 1");  // KRvKR, 4 pieces
    const auto won = position_of("8/8/8/8/8/2k5/8/KQ6 w - - 0 1");      // KQvK, 3 pieces

    const auto ending = tablebase_ending(rule, won);
    REQUIRE(ending);
    CHECK(ending->result == GameResult::WhiteWins);
    CHECK(ending->reason == EndReason::TablebaseAdjudication);
    CHECK(ending->description == "White wins by adjudication: SyzygyTB");
    CHECK(tablebase_ending(rule, drawn)->description == "Draw by adjudication: SyzygyTB");

    rule.max_pieces = 3;
    CHECK_FALSE(tablebase_ending(rule, drawn));
    CHECK(tablebase_ending(rule, won));
    rule.max_pieces = 0;

    // A king and rook that may still castle are not in the tables; without the right they are.
    CHECK_FALSE(tablebase_ending(rule, position_of("4k3/8/8/8/8/8/8/R3K3 b Q - 0 1")));
    CHECK(tablebase_ending(rule, position_of("4k3/8/8/8/8/8/8/R3K3 b - - 0 1")));

    rule.adjudicate = TablebaseVerdicts::win_loss;
    CHECK_FALSE(tablebase_ending(rule, drawn));
    CHECK(tablebase_ending(rule, won));
    rule.adjudicate = TablebaseVerdicts::draw;
    CHECK(tablebase_ending(rule, drawn));
    CHECK_FALSE(tablebase_ending(rule, won));
}

TEST_CASE("the adjudicator ends a game on the move that enters the tables, after the rules of chess",
          "[unit][tablebase]") {
    Rules rules;
    rules.tablebase = TablebaseRule{tables()};
    Adjudicator adjudicator(rules);
    const MoveReport report{chess::WHITE, false, 10, Score::cp(500)};
    // Rxh1 leaves KRvK with black to move: lost for black.
    const auto outcome = adjudicator.after_move(after("8/8/3k4/8/8/3K4/8/R6r w - - 0 1", "a1h1"), report);
    REQUIRE(outcome);
    CHECK(outcome->result == GameResult::WhiteWins);
    CHECK(outcome->reason == EndReason::TablebaseAdjudication);
    CHECK(termination_tag(outcome->reason) == "TB adjudication");
    CHECK(reason_name(outcome->reason) == "TB adjudication");
    // Mate on the board is the rules' ending, though the position is in the tables too.
    const auto mate = adjudicator.after_move(after("k7/8/1K6/8/8/8/7Q/8 w - - 0 1", "h2h8"), report);
    REQUIRE(mate);
    CHECK(mate->reason == EndReason::Checkmate);
    // Without the rule the same capture plays on.
    CHECK_FALSE(Adjudicator().after_move(after("8/8/3k4/8/8/3K4/8/R6r w - - 0 1", "a1h1"), report));
}

TEST_CASE("open() refuses a missing, empty or unreadable directory and a file that is no table", "[unit][tablebase]") {
    test_support::TempDir dir;
    CHECK(refusal({dir.file("missing")}) == named(dir.file("missing"), "no such directory"));
    CHECK(refusal({dir.write("file.txt", "x")}) == named(dir.file("file.txt"), "not a directory"));
    fs::create_directory(dir.file("empty"));
    CHECK(refusal({dir.file("empty")}) == named(dir.file("empty"), "no Syzygy WDL tables (.rtbw files)"));
    // DTZ tables alone: fathom needs the WDL tables to find an ending at all.
    fs::create_directory(dir.file("dtz"));
    fs::copy_file(kTables + "/KQvK.rtbz", dir.file("dtz/KQvK.rtbz"));
    CHECK(refusal({dir.file("dtz")}) == named(dir.file("dtz"), "no Syzygy WDL tables (.rtbw files)"));
    // fathom would end the process mapping an empty table in the middle of a run.
    fs::create_directory(dir.file("broken"));
    fs::copy_file(kTables + "/KQvK.rtbw", dir.file("broken/KQvK.rtbw"));
    dir.write("broken/KRvK.rtbw", "");
    CHECK(refusal({dir.file("broken")}) ==
          named(dir.file("broken/KRvK.rtbw"), "not a Syzygy table (empty, truncated or another format)"));
    // One bad directory among good ones is named.
    CHECK(refusal({kTables, dir.file("empty")}) == named(dir.file("empty"), "no Syzygy WDL tables (.rtbw files)"));
    CHECK(refusal({}) == "no directory given");
}

TEST_CASE("open() refuses a directory or table the user cannot read", "[unit][tablebase]") {
    test_support::TempDir dir;
    dir.open_to_everyone();
    const std::string locked = dir.file("locked"), hidden = dir.file("hidden");
    fs::create_directory(locked);
    fs::copy_file(kTables + "/KQvK.rtbw", locked + "/KQvK.rtbw");
    fs::permissions(locked, fs::perms::none);
    fs::create_directory(hidden);
    fs::permissions(hidden, fs::perms::all);
    fs::copy_file(kTables + "/KQvK.rtbw", hidden + "/KQvK.rtbw");
    fs::permissions(hidden + "/KQvK.rtbw", fs::perms::none);
    CHECK(as_unprivileged([&] { return refusal({locked}).find(named(locked, "cannot read the directory")) == 0; }));
    CHECK(as_unprivileged([&] { return refusal({hidden}) == named(hidden + "/KQvK.rtbw", "cannot read the table"); }));
    fs::permissions(locked, fs::perms::owner_all);  // so that the directory can be removed
}

TEST_CASE("one set of tables per process: the same directories share it, others are refused", "[unit][tablebase]") {
    const auto first = tables();
    CHECK(Tablebase::open({kTables}) == first);
    test_support::TempDir dir;
    fs::create_directory(dir.file("other"));
    fs::copy_file(kTables + "/KQvK.rtbw", dir.file("other/KQvK.rtbw"));
    CHECK(refusal({dir.file("other")}) ==
          "this process already probes the tables in '" + kTables + "'; fathom holds one set per process");
}
