// The data arbiter ships, found by short name beside the executable (harness/config/data_files.h):
// an installed tree PREFIX/{bin,share/arbiter} laid out in a scratch directory.
#include <catch2/catch.hpp>

#include <filesystem>

#include "harness/config/data_files.h"
#include "tests/support/temp_dir.h"

namespace fs = std::filesystem;
using arbiter::config::data_dir_beside;
using arbiter::config::resolve_book;
using arbiter::config::resolve_suite;
using arbiter::config::shipped_suites;

namespace {

// PREFIX/bin/arbiter and PREFIX/share/arbiter/{openings/quick_test_book.epd,suites/wac.epd,suites/sts.epd}.
struct InstalledTree {
    test_support::TempDir prefix;
    InstalledTree() {
        fs::create_directories(prefix.file("bin"));
        fs::create_directories(prefix.file("share/arbiter/openings"));
        fs::create_directories(prefix.file("share/arbiter/suites"));
        prefix.write("bin/arbiter", "", true);
        prefix.write("share/arbiter/openings/quick_test_book.epd", "8/8/8/8/8/2k5/8/KQ6 w - -\n");
        prefix.write("share/arbiter/suites/wac.epd", "x\n");
        prefix.write("share/arbiter/suites/sts.epd", "x\n");
    }
    std::optional<fs::path> data() const { return data_dir_beside(prefix.file("bin/arbiter")); }
};

}  // namespace

TEST_CASE("the data directory is share/arbiter beside the executable's bin, when it exists", "[unit]") {
    const InstalledTree tree;
    REQUIRE(tree.data());
    CHECK(fs::equivalent(*tree.data(), tree.prefix.file("share/arbiter")));
    const test_support::TempDir bare;
    CHECK_FALSE(data_dir_beside(bare.file("bin/arbiter")));
}

TEST_CASE("a book is found by its short name, with or without openings/, and an existing path wins", "[unit]") {
    const InstalledTree tree;
    const std::string shipped = tree.prefix.file("share/arbiter/openings/quick_test_book.epd");
    CHECK(fs::equivalent(resolve_book("quick_test_book.epd", tree.data()), shipped));
    CHECK(fs::equivalent(resolve_book("openings/quick_test_book.epd", tree.data()), shipped));
    const test_support::TempDir here;
    const std::string own = here.write("quick_test_book.epd", "own book\n");
    CHECK(resolve_book(own, tree.data()) == own);
    // Unknown names and absolute paths come back as given, for the reader to report.
    CHECK(resolve_book("missing.epd", tree.data()) == "missing.epd");
    CHECK(resolve_book("/nowhere/quick_test_book.epd", tree.data()) == "/nowhere/quick_test_book.epd");
    CHECK(resolve_book("quick_test_book.epd", std::nullopt) == "quick_test_book.epd");
}

TEST_CASE("a suite is found by its name in any case, with or without .epd", "[unit]") {
    const InstalledTree tree;
    const std::string wac = tree.prefix.file("share/arbiter/suites/wac.epd");
    for (const char* name : {"wac", "WAC", "wac.epd", "Wac.epd"}) {
        INFO(name);
        CHECK(fs::equivalent(resolve_suite(name, tree.data()), wac));
    }
    CHECK(resolve_suite("ecm", tree.data()) == "ecm");
    CHECK(resolve_suite("dir/wac", tree.data()) == "dir/wac");
    CHECK(shipped_suites(tree.data()) == std::vector<std::string>{"sts", "wac"});
}
