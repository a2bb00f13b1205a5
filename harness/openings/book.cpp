#include "harness/openings/book.h"

#include <set>
#include <utility>

#include "engine/chess/position.h"
#include "engine/chess/san.h"
#include "harness/epd/epd.h"
#include "harness/pgn/reader.h"

namespace arbiter::openings {

// One opening of an EPD or PGN book, kept compact (moves as 16-bit values) because books with
// hundreds of thousands of lines are common; texts are made when an opening is asked for.
struct OpeningBook::Line {
    std::string id;
    std::string start_fen;
    bool chess960 = false;
    std::vector<chess::Move> moves;
};

namespace {

// A Polyglot walk stops here when plies= is not given; books end long before.
constexpr int kMaxBookWalkPlies = 1000;

[[noreturn]] void fail(const std::string& why) { throw OpeningsFlagError("-openings: " + why); }

std::string base_name(const std::string& path) {
    auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string extension(const std::string& path) {
    std::string name = base_name(path);
    auto dot = name.find_last_of('.');
    return dot == std::string::npos ? std::string() : name.substr(dot + 1);
}

// Fisher-Yates with our own generator, so every platform shuffles alike.
std::vector<std::size_t> seeded_permutation(std::size_t size, std::uint64_t seed) {
    std::vector<std::size_t> order(size);
    for (std::size_t i = 0; i < size; ++i) order[i] = i;
    SeededRandom random(derive_seed(seed, 0x5EED));
    for (std::size_t i = size; i > 1; --i) std::swap(order[i - 1], order[random.below(i)]);
    return order;
}

// Engines are told to play Chess960 only under -variant fischerandom; without it they would read
// the position wrongly and lose by illegal moves.
[[noreturn]] void refuse_chess960(const std::string& path, std::size_t line, const std::string& fen) {
    throw io::SourceError(path, line, "'" + fen + "' is a Chess960 position: play it with -variant fischerandom");
}

}  // namespace

BookFormat resolve_format(const BookOptions& options) {
    if (options.format != BookFormat::Auto) return options.format;
    const std::string ext = extension(options.file);
    if (ext == "epd") return BookFormat::Epd;
    if (ext == "pgn") return BookFormat::Pgn;
    if (ext == "bin") return BookFormat::Bin;
    fail("cannot tell the format of '" + options.file + "' from its extension; give format=epd|pgn|bin");
}

OpeningBook OpeningBook::open(const BookOptions& options) {
    const BookFormat format = resolve_format(options);
    if (format == BookFormat::Bin)
        return OpeningBook(options, {}, std::make_unique<PolyglotBook>(PolyglotBook::load(options.file)));
    std::vector<Line> lines = format == BookFormat::Epd ? load_epd_lines(options.file, options.chess960)
                                                        : load_pgn_lines(options.file, options.plies, options.chess960);
    if (lines.empty()) throw io::SourceError(options.file, 0, "the opening book holds no openings");
    return OpeningBook(options, std::move(lines), nullptr);
}

OpeningBook::OpeningBook(BookOptions options, std::vector<Line> lines, std::unique_ptr<PolyglotBook> polyglot)
    : options_(std::move(options)), lines_(std::move(lines)), polyglot_(std::move(polyglot)) {
    if (options_.order == BookOrder::Random) shuffled_ = seeded_permutation(lines_.size(), options_.seed);
}

OpeningBook::~OpeningBook() = default;
OpeningBook::OpeningBook(OpeningBook&&) noexcept = default;
OpeningBook& OpeningBook::operator=(OpeningBook&&) noexcept = default;

std::size_t OpeningBook::size() const { return lines_.size(); }

std::size_t OpeningBook::line_index_for_pair(std::size_t pair_index) const {
    const std::size_t slot = (options_.start - 1 + pair_index) % lines_.size();
    return options_.order == BookOrder::Random ? shuffled_[slot] : slot;
}

Opening OpeningBook::opening_for_pair(std::size_t pair_index) const {
    if (polyglot_) return opening_from_polyglot(pair_index);
    return opening_from_line(lines_[line_index_for_pair(pair_index)]);
}

Opening OpeningBook::opening_from_line(const Line& line) const {
    Opening opening;
    opening.id = line.id;
    opening.chess960 = line.chess960;
    chess::Position pos(line.start_fen, line.chess960);
    opening.start_fen = pos.fen();
    for (chess::Move move : line.moves) {
        opening.moves.push_back(chess::to_uci(pos, move));
        pos.make_move(move);
    }
    opening.final_fen = pos.fen();
    return opening;
}

Opening OpeningBook::opening_from_polyglot(std::size_t pair_index) const {
    SeededRandom random(derive_seed(options_.seed, pair_index));
    chess::Position pos;
    Opening opening;
    opening.id = base_name(options_.file) + "#" + std::to_string(pair_index + 1);
    opening.start_fen = pos.fen();
    std::set<chess::Key> seen{pos.key()};
    const int limit = options_.plies > 0 ? options_.plies : kMaxBookWalkPlies;
    for (int ply = 0; ply < limit; ++ply) {
        auto move = polyglot_->pick(pos, random);
        if (!move) break;
        std::string uci = chess::to_uci(pos, *move);
        pos.make_move(*move);
        // Stop before a repetition or a finished game: an opening must leave a game to play.
        if (!seen.insert(pos.key()).second || chess::adjudicate(pos) != chess::Termination::None) {
            pos.unmake_move(*move);
            break;
        }
        opening.moves.push_back(std::move(uci));
    }
    opening.final_fen = pos.fen();
    return opening;
}

std::vector<OpeningBook::Line> OpeningBook::load_epd_lines(const std::string& path, bool chess960) {
    epd::ParseOptions parse_options;
    parse_options.resolve_moves = false;
    std::vector<OpeningBook::Line> lines;
    for (epd::EpdRecord& record : epd::read_epd_file(path, parse_options)) {
        OpeningBook::Line line;
        line.id = record.id.empty() ? base_name(path) + ":" + std::to_string(record.line) : record.id;
        if (record.chess960 && !chess960) refuse_chess960(path, record.line, record.fen);
        line.start_fen = std::move(record.fen);
        line.chess960 = chess960;
        lines.push_back(std::move(line));
    }
    return lines;
}

std::vector<OpeningBook::Line> OpeningBook::load_pgn_lines(const std::string& path, int plies, bool chess960) {
    pgn::ReadOptions read_options;
    if (plies > 0) read_options.max_plies = static_cast<std::size_t>(plies);
    std::vector<OpeningBook::Line> lines;
    for (pgn::PgnGame& game : pgn::read_pgn_file(path, read_options)) {
        OpeningBook::Line line;
        line.id = base_name(path) + ":" + std::to_string(game.line);
        if (game.chess960 && !chess960) refuse_chess960(path, game.line, game.start_fen);
        line.start_fen = std::move(game.start_fen);
        line.chess960 = chess960;
        for (const pgn::PgnMove& move : game.moves) line.moves.push_back(move.move);
        lines.push_back(std::move(line));
    }
    return lines;
}

}  // namespace arbiter::openings
