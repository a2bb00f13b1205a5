// -pgnout and -epdout in fastchess's form, -crc32 pgn=true, and the cutechess form's FEN lines, run
// through `arbiter match` with tempo at fixed nodes: every key's figure in the comments, in the
// layout fastchess writes (compared with tests/data/fastchess_output), the notations, min,
// match_line, append=false (and what a resumed run does with it), six-field FENs, the CRC32 line,
// and the #17 guarantee for the new layout: a game a file misses is written again byte for byte.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <set>

#include "engine/chess/position.h"
#include "harness/pgn/reader.h"
#include "harness/output/output_files.h"
#include "tests/reliability/reliability_support.h"
#include "tests/support/text_file.h"

using namespace reliability;
using Catch::Matchers::Contains;
namespace fs = std::filesystem;

namespace {

const std::string kData = std::string(REPO_ROOT_DIR) + "/tests/data/fastchess_output/";

// Two games of tempo against itself from the start position, one pair, short: deterministic.
std::vector<std::string> two_games(const TempDir& dir, const std::string& db) {
    return {"-engine",
            "cmd=" TEMPO_BIN,
            "name=A",
            "dir=" + dir.path(),
            "-engine",
            "cmd=" TEMPO_BIN,
            "name=B",
            "dir=" + dir.path(),
            "-each",
            "nodes=3000",
            "option.Hash=8",
            "-games",
            "2",
            "-repeat",
            "-concurrency",
            "1",
            "-maxmoves",
            "6",
            "-seed",
            "3",
            "--db",
            db,
            "-logdir",
            "off"};
}

std::vector<std::string> comments_of(const std::string& pgn) {
    std::vector<std::string> comments;
    static const std::regex comment(R"(\{([^}]*)\})");
    for (auto it = std::sregex_iterator(pgn.begin(), pgn.end(), comment); it != std::sregex_iterator(); ++it)
        comments.push_back((*it)[1]);
    return comments;
}

// A comment with its numbers and quoted texts blanked, and without the closing reason: what the
// layout is, whatever the engine said.
std::string shape(const std::string& comment) {
    std::string items, kept;
    std::size_t start = 0;
    for (bool first = true;; first = false) {
        const std::size_t comma = comment.find(", ", start);
        const std::string item = comment.substr(start, comma - start);
        if (first || std::regex_search(item, std::regex("^[a-z]+="))) kept += (first ? "" : ", ") + item;
        if (comma == std::string::npos) break;
        start = comma + 2;
    }
    kept = std::regex_replace(kept, std::regex(R"("[^"]*")"), "\"…\"");
    return std::regex_replace(kept, std::regex(R"([+-]?M?\d+(\.\d+)?)"), "N");
}

std::set<std::string> shapes_of(const std::string& pgn) {
    std::set<std::string> shapes;
    for (const auto& comment : comments_of(pgn))
        if (comment != "book") shapes.insert(shape(comment));
    return shapes;
}

using test_support::lines_of;

// The movetext's move tokens (no numbers, comments or result).
std::vector<std::string> move_tokens(const std::string& pgn) {
    std::vector<std::string> tokens;
    const std::string without_comments = std::regex_replace(pgn, std::regex(R"(\{[^}]*\})"), "");
    for (const auto& line : lines_of(without_comments)) {
        if (line.empty() || line[0] == '[') continue;
        std::istringstream words(line);
        for (std::string word; words >> word;)
            if (!std::regex_match(word, std::regex(R"(\d+\.+|1-0|0-1|1/2-1/2|\*)"))) tokens.push_back(word);
    }
    return tokens;
}

}  // namespace

TEST_CASE("flag -pgnout file=NAME writes NAME, and cutechess-cli's dialect refuses the key=value form",
          "[integration]") {
    TempDir dir;
    const std::string pgn = dir.file("games.pgn");
    const auto run =
        run_in_process(two_games(dir, dir.file("a.db")) + std::vector<std::string>{"-pgnout", "file=" + pgn});
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);
    CHECK(count_of(read_text(pgn), "[Event ") == 2);

    const auto refused = run_in_process(two_games(dir, dir.file("b.db")) +
                                        std::vector<std::string>{"-dialect", "cutechess", "-pgnout", "file=" + pgn});
    CHECK(refused.code == 2);
    CHECK_THAT(refused.err, Contains("-pgnout") && Contains("fastchess's key=value form"));
    CHECK_FALSE(fs::exists(dir.file("b.db")));
}

TEST_CASE("each fastchess -pgnout key writes its figure in every engine move's comment, laid out as fastchess does",
          "[integration]") {
    const std::string key = GENERATE(as<std::string>(), "plain", "nodes", "seldepth", "nps", "hashfull", "tbhits", "pv",
                                     "timeleft", "latency", "all");
    TempDir dir;
    const std::string pgn = dir.file("games.pgn");
    std::vector<std::string> pgnout{"-pgnout", "file=" + pgn};
    if (key == "all") {
        for (const char* each : {"nodes", "seldepth", "nps", "hashfull", "tbhits", "pv", "timeleft", "latency"})
            pgnout.push_back(std::string(each) + "=true");
    } else if (key != "plain") {
        pgnout.push_back(key + "=true");
    }
    const auto run = run_in_process(two_games(dir, dir.file("a.db")) + pgnout);
    INFO(key << "\n" << run.out << run.err);
    REQUIRE(run.code == 0);
    const std::string ours = read_text(pgn);
    const std::string theirs = read_text(kData + "pgnout_" + key + ".pgn");
    CHECK(shapes_of(ours) == shapes_of(theirs));
    CHECK(comments_of(ours).size() == 2 * 12);  // -maxmoves 6: twelve engine moves a game
    // The reason closes the last comment of each game, as in fastchess's file.
    CHECK(count_of(ours, ", Draw by adjudication}") + count_of(ours, " mates}") == 2);
}

TEST_CASE("fastchess's notation=lan and notation=uci, and min=true", "[integration]") {
    TempDir dir;
    const auto games_with = [&](const std::string& name, const std::vector<std::string>& keys) {
        const std::string pgn = dir.file(name + ".pgn");
        const auto run = run_in_process(two_games(dir, dir.file(name + ".db")) +
                                        (std::vector<std::string>{"-pgnout", "file=" + pgn} + keys));
        INFO(run.out << run.err);
        REQUIRE(run.code == 0);
        return read_text(pgn);
    };
    const std::string san = games_with("san", {});
    const std::string lan = games_with("lan", {"notation=lan"});
    const std::string uci = games_with("uci", {"notation=uci"});
    const std::string minimal = games_with("min", {"min=true"});
    const auto san_moves = move_tokens(san), lan_moves = move_tokens(lan), uci_moves = move_tokens(uci);
    REQUIRE(san_moves.size() == 24);
    REQUIRE(lan_moves.size() == 24);
    REQUIRE(uci_moves.size() == 24);
    for (std::size_t i = 0; i < uci_moves.size(); ++i) {
        INFO(san_moves[i] << " " << lan_moves[i] << " " << uci_moves[i]);
        CHECK(std::regex_match(uci_moves[i], std::regex("[a-h][1-8][a-h][1-8][qrbn]?")));
        CHECK(std::regex_match(lan_moves[i], std::regex("([NBRQK]?[a-h][1-8]x?[a-h][1-8](=[QRBN])?|O-O(-O)?)[+#]?")));
        // The same move in the three notations: LAN's squares are UCI's, its piece letter SAN's.
        if (lan_moves[i].rfind("O-O", 0) != 0) {
            CHECK(std::regex_replace(lan_moves[i], std::regex("[NBRQKx=+#]"), "").substr(0, 4) ==
                  uci_moves[i].substr(0, 4));
            CHECK(lan_moves[i][0] == san_moves[i][0]);
        }
    }
    // min: the roster, no comments, no other tags.
    CHECK(minimal.find('{') == std::string::npos);
    CHECK(count_of(minimal, "[") == 14);
    CHECK(move_tokens(minimal) == san_moves);
}

TEST_CASE("fastchess's match_line=REGEX keeps the last matching line of each search in the comment", "[integration]") {
    TempDir dir;
    const std::string pgn = dir.file("games.pgn");
    const auto run = run_in_process(two_games(dir, dir.file("a.db")) +
                                    std::vector<std::string>{"-pgnout", "file=" + pgn, "match_line=^info depth 3 "});
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);
    const auto comments = comments_of(read_text(pgn));
    REQUIRE(comments.size() == 24);
    for (const auto& comment : comments)
        CHECK(std::regex_search(comment, std::regex(R"(, line="info depth 3 [^"]*pv [a-h][^"]*")")));
    CHECK(shapes_of(read_text(pgn)) == shapes_of(read_text(kData + "pgnout_matchline.pgn")));

    const auto bad = run_in_process(two_games(dir, dir.file("b.db")) +
                                    std::vector<std::string>{"-pgnout", "file=" + pgn, "match_line=(unclosed"});
    CHECK(bad.code == 2);
    CHECK_THAT(bad.err, Contains("-pgnout match_line") && Contains("(unclosed"));
}

TEST_CASE("append=false empties the files when a run starts, and a resumed run keeps every game", "[integration]") {
    TempDir dir;
    const std::string pgn = dir.file("games.pgn"), epd = dir.file("games.epd");
    std::ofstream(pgn) << "stale text from an earlier run\n";
    std::ofstream(epd) << "stale line\n";
    const auto match =
        two_games(dir, dir.file("a.db")) +
        std::vector<std::string>{"-pgnout", "file=" + pgn, "append=false", "-epdout", "file=" + epd, "append=false"};
    const auto first = run_in_process(match);
    INFO(first.out << first.err);
    REQUIRE(first.code == 0);
    const std::string written = read_text(pgn);
    CHECK(written.rfind("[Event ", 0) == 0);
    CHECK(count_of(written, "[Event ") == 2);
    CHECK(lines_of(read_text(epd)).size() == 2);

    // The same run continued (finished, so nothing is played): the files keep their games.
    const auto resumed = run_in_process(match + std::vector<std::string>{"--resume", "1"});
    INFO(resumed.out << resumed.err);
    REQUIRE(resumed.code == 0);
    CHECK_THAT(resumed.out, Contains("Resuming from 2 games, ignoring -pgnout append=false") &&
                                Contains("Resuming from 2 games, ignoring -epdout append=false"));
    CHECK(read_text(pgn) == written);

    // A new run of the same command starts the files afresh, as fastchess does.
    const auto again = run_in_process(match);
    REQUIRE(again.code == 0);
    CHECK_THAT(again.out, Contains("new run 2"));
    CHECK(count_of(read_text(pgn), "[Event ") == 2);
    CHECK(lines_of(read_text(epd)).size() == 2);
}

TEST_CASE("flag -epdout writes each game's final position as a six-field FEN, in both forms", "[integration]") {
    TempDir dir;
    const std::string form = GENERATE(as<std::string>(), "cutechess", "fastchess");
    const std::string epd = dir.file("final.epd");
    const std::vector<std::string> flag = form == "cutechess" ? std::vector<std::string>{"-epdout", epd}
                                                              : std::vector<std::string>{"-epdout", "file=" + epd};
    const auto run = run_in_process(two_games(dir, dir.file("a.db")) + flag);
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);
    const auto lines = lines_of(read_text(epd));
    REQUIRE(lines.size() == 2);
    std::vector<std::string> finals;
    for (const auto& [key, stored] : stored_games(dir.file("a.db"))) {
        const auto game = arbiter::pgn::parse_pgn_text(stored.game.pgn, "stored").front();
        chess::Position position(game.start_fen, false);
        for (const auto& move : game.moves) position.make_move(move.move);
        finals.push_back(position.fen());
    }
    for (const auto& line : lines) {
        std::istringstream fields(line);
        std::vector<std::string> words{std::istream_iterator<std::string>(fields), {}};
        CHECK(words.size() == 6);
        CHECK(std::find(finals.begin(), finals.end(), line) != finals.end());
    }
}

TEST_CASE("flag -crc32 pgn=true prints the PGN file's CRC32 after each game, as fastchess does", "[integration]") {
    TempDir dir;
    const std::string pgn = dir.file("games.pgn");
    std::ofstream(pgn) << "[Event \"an earlier game\"]\n\n*\n\n";  // counted in, as fastchess counts it
    const auto run = run_in_process(two_games(dir, dir.file("a.db")) +
                                    std::vector<std::string>{"-pgnout", "file=" + pgn, "-crc32", "pgn=true"});
    INFO(run.out << run.err);
    REQUIRE(run.code == 0);
    std::vector<std::string> printed;
    for (const auto& line : lines_of(run.out))
        if (line.rfind("File " + pgn + " has CRC32: 0x", 0) == 0) printed.push_back(line);
    REQUIRE(printed.size() == 2);
    char expected[64];
    std::snprintf(expected, sizeof expected, "0x%x", arbiter::output::crc32_update(0, read_text(pgn)));
    CHECK_THAT(printed.back(), Catch::Matchers::EndsWith(std::string(": ") + expected));
    // Printed before the game's "Finished game" line, as fastchess prints it.
    CHECK(run.out.find(printed.front()) < run.out.find("Finished game 1"));
}

TEST_CASE("a game fastchess's layout is missing is written again from the database, byte for byte", "[integration]") {
    TempDir dir;
    const std::string pgn = dir.file("games.pgn");
    const auto match = two_games(dir, dir.file("a.db")) + std::vector<std::string>{"-pgnout",
                                                                                   "file=" + pgn,
                                                                                   "notation=lan",
                                                                                   "nodes=true",
                                                                                   "seldepth=true",
                                                                                   "nps=true",
                                                                                   "hashfull=true",
                                                                                   "tbhits=true",
                                                                                   "pv=true",
                                                                                   "timeleft=true",
                                                                                   "latency=true",
                                                                                   "match_line=^info depth 2 ",
                                                                                   "match_line=^info depth 4 "};
    const auto first = run_in_process(match);
    INFO(first.out << first.err);
    REQUIRE(first.code == 0);
    const std::string whole = read_text(pgn);
    const std::size_t second_game = whole.find("\n\n[Event ") + 2;
    REQUIRE(second_game > 2);
    std::ofstream(pgn, std::ios::trunc | std::ios::binary) << whole.substr(0, second_game);

    const auto resumed = run_in_process(match + std::vector<std::string>{"--resume", "1"});
    INFO(resumed.out << resumed.err);
    REQUIRE(resumed.code == 0);
    CHECK_THAT(resumed.err, Contains("-pgnout " + pgn + ": wrote 1 stored game it was missing"));
    CHECK(read_text(pgn) == whole);
    CHECK(count_of(whole, "line=\"info depth 2 ") == 24);
    CHECK(count_of(whole, "line=\"info depth 4 ") == 24);
}
