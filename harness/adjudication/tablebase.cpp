#include "harness/adjudication/tablebase.h"

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <regex>

#include <tbprobe.h>

#include "engine/chess/bitboard.h"

namespace arbiter::adjudication {
namespace {

// fathom's tables live in its own globals and its DTZ probe is not thread-safe, so this is the one
// record of them: the Tablebase they belong to, and the mutex every call into fathom holds.
// Nothing else in arbiter keeps process-wide state; it exists because fathom does.
struct FathomState {
    std::mutex mutex;
    std::shared_ptr<const Tablebase> loaded;
};

FathomState& fathom_state() {
    static FathomState state;
    return state;
}

std::string quoted(const std::string& text) { return "'" + text + "'"; }

std::string joined(const std::vector<std::string>& directories) {
    std::string out;
    for (const auto& directory : directories) out += (out.empty() ? "" : ":") + directory;
    return out;
}

// The names fathom opens: "KQvK", "KRPvKB", ... followed by .rtbw (WDL) or .rtbz (DTZ).
bool is_table_name(const std::string& name, const std::string& suffix) {
    static const std::regex pattern("K[QRBNP]*vK[QRBNP]*");
    if (name.size() <= suffix.size() || name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
        return false;
    return std::regex_match(name.substr(0, name.size() - suffix.size()), pattern);
}

// A Syzygy table is laid out in 64-byte blocks followed by 16 bytes, so its length is 16 more than
// a multiple of 64, and the smallest (a table of one constant verdict) is one block long. fathom
// skips a table of any other length with "Incomplete tablebase file" on stdout, which would leave
// its endings unjudged for the whole run: a cut-off download is refused here instead.
constexpr std::uintmax_t kTableBlockBytes = 64;
constexpr std::uintmax_t kTableTailBytes = 16;
constexpr std::uintmax_t kSmallestTableBytes = kTableBlockBytes + kTableTailBytes;

void check_table_length(const std::filesystem::path& file) {
    std::error_code error;
    const std::uintmax_t bytes = std::filesystem::file_size(file, error);
    if (error) throw TablebaseError(quoted(file.string()) + ": cannot read the table (" + error.message() + ")");
    if (bytes < kSmallestTableBytes || bytes % kTableBlockBytes != kTableTailBytes)
        throw TablebaseError(quoted(file.string()) + ": truncated or incomplete: " + std::to_string(bytes) +
                             " bytes, where a Syzygy table is " + std::to_string(kTableTailBytes) +
                             " bytes more than a multiple of " + std::to_string(kTableBlockBytes) + ", at least " +
                             std::to_string(kSmallestTableBytes));
}

// Every Syzygy file starts with its kind's magic number; fathom ends the process when it maps an
// empty file, so a table that is not one is refused before any game.
void check_table_file(const std::filesystem::path& file, std::uint32_t magic) {
    std::ifstream in(file, std::ios::binary);
    if (!in) throw TablebaseError(quoted(file.string()) + ": cannot read the table");
    unsigned char head[4] = {};
    in.read(reinterpret_cast<char*>(head), sizeof head);
    const std::uint32_t found = head[0] | head[1] << 8 | head[2] << 16 | std::uint32_t(head[3]) << 24;
    if (in.gcount() != sizeof head || found != magic)
        throw TablebaseError(quoted(file.string()) + ": not a Syzygy table (empty, truncated or another format)");
    check_table_length(file);
}

// Checks one directory as fathom will read it: at least one WDL table, every table sound.
void check_directory(const std::string& path) {
    constexpr std::uint32_t kWdlMagic = 0x5d23e871, kDtzMagic = 0xa50c66d7;
    std::error_code error;
    const auto status = std::filesystem::status(path, error);
    if (!std::filesystem::exists(status)) throw TablebaseError(quoted(path) + ": no such directory");
    if (!std::filesystem::is_directory(status)) throw TablebaseError(quoted(path) + ": not a directory");
    std::filesystem::directory_iterator entries(path, error);
    if (error) throw TablebaseError(quoted(path) + ": cannot read the directory (" + error.message() + ")");
    int wdl_tables = 0;
    for (const auto& entry : entries) {
        const std::string name = entry.path().filename().string();
        if (is_table_name(name, ".rtbw")) {
            check_table_file(entry.path(), kWdlMagic);
            ++wdl_tables;
        } else if (is_table_name(name, ".rtbz")) {
            check_table_file(entry.path(), kDtzMagic);
        }
    }
    if (wdl_tables == 0) throw TablebaseError(quoted(path) + ": no Syzygy WDL tables (.rtbw files)");
}

Wdl wdl_of(unsigned fathom_wdl) {
    switch (fathom_wdl) {
        case TB_LOSS: return Wdl::loss;
        case TB_BLESSED_LOSS: return Wdl::blessed_loss;
        case TB_CURSED_WIN: return Wdl::cursed_win;
        case TB_WIN: return Wdl::win;
        default: return Wdl::draw;
    }
}

// The DTZ probe answers for a running half-move clock; it reports mate and stalemate as results
// of their own (the rules core finds those first, but the probe stays correct without it).
std::optional<Wdl> root_verdict(unsigned result) {
    if (result == TB_RESULT_FAILED) return std::nullopt;
    if (result == TB_RESULT_CHECKMATE) return Wdl::loss;
    if (result == TB_RESULT_STALEMATE) return Wdl::draw;
    return wdl_of(TB_GET_WDL(result));
}

}  // namespace

std::string_view wdl_name(Wdl wdl) {
    switch (wdl) {
        case Wdl::loss: return "Loss";
        case Wdl::blessed_loss: return "BlessedLoss";
        case Wdl::draw: return "Draw";
        case Wdl::cursed_win: return "CursedWin";
        case Wdl::win: return "Win";
    }
    return "Draw";
}

GameResult tablebase_result(Wdl wdl, chess::Color side_to_move, bool ignore_fifty_moves) {
    const GameResult mover_wins = side_to_move == chess::WHITE ? GameResult::WhiteWins : GameResult::BlackWins;
    const GameResult mover_loses = side_to_move == chess::WHITE ? GameResult::BlackWins : GameResult::WhiteWins;
    switch (wdl) {
        case Wdl::win: return mover_wins;
        case Wdl::loss: return mover_loses;
        case Wdl::cursed_win: return ignore_fifty_moves ? mover_wins : GameResult::Draw;
        case Wdl::blessed_loss: return ignore_fifty_moves ? mover_loses : GameResult::Draw;
        case Wdl::draw: break;
    }
    return GameResult::Draw;
}

std::shared_ptr<const Tablebase> Tablebase::open(const std::vector<std::string>& directories) {
    if (directories.empty()) throw TablebaseError("no directory given");
    FathomState& fathom = fathom_state();
    std::lock_guard lock(fathom.mutex);
    for (const auto& directory : directories) check_directory(directory);
    if (fathom.loaded) {
        if (fathom.loaded->directories() == directories) return fathom.loaded;
        const std::string loaded = quoted(joined(fathom.loaded->directories()));
        throw TablebaseError("this process already probes the tables in " + loaded +
                             "; fathom holds one set per process");
    }
    const std::string search_path = joined(directories);  // ':' is fathom's separator on POSIX
    if (!tb_init(search_path.c_str()) || TB_LARGEST == 0)
        throw TablebaseError(quoted(search_path) + ": fathom found no tables it could load");
    fathom.loaded.reset(new Tablebase(directories, static_cast<int>(TB_LARGEST)));
    return fathom.loaded;
}

Tablebase::Tablebase(std::vector<std::string> directories, int largest)
    : directories_(std::move(directories)), largest_(largest) {}

std::optional<Wdl> Tablebase::probe(const chess::Position& position) const {
    if (position.castling_rights() != chess::NO_CASTLING) return std::nullopt;
    if (chess::popcount(position.pieces()) > largest_) return std::nullopt;
    const auto bits = [&](chess::PieceType type) -> std::uint64_t { return position.pieces(type); };
    const std::uint64_t white = position.pieces(chess::WHITE), black = position.pieces(chess::BLACK);
    const unsigned en_passant = position.ep_square() == chess::SQ_NONE ? 0 : unsigned(position.ep_square());
    const bool white_to_move = position.side_to_move() == chess::WHITE;
    const unsigned rule50 = static_cast<unsigned>(position.rule50());

    std::lock_guard lock(fathom_state().mutex);
    if (rule50 == 0) {
        const unsigned result =
            tb_probe_wdl(white, black, bits(chess::KING), bits(chess::QUEEN), bits(chess::ROOK), bits(chess::BISHOP),
                         bits(chess::KNIGHT), bits(chess::PAWN), 0, 0, en_passant, white_to_move);
        if (result == TB_RESULT_FAILED) return std::nullopt;
        return wdl_of(result);
    }
    return root_verdict(tb_probe_root(white, black, bits(chess::KING), bits(chess::QUEEN), bits(chess::ROOK),
                                      bits(chess::BISHOP), bits(chess::KNIGHT), bits(chess::PAWN), rule50, 0,
                                      en_passant, white_to_move, nullptr));
}

std::optional<Outcome> tablebase_ending(const TablebaseRule& rule, const chess::Position& position) {
    if (!rule.tables) return std::nullopt;
    if (rule.max_pieces > 0 && chess::popcount(position.pieces()) > rule.max_pieces) return std::nullopt;
    const std::optional<Wdl> verdict = rule.tables->probe(position);
    if (!verdict) return std::nullopt;
    const GameResult result = tablebase_result(*verdict, position.side_to_move(), rule.ignore_fifty_moves);
    const bool drawn = result == GameResult::Draw;
    if (drawn && rule.adjudicate == TablebaseVerdicts::win_loss) return std::nullopt;
    if (!drawn && rule.adjudicate == TablebaseVerdicts::draw) return std::nullopt;
    return tablebase_adjudication(result);
}

}  // namespace arbiter::adjudication
