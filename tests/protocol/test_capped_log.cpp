// The capped stderr log (issue #17): the first bytes up to the cap, one line saying how many bytes
// were cut there, then the last bytes; one cap for every process of an engine and across runs.
#include <catch2/catch.hpp>

#include "harness/process/capped_log.h"
#include "harness/process/child_process.h"

#include <filesystem>
#include <fstream>
#include <memory>

#include <unistd.h>

#include "tests/protocol/test_support.h"

using namespace arbiter::process;
using namespace std::chrono_literals;
using protocol_test::shell;

namespace {

std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("arbiter_test_" + std::to_string(::getpid()) + "_" + name))
        .string();
}

std::string read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

const CappedLogLimits kSmall{10, 6};

}  // namespace

TEST_CASE("capped log: what fits under the cap is written as it comes", "[unit]") {
    const std::string path = temp_path("capped-fits.log");
    std::filesystem::remove(path);
    {
        CappedLog log(path, kSmall);
        log.open();
        log.write("0123");
        log.write("456789");
        CHECK(read_all(path) == "0123456789");
    }
    CHECK(read_all(path) == "0123456789");
    std::filesystem::remove(path);
}

TEST_CASE("capped log: the head, the cut line and the last bytes", "[unit]") {
    const std::string path = temp_path("capped-cut.log");
    std::filesystem::remove(path);
    {
        CappedLog log(path, kSmall);
        log.open();
        log.write("0123456");
        log.write("789abcdefghijklmn");
        log.write("opqrstuvwxyz");
        // The cut line is there as soon as bytes are cut; the tail as of the last write_tail.
        log.write_tail();
        CHECK(read_all(path) == "0123456789" + CappedLog::cut_note(10, 20, 6) + "uvwxyz");
        log.write("!");
    }
    CHECK(read_all(path) == "0123456789" + CappedLog::cut_note(10, 21, 6) + "vwxyz!");
    CHECK(CappedLog::cut_note(10, 21, 6) ==
          "\n[arbiter: stderr log capped at 10 bytes: 21 bytes cut here, the last 6 follow]\n");

    // The next run finds the head full: all its bytes go behind a cut line of its own.
    const std::string before = read_all(path);
    {
        CappedLog log(path, kSmall);
        log.open();
        log.write("ABCDEFGHIJ");
    }
    CHECK(read_all(path) == before + CappedLog::cut_note(10, 4, 6) + "EFGHIJ");
    std::filesystem::remove(path);
}

TEST_CASE("capped log: every process of an engine shares one cap", "[integration][process]") {
    const std::string path = temp_path("capped-shared.log");
    std::filesystem::remove(path);
    {
        // $0 names the process: sh -c SCRIPT NAME.
        ProcessSpec spec = shell("printf 'start-%s-' \"$0\" >&2; printf '%0100d' 0 >&2; printf '%s' \"-end-$0\" >&2");
        spec.stderr_capped_log = std::make_shared<CappedLog>(path, CappedLogLimits{20, 8});
        for (const char* name : {"one", "two", "three"}) {
            ProcessSpec copy = spec;
            copy.arguments.push_back(name);
            ChildProcess child(copy);
            REQUIRE(child.wait_for_exit(5s));
            child.terminate(0ms);  // reaps, and takes what the pipe still holds
        }
    }
    const std::string log = read_all(path);
    INFO(log);
    const std::size_t written = (10 + 100 + 8) + (10 + 100 + 8) + (12 + 100 + 10);
    CHECK(log == "start-one-0000000000" + CappedLog::cut_note(20, written - 28, 8) + "nd-three");
    std::filesystem::remove(path);
}
