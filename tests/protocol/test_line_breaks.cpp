// The protocol layer's last line of defence (issue #17): whatever the configuration layers let
// through, a line holding '\n' or '\r' is never written to an engine, where it would arrive as two
// commands (`setoption name Features value none` and `go infinite`). It is refused as an
// OptionError, a configuration mistake, and the engine stays usable.
#include "tests/protocol/test_support.h"

#include "harness/protocol/engine_session.h"
#include "harness/protocol/uci_client.h"

#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace arbiter::protocol;
using protocol_test::fake_engine;

namespace {

// A UCI engine that appends every line it reads to `log`.
std::string logging_uci_script(const std::string& log) {
    return "while read -r line; do printf '%s\\n' \"$line\" >> '" + log +
           "'; set -- $line; case \"$1\" in "
           "uci) echo 'id name Logger'; echo 'option name Features type string default all'; echo uciok;; "
           "isready) echo readyok;; "
           "quit) exit 0;; "
           "esac; done";
}

class LogFile {
public:
    LogFile()
        : path_((std::filesystem::temp_directory_path() /
                 ("arbiter-line-breaks-" + std::to_string(getpid()) + "-" + std::to_string(counter_++) + ".log"))
                    .string()) {}
    ~LogFile() { std::remove(path_.c_str()); }
    const std::string& path() const { return path_; }
    std::string text() const {
        std::ifstream in(path_);
        std::stringstream all;
        all << in.rdbuf();
        return all.str();
    }

private:
    static inline int counter_ = 0;
    std::string path_;
};

}  // namespace

TEST_CASE("a session refuses to write a line holding a line break", "[integration]") {
    LogFile log;
    EngineSession session(fake_engine("logger", Protocol::Uci, logging_uci_script(log.path())));
    session.spawn();
    CHECK_THROWS_AS(session.send("setoption name Features value none\ngo infinite"), OptionError);
    CHECK_THROWS_WITH(session.send("isready\r"),
                      Catch::Contains("engine logger") && Catch::Contains("carriage return"));
    CHECK_FALSE(session.failed());
    // The engine answers in order: once readyok is back it has logged everything that reached it.
    session.send("isready");
    const auto deadline = Clock::now() + std::chrono::seconds(10);
    bool ready = false;
    while (!ready && Clock::now() < deadline) {
        const auto line = session.read(deadline);
        if (!line) break;
        ready = line->text == "readyok";
    }
    REQUIRE(ready);
    CHECK(log.text() == "isready\n");
    session.shutdown("quit", true);
}

TEST_CASE("uci: an init string or option value with a newline never reaches the engine", "[integration][uci]") {
    SECTION("initstr") {
        LogFile log;
        EngineConfig config = fake_engine("logger", Protocol::Uci, logging_uci_script(log.path()));
        config.init_commands = {"setoption name Features value none\ngo infinite"};
        UciClient engine(config);
        CHECK_THROWS_AS(engine.start(), OptionError);
        engine.quit();
        CHECK(log.text().find("infinite") == std::string::npos);
    }
    SECTION("option value at start and later") {
        LogFile log;
        EngineConfig config = fake_engine("logger", Protocol::Uci, logging_uci_script(log.path()));
        config.options = {{"Features", "none\ngo infinite"}};
        UciClient refused(config);
        CHECK_THROWS_AS(refused.start(), OptionError);
        refused.quit();
        CHECK(log.text().find("infinite") == std::string::npos);

        config.options.clear();
        UciClient engine(config);
        engine.start();
        CHECK_THROWS_AS(engine.set_option("Features", "none\r\ngo infinite"), OptionError);
        CHECK_NOTHROW(engine.set_option("Features", "none,+MvvLva"));
        CHECK(engine.is_ready(std::chrono::milliseconds(2000)));
        engine.quit();
        CHECK(log.text().find("infinite") == std::string::npos);
        CHECK(log.text().find("setoption name Features value none,+MvvLva\n") != std::string::npos);
    }
}
