#pragma once
// Syzygy endgame tables, probed through Debian's libfathom, for cutechess-cli's -tb / -tbpieces /
// -tbignore50 and fastchess's -tbadjudicate.
//
// A position is looked up when it has no more pieces than the largest table found and no castling
// rights. With the half-move clock at 0 (the usual case: a capture just brought the position into
// the tables) the WDL tables answer; with a running clock the DTZ tables do, because only the
// distance to the next zeroing move says whether a win still beats the fifty-move rule (as
// cutechess-cli probes it). A missing DTZ table then leaves the position unjudged.

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/chess/position.h"
#include "harness/adjudication/outcome.h"

namespace arbiter::adjudication {

class TablebaseError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The tables' verdict for the side to move. A cursed win is a win that the fifty-move rule turns
// into a draw; a blessed loss, a loss it saves.
enum class Wdl { loss, blessed_loss, draw, cursed_win, win };

// "Loss", "BlessedLoss", "Draw", "CursedWin", "Win": the words fathom prints in its WDL tag.
std::string_view wdl_name(Wdl wdl);

// The game result a verdict means: with the fifty-move rule cursed wins and blessed losses are
// draws; with `ignore_fifty_moves` (-tbignore50) they count as the win or loss they are.
GameResult tablebase_result(Wdl wdl, chess::Color side_to_move, bool ignore_fifty_moves);

// fathom keeps its tables in process-wide globals (tb_init, TB_LARGEST), so a process has one
// Tablebase: the first open() loads it, later calls with the same directories share it, and other
// directories are refused. The tables stay loaded until the process ends, because Debian's fathom
// cannot unload them cleanly (tb_free frees arrays a later tb_init reuses, and its unmapping
// reports errors on stderr). The games of a run share the one object.
class Tablebase {
public:
    // Loads the tables in `directories` (in order, as fathom searches them). Throws TablebaseError
    // naming the directory or file when a directory does not exist, is not a directory, cannot be
    // read or holds no WDL table, when a table file cannot be read, is not a Syzygy table (fathom
    // would end the process on an empty one) or is cut short (fathom would skip it: its endings would
    // go unjudged), and when this process has other tables loaded.
    static std::shared_ptr<const Tablebase> open(const std::vector<std::string>& directories);

    Tablebase(const Tablebase&) = delete;
    Tablebase& operator=(const Tablebase&) = delete;

    const std::vector<std::string>& directories() const { return directories_; }
    // The most pieces of any table found (fathom's TB_LARGEST at load).
    int largest() const { return largest_; }

    // The verdict for `position`, or nullopt when it is not in the tables (too many pieces,
    // castling rights, a table missing). Safe to call from several games at once.
    std::optional<Wdl> probe(const chess::Position& position) const;

private:
    Tablebase(std::vector<std::string> directories, int largest);

    std::vector<std::string> directories_;
    int largest_ = 0;
};

// Which verdicts end a game (fastchess's -tbadjudicate BOTH|WIN_LOSS|DRAW); the others play on.
enum class TablebaseVerdicts { both, win_loss, draw };

struct TablebaseRule {
    std::shared_ptr<const Tablebase> tables;
    int max_pieces = 0;               // -tbpieces; 0: up to the largest table found
    bool ignore_fifty_moves = false;  // -tbignore50
    TablebaseVerdicts adjudicate = TablebaseVerdicts::both;
    bool operator==(const TablebaseRule&) const = default;
};

// The end of the game when `position` (just reached by a move) is in the tables with a verdict
// the rule adjudicates: "TB adjudication", worded in the PGN as cutechess-cli words it.
std::optional<Outcome> tablebase_ending(const TablebaseRule& rule, const chess::Position& position);

}  // namespace arbiter::adjudication
