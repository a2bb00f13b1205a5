// cutechess-cli's -debug and fastchess's -log, run for real: tempo against tempo at fixed nodes.
// The -debug lines are compared with cutechess-cli's own (tests/data/runner_output/cutechess_debug.txt).

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <zlib.h>

#include "tests/support/match_test_support.h"
#include "tests/support/text_file.h"

using namespace match_test;

namespace {

// "123 >a(0): uci": milliseconds since the start, direction, engine(instance), the line.
const std::regex kDebugLine(R"((\d+) ([<>])([ab])\((\d+)\): (.+))");

using test_support::lines_of;

// One colour-reversed pair of tempo against tempo at fixed nodes, from a book (a run without one
// is warned about it, and these tests count warnings).
std::vector<std::string> tempo_pair(const TempDir& dir, const std::string& db, unsigned concurrency = 1) {
    return {"-engine",
            "cmd=" TEMPO_BIN,
            "name=a",
            "-engine",
            "cmd=" TEMPO_BIN,
            "name=b",
            "-each",
            "nodes=300",
            "-games",
            "2",
            "-repeat",
            "-concurrency",
            std::to_string(concurrency),
            "-logdir",
            "off",
            "-db",
            dir.file(db),
            "-openings",
            "file=" REPO_ROOT_DIR "/openings/noob_2moves.epd"};
}

// What the -debug lines of `text` say: each (direction, engine) seen and the engines' first lines.
struct DebugSeen {
    std::set<std::string> directions;  // ">a", "<a", ">b", "<b"
    std::vector<std::string> lines;    // every debug line
};

DebugSeen debug_lines(const std::string& text) {
    DebugSeen seen;
    for (const auto& line : lines_of(text)) {
        std::smatch m;
        if (!std::regex_match(line, m, kDebugLine)) continue;
        seen.directions.insert(m[2].str() + m[3].str());
        seen.lines.push_back(line);
    }
    return seen;
}

bool has_line(const std::vector<std::string>& lines, const std::regex& pattern) {
    for (const auto& line : lines)
        if (std::regex_match(line, pattern)) return true;
    return false;
}

std::string gunzip(const std::string& path) {
    gzFile file = gzopen(path.c_str(), "rb");
    REQUIRE(file != nullptr);
    std::string text;
    char buffer[4096];
    for (int n; (n = gzread(file, buffer, sizeof buffer)) > 0;) text.append(buffer, static_cast<std::size_t>(n));
    gzclose(file);
    return text;
}

std::vector<std::string> files_starting(const std::string& dir, const std::string& prefix) {
    std::vector<std::string> found;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.path().filename().string().rfind(prefix, 0) == 0) found.push_back(entry.path().string());
    return found;
}

std::size_t count_containing(const std::string& text, const std::string& part) {
    std::size_t count = 0;
    for (const auto& line : lines_of(text)) count += line.find(part) != std::string::npos ? 1 : 0;
    return count;
}

}  // namespace

TEST_CASE("cutechess-cli's -debug lines have the form the tests expect", "[unit][runner_flags]") {
    const auto captured = lines_of(read_text(REPO_ROOT_DIR "/tests/data/runner_output/cutechess_debug.txt"));
    REQUIRE(captured.size() > 40);
    CHECK(captured.front() == "3 >a(0): uci");
    std::size_t debug = 0;
    for (const auto& line : captured) debug += std::regex_match(line, kDebugLine) ? 1 : 0;
    // Everything but cutechess's own "Started game" line is a debug line.
    CHECK(debug == captured.size() - 1);
    CHECK(has_line(captured, std::regex(R"(\d+ <b\(1\): uciok)")));
}

TEST_CASE("flag -debug prints every engine line, timestamped, with its direction, for both engines",
          "[integration][runner_flags]") {
    TempDir dir;
    const RunOutput run = run_match(tempo_pair(dir, "debug.db") + std::vector<std::string>{"-debug"});
    INFO(run.err.substr(0, 2000));
    REQUIRE(run.code == 0);
    const DebugSeen seen = debug_lines(run.err);
    CHECK(seen.directions == std::set<std::string>{">a", "<a", ">b", "<b"});
    CHECK(has_line(seen.lines, std::regex(R"(\d+ >a\(0\): uci)")));
    CHECK(has_line(seen.lines, std::regex(R"(\d+ <a\(0\): uciok)")));
    CHECK(has_line(seen.lines, std::regex(R"(\d+ >b\(1\): go nodes 300)")));
    CHECK(has_line(seen.lines, std::regex(R"(\d+ <b\(1\): bestmove \S+.*)")));
    CHECK(has_line(seen.lines, std::regex(R"(\d+ >a\(0\): quit)")));
    // arbiter keeps stdout for results; without -debug nothing of the kind is printed.
    CHECK(debug_lines(run.out).lines.empty());
    const RunOutput quiet = run_match(tempo_pair(dir, "quiet.db"));
    REQUIRE(quiet.code == 0);
    CHECK(debug_lines(quiet.err).lines.empty());
}

TEST_CASE("flag -debug and -log engine=true with two games at once", "[integration][runner_flags]") {
    TempDir dir;
    const std::string log = dir.file("two.log");
    const RunOutput run = run_match(tempo_pair(dir, "two.db", 2) +
                                    std::vector<std::string>{"-rounds", "2", "-debug", "-log", "file=" + log,
                                                             "level=info", "engine=true", "realtime=false"});
    INFO(run.err.substr(0, 2000));
    REQUIRE(run.code == 0);
    // Each worker starts its own pair of engine processes: instances 0 to 3.
    std::set<std::string> instances;
    for (const auto& line : debug_lines(run.err).lines) {
        std::smatch m;
        if (std::regex_match(line, m, kDebugLine)) instances.insert(m[4].str());
    }
    CHECK(instances == std::set<std::string>{"0", "1", "2", "3"});
    const std::string text = read_text(log);
    CHECK(count_containing(text, "arbiter --- Finished game") == 4);
    CHECK(count_containing(text, " a <--- uci") >= 2);
    // The log records engine lines itself: the -debug lines stay out of it.
    CHECK(count_containing(text, ">a(") == 0);
}

TEST_CASE(
    "flag -debug in the cutechess dialect prints on stderr too, keeping stdout for results; fastchess has no -debug",
    "[integration][runner_flags]") {
    TempDir dir;
    const RunOutput run = run_match(std::vector<std::string>{"-dialect", "cutechess"} + tempo_pair(dir, "c.db") +
                                    std::vector<std::string>{"-debug"});
    INFO(run.err);
    REQUIRE(run.code == 0);
    CHECK(debug_lines(run.err).directions == std::set<std::string>{">a", "<a", ">b", "<b"});
    CHECK(debug_lines(run.out).lines.empty());
    CHECK(run.out.find("Started game 1 of 2 (a vs b)") != std::string::npos);
    // As cutechess-cli 1.4 does, -debug also turns on the engines' own debug mode.
    CHECK(run.err.find(">a(0): debug on") != std::string::npos);
    const RunOutput fastchess = run_match(std::vector<std::string>{"-dialect", "fastchess"} + tempo_pair(dir, "f.db") +
                                          std::vector<std::string>{"-debug"});
    CHECK(fastchess.code == 2);
    CHECK(fastchess.err.find("-debug") != std::string::npos);
    CHECK(fastchess.err.find("-log") != std::string::npos);
    CHECK(run_match(tempo_pair(dir, "x.db") + std::vector<std::string>{"-debug", "some"}).code == 2);
}

TEST_CASE("flag -log keeps what its level asks for", "[integration][runner_flags]") {
    TempDir dir;
    const std::string warn_log = dir.file("warn.log"), info_log = dir.file("info.log"),
                      trace_log = dir.file("trace.log");
    REQUIRE(run_match(tempo_pair(dir, "w.db") + std::vector<std::string>{"-log", "file=" + warn_log}).code == 0);
    REQUIRE(
        run_match(tempo_pair(dir, "i.db") + std::vector<std::string>{"-log", "file=" + info_log, "level=info"}).code ==
        0);
    REQUIRE(run_match(tempo_pair(dir, "t.db") + std::vector<std::string>{"-log", "file=" + trace_log, "level=trace"})
                .code == 0);
    const std::string warn = read_text(warn_log), info = read_text(info_log), trace = read_text(trace_log);
    INFO(info);
    // warn (the default) keeps warnings only: this run has none.
    CHECK(warn.empty());
    const std::regex record(
        R"(\[INFO  \] \[\d\d:\d\d:\d\d\.\d{6}\] <\s*\d+> arbiter --- Started game 1 of 2 \(a vs b\))");
    CHECK(has_line(lines_of(info), record));
    CHECK(count_containing(info, "arbiter --- Finished game") == 2);
    CHECK(count_containing(info, "[TRACE ]") == 0);
    CHECK(count_containing(info, "[Engine]") == 0);
    CHECK(count_containing(trace, "[TRACE ]") >= 2);
    CHECK(count_containing(trace, "arbiter --- Starting engine a") == 1);
    CHECK(count_containing(trace, "arbiter --- Finished game") == 2);
}

TEST_CASE("flag -log level=warn and level=err keep a warning as its level says", "[integration][runner_flags]") {
    TempDir dir;
    // More games at once than hardware threads: a warning on stderr outside the fastchess dialect.
    const unsigned too_many = std::max(1u, std::thread::hardware_concurrency()) + 1;
    auto args = [&](const std::string& db, const std::string& log, const std::string& level) {
        return tempo_pair(dir, db, too_many) +
               std::vector<std::string>{"-log", "file=" + dir.file(log), "level=" + level};
    };
    const RunOutput warned = run_match(args("w.db", "warn.log", "warn"));
    REQUIRE(warned.code == 0);
    REQUIRE(warned.err.find("Warning: -concurrency") != std::string::npos);
    CHECK(count_containing(read_text(dir.file("warn.log")), "[WARN  ]") == 1);
    REQUIRE(run_match(args("e.db", "err.log", "err")).code == 0);
    CHECK(read_text(dir.file("err.log")).empty());
    const RunOutput bad =
        run_match(tempo_pair(dir, "b.db") + std::vector<std::string>{"-log", "file=x.log", "level=debug"});
    CHECK(bad.code == 2);
    CHECK(bad.err.find("-log level") != std::string::npos);
    CHECK(run_match(tempo_pair(dir, "n.db") + std::vector<std::string>{"-log", "level=info"}).code == 2);
    const RunOutput unwritable =
        run_match(tempo_pair(dir, "u.db") + std::vector<std::string>{"-log", "file=" + dir.file("missing/run.log")});
    CHECK(unwritable.code == 2);
    CHECK(unwritable.err.find("-log file: cannot open '" + dir.file("missing/run.log") + "'") != std::string::npos);
    CHECK(!std::filesystem::exists(dir.file("u.db")));
}

TEST_CASE("flag -log engine=true records every line to and from both engines", "[integration][runner_flags]") {
    TempDir dir;
    const std::string log = dir.file("engines.log");
    REQUIRE(run_match(tempo_pair(dir, "e.db") + std::vector<std::string>{"-log", "file=" + log, "engine=true"}).code ==
            0);
    const std::string text = read_text(log);
    const std::string stamp = R"(\[Engine\] \[\d\d:\d\d:\d\d\.\d{6}\] <\s*\d+>  )";
    for (const char* engine : {"a", "b"}) {
        INFO(engine);
        CHECK(has_line(lines_of(text), std::regex(stamp + engine + " <--- uci")));
        CHECK(has_line(lines_of(text), std::regex(stamp + engine + " ---> uciok")));
        CHECK(has_line(lines_of(text), std::regex(stamp + engine + R"( ---> bestmove \S+.*)")));
    }
    CHECK(count_containing(text, "[INFO  ]") == 0);  // the level is still warn
}

TEST_CASE("flag -log append=false starts afresh, append=true keeps what was there", "[integration][runner_flags]") {
    TempDir dir;
    const std::string log = dir.write("run.log", "older line\n");
    REQUIRE(run_match(tempo_pair(dir, "a.db") + std::vector<std::string>{"-log", "file=" + log, "level=info"}).code ==
            0);
    CHECK(read_text(log).rfind("older line\n", 0) == 0);
    CHECK(count_containing(read_text(log), "arbiter --- Finished game") == 2);
    REQUIRE(run_match(tempo_pair(dir, "b.db") +
                      std::vector<std::string>{"-log", "file=" + log, "level=info", "append=false"})
                .code == 0);
    CHECK(read_text(log).find("older line") == std::string::npos);
    CHECK(count_containing(read_text(log), "arbiter --- Finished game") == 2);
}

TEST_CASE("flag -log compress=true writes gzip under fastchess's dated name", "[integration][runner_flags]") {
    TempDir dir;
    const std::string log = dir.file("run.log");
    REQUIRE(run_match(tempo_pair(dir, "z.db") +
                      std::vector<std::string>{"-log", "file=" + log, "level=info", "compress=true", "engine=true"})
                .code == 0);
    CHECK(!std::filesystem::exists(log));
    const auto written = files_starting(dir.path(), "run.log");
    REQUIRE(written.size() == 1);
    CHECK(std::regex_match(std::filesystem::path(written[0]).filename().string(),
                           std::regex(R"(run\.log\d{4}-\d\d-\d\dT\.\d\d\.\d\d\.\d\d\.gz)")));
    const std::string text = gunzip(written[0]);
    CHECK(count_containing(text, "arbiter --- Finished game") == 2);
    CHECK(has_line(lines_of(text), std::regex(R"(.* a <--- uci)")));
    CHECK(has_line(lines_of(text), std::regex(R"(.* b ---> uciok)")));
}

// Engines start one after the other, so the second engine's wrapper finds the first engine's
// handshake in the log only when every record is written at once.
TEST_CASE("flag -log realtime=true writes each record at once, realtime=false in blocks",
          "[integration][runner_flags]") {
    TempDir dir;
    const std::string log = dir.file("live.log");
    const std::string wrapper = dir.write("peek.sh",
                                          "#!/bin/sh\ngrep -c 'a ---> uciok' '" + log + "' > '" + dir.path() +
                                              "/seen_'$$ 2>/dev/null\nexec " TEMPO_BIN "\n",
                                          true);
    auto run_with = [&](const std::string& realtime) {
        std::filesystem::remove(log);
        for (const auto& seen : files_starting(dir.path(), "seen_")) std::filesystem::remove(seen);
        const RunOutput run = run_match({"-engine",
                                         "cmd=" + wrapper,
                                         "name=a",
                                         "-engine",
                                         "cmd=" + wrapper,
                                         "name=b",
                                         "-each",
                                         "nodes=300",
                                         "-games",
                                         "2",
                                         "-repeat",
                                         "-concurrency",
                                         "1",
                                         "-logdir",
                                         "off",
                                         "-db",
                                         dir.file("r" + realtime + ".db"),
                                         "-log",
                                         "file=" + log,
                                         "engine=true",
                                         "realtime=" + realtime});
        REQUIRE(run.code == 0);
        std::set<std::string> counts;
        for (const auto& seen : files_starting(dir.path(), "seen_")) {
            std::string text = read_text(seen);
            counts.insert(text.substr(0, text.find('\n')));
        }
        CHECK(count_containing(read_text(log), "a ---> uciok") >= 1);  // complete in the end either way
        return counts;
    };
    // The start-up check runs each engine once first; a game's engine b starts after a's handshake.
    const auto realtime = run_with("true");
    CHECK(realtime.count("0") == 1);
    CHECK(std::any_of(realtime.begin(), realtime.end(), [](const std::string& c) { return c != "0" && !c.empty(); }));
    const auto blocks = run_with("false");
    CHECK(std::all_of(blocks.begin(), blocks.end(), [](const std::string& c) { return c == "0" || c.empty(); }));
}
