#pragma once
// Opening books for matches: EPD files (one position per line, `id` kept, other opcodes
// ignored), PGN files (each game's mainline, from its FEN/SetUp tags when present, cut to
// plies=N), and Polyglot .bin books (a weighted random walk from the start position).
//
// The schedule is a pure function of (options, pair index): the same seed gives pair N the
// same opening whether the run is fresh, resumed or one shard of many. Both games of a pair
// use the pair's opening; that is the tournament's business, not the book's.
//   sequential: opening (start - 1 + N) mod size, in file order.
//   random:     the same walk over a seeded shuffle of the file (each opening once per cycle).
//   bin:        pair N walks the book with a generator seeded from (seed, N).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/chess/types.h"
#include "harness/epd/source_error.h"
#include "harness/openings/polyglot.h"

namespace arbiter::openings {

class OpeningsFlagError : public std::invalid_argument {
public:
    using std::invalid_argument::invalid_argument;
};

enum class BookFormat { Auto, Epd, Pgn, Bin };
enum class BookOrder { Sequential, Random };
// cutechess's policy=: which pairs share an opening. The book does not read it; the schedule does
// (harness/schedule/schedule.h, ScheduleSpec::opening_policy).
enum class OpeningPolicy { by_default, encounter, round };

struct BookOptions {
    std::string file;
    BookFormat format = BookFormat::Auto;  // Auto: from the file extension
    BookOrder order = BookOrder::Sequential;
    std::uint64_t seed = 0;
    int plies = 0;          // keep at most this many plies of a PGN line / bin walk; 0 = no limit
    std::size_t start = 1;  // 1-based index of the first opening
    // -variant fischerandom: every opening is played as Chess960 (moves in king-takes-rook
    // notation). Without it, a position only Chess960 reads is refused, naming its line.
    bool chess960 = false;
    OpeningPolicy policy = OpeningPolicy::by_default;
    bool operator==(const BookOptions&) const = default;
};

// Format from the options or, for Auto, from the file extension (.epd, .pgn, .bin).
BookFormat resolve_format(const BookOptions& options);

struct Opening {
    std::string id;                  // EPD `id`, else "file:line" of the position or game
    std::string start_fen;           // where the game starts before the opening moves
    std::vector<std::string> moves;  // UCI moves to play from start_fen
    std::string final_fen;           // position after those moves
    bool chess960 = false;
};

class OpeningBook {
public:
    // Loads and checks the whole book; errors are io::SourceError naming file and line, and an
    // empty book is an error too (a match without openings would silently repeat games).
    static OpeningBook open(const BookOptions& options);
    ~OpeningBook();
    OpeningBook(OpeningBook&&) noexcept;
    OpeningBook& operator=(OpeningBook&&) noexcept;

    // Number of distinct openings (lines of an EPD/PGN book); 0 for Polyglot books, whose
    // openings are generated.
    std::size_t size() const;
    const BookOptions& options() const { return options_; }

    // The opening of pair `pair_index` (0-based) of the schedule.
    Opening opening_for_pair(std::size_t pair_index) const;

private:
    struct Line;
    OpeningBook(BookOptions options, std::vector<Line> lines, std::unique_ptr<PolyglotBook> polyglot);
    static std::vector<Line> load_epd_lines(const std::string& path, bool chess960);
    static std::vector<Line> load_pgn_lines(const std::string& path, int plies, bool chess960);
    std::size_t line_index_for_pair(std::size_t pair_index) const;
    Opening opening_from_line(const Line& line) const;
    Opening opening_from_polyglot(std::size_t pair_index) const;

    BookOptions options_;
    std::vector<Line> lines_;
    std::vector<std::size_t> shuffled_;  // permutation of lines_ for order=random
    std::unique_ptr<PolyglotBook> polyglot_;
};

}  // namespace arbiter::openings
