// append_missing reads the stored games one at a time and the file a window at a time (a resumed
// run's memory must not grow with its games): the games it finds, writes and refuses are the same
// whether a game lies inside one window of the file or across two.
#include <catch2/catch.hpp>

#include <fstream>

#include "harness/output/output_files.h"
#include "tests/support/match_test_support.h"

using namespace arbiter;
using match_test::TempDir;
using output::AppendFile;
using output::OutputFileError;
using output::StoredTexts;
using output::StoredTextVisitor;

namespace {

void write_file(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// A game text of `size` bytes ending in a blank line, told apart by `tag`; larger than the window
// append_missing reads the file by, so that searches cross windows.
std::string big_game(char tag, std::size_t size = 100000) {
    std::string text = std::string("[Game \"") + tag + "\"]\n";
    while (text.size() + 2 < size) text += std::string(79, tag) + '\n';
    return text + "\n";
}

// A game text of exactly `size` bytes (at least 14).
std::string exact_game(char tag, std::size_t size) {
    return std::string("[Game \"") + tag + "\"]\n" + std::string(size - 13, tag) + "\n\n";
}

// The texts of `games`, made one at a time when asked for, counting how many were made.
struct CountingTexts {
    std::vector<char> games;
    std::size_t made = 0;
    StoredTexts texts() {
        return [this](std::size_t first, const StoredTextVisitor& visit) {
            for (std::size_t index = first; index < games.size(); ++index) {
                ++made;
                if (!visit(index, big_game(games[index]))) return;
            }
        };
    }
};

}  // namespace

TEST_CASE("append_missing finds the first games and writes the rest, texts made one at a time", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("games.pgn");
    write_file(path, "other run\n\n" + big_game('a') + big_game('b'));
    CountingTexts stored{{'a', 'b', 'c', 'd'}};
    AppendFile file(path, "-pgnout");
    CHECK(file.append_missing(stored.texts(), "run 1 of run.db") == 2u);
    CHECK(match_test::read_text(path) ==
          "other run\n\n" + big_game('a') + big_game('b') + big_game('c') + big_game('d'));
    CHECK(stored.made > 0);
    CHECK(file.append_missing(stored.texts(), "run 1 of run.db") == 0u);
}

TEST_CASE("a later game before the first ones is refused wherever the file's windows cut it", "[unit]") {
    TempDir dir;
    const std::string path = dir.file("games.pgn");
    // Game c, stored after a and b, found before them where a line starts: the file is not in
    // storing order. Only the bytes the missing games c and d take are searched, and the size of d
    // moves c across the 64 KiB boundaries of the windows they are read by.
    const std::string c = exact_game('c', 40);
    for (const std::size_t d_size : {999u, 65499u, 65510u, 65535u, 65536u}) {
        INFO("d of " << d_size << " bytes");
        const std::string d = exact_game('d', d_size);
        const std::vector<std::string> stored{big_game('a'), big_game('b'), c, d};
        write_file(path, std::string(d_size + 10, 'y') + "\n" + c + stored[0] + stored[1]);
        AppendFile file(path, "-pgnout");
        CHECK_THROWS_AS(file.append_missing(stored, "run 1 of run.db"), OutputFileError);
        // The same text not where a line starts is the end of some other text: not a game.
        write_file(path, std::string(d_size + 10, 'y') + c + stored[0] + stored[1]);
        AppendFile other(path, "-pgnout");
        CHECK(other.append_missing(stored, "run 1 of run.db") == 2u);
    }
}
