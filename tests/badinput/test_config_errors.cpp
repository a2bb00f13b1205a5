// Config mistakes end to end (issue #17): the real arbiter binary given a directory as its config,
// JSON counts that are not integers, keys given twice, contradictory or empty time limits, and
// values with control characters from every entry point. Each exits 2 with a message that names
// the real cause and the flag, file or JSON path, and leaves no database behind.
#include <catch2/catch.hpp>

#include <filesystem>
#include <nlohmann/json.hpp>

#include "tests/badinput/run_binary.h"

namespace fs = std::filesystem;
using badinput::RunResult;
using badinput::ScratchDir;
using Catch::Matchers::Contains;

namespace {

const std::string kTempo = TEMPO_BIN;

using badinput::run_arbiter;

// `arbiter match` with two tempo engines writing run.db inside `dir`, plus `extra`.
RunResult run_match(const ScratchDir& dir, const std::vector<std::string>& extra) {
    std::vector<std::string> args{"match",         "-engine", "cmd=" + kTempo, "name=a",          "-engine",
                                  "cmd=" + kTempo, "name=b",  "--db",          dir.file("run.db")};
    args.insert(args.end(), extra.begin(), extra.end());
    return run_arbiter(args);
}

// `arbiter match -config FILE` with FILE holding `json`, writing run.db inside `dir`.
RunResult run_config(const ScratchDir& dir, const std::string& json) {
    return run_arbiter({"match", "-config", dir.write("run.json", json), "--db", dir.file("run.db")});
}

// Two tempo engines at depth 1 in JSON, with `extra` members after them.
std::string config_json(const std::string& extra) {
    return R"({"engines": [{"cmd": ")" + kTempo + R"(", "name": "a"}, {"cmd": ")" + kTempo +
           R"(", "name": "b"}], "each": {"depth": 1})" + extra + "}";
}

void check_refused(const RunResult& run, const ScratchDir& dir, const std::string& message) {
    INFO("stderr: " << run.err);
    CHECK_FALSE(run.timed_out);
    CHECK(run.exit_code == 2);
    CHECK_THAT(run.err, Contains(message));
    CHECK_FALSE(fs::exists(dir.file("run.db")));
}

}  // namespace

TEST_CASE("a directory given to -config exits 2 naming the path", "[badinput]") {
    ScratchDir dir;
    const std::string folder = dir.file("configs");
    fs::create_directory(folder);
    const RunResult run = run_arbiter({"match", "-config", folder, "--db", dir.file("run.db")});
    check_refused(run, dir, folder + ": is a directory");
    CHECK_THAT(run.err, !Contains("basic_filebuf"));
}

TEST_CASE("JSON counts that are not integers, or below the flags' bounds, exit 2 naming the key", "[badinput]") {
    ScratchDir dir;
    const std::string file = dir.file("run.json");
    check_refused(run_config(dir, config_json(R"(, "rounds": 1e30)")), dir,
                  file + ".rounds: expected an integer, got 1e+30");
    check_refused(run_config(dir, config_json(R"(, "rounds": 1.5)")), dir,
                  file + ".rounds: expected an integer, got 1.5");
    check_refused(run_config(dir, config_json(R"(, "concurrency": 0)")), dir, file + ".concurrency: must be 1 or more");
}

TEST_CASE("a JSON key given twice exits 2 naming the key and the file", "[badinput]") {
    ScratchDir dir;
    const std::string file = dir.file("run.json");
    check_refused(run_config(dir, config_json(R"(, "rounds": 2, "rounds": 3)")), dir,
                  file + ".rounds: key given twice");
    check_refused(run_config(dir, config_json(R"(, "each": {"depth": 2})")), dir, file + ".each: key given twice");
}

TEST_CASE("a UTF-8 byte-order mark before a JSON config is accepted", "[badinput]") {
    ScratchDir dir;
    const RunResult run = run_config(dir, "\xEF\xBB\xBF" + config_json(R"(, "games": 1)"));
    INFO("stderr: " << run.err);
    CHECK(run.exit_code == 0);
    CHECK(fs::exists(dir.file("run.db")));
}

TEST_CASE("time limits that overflow, are zero or contradict each other exit 2 naming them", "[badinput]") {
    ScratchDir dir;
    check_refused(run_match(dir, {"-each", "tc=99999999999999999999"}), dir,
                  "tc=99999999999999999999: time '99999999999999999999' is too large");
    check_refused(run_match(dir, {"-each", "tc=1+99999999999999999999"}), dir,
                  "increment '99999999999999999999' is too large");
    check_refused(run_match(dir, {"-each", "st=1e20"}), dir, "st: is too large");
    check_refused(run_match(dir, {"-each", "nodes=0"}), dir, "-each nodes: must be between 1 and");
    check_refused(run_match(dir, {"-each", "tc=10+0.1", "st=1"}), dir, "both tc=10+0.1 and st=1 are set");
    check_refused(run_match(dir, {"-each", "tc=10+0.1", "-engine", "cmd=" + kTempo, "name=c", "st=0.5"}), dir,
                  "-engine #3: both tc=10+0.1 and st=0.5 are set");
}

TEST_CASE("a bad tc=, st=, nodes= or depth= exits 2 where it is read, naming the engine and key", "[badinput]") {
    ScratchDir dir;
    const std::vector<std::string> third{"-engine", "cmd=" + kTempo, "name=c"};
    const auto third_with = [&third](const std::string& limit) {
        std::vector<std::string> args = third;
        args.push_back(limit);
        return args;
    };
    check_refused(run_match(dir, third_with("tc=abc")), dir, "-engine #3 tc: tc=abc: bad time 'abc'");
    check_refused(run_match(dir, {"-each", "tc=10+x"}), dir, "-each tc: tc=10+x: bad increment 'x'");
    check_refused(run_match(dir, third_with("st=0")), dir, "-engine #3 st: must be a positive number");
    check_refused(run_match(dir, {"-each", "st=abc"}), dir, "-each st: expected a number, got 'abc'");
    check_refused(run_match(dir, third_with("nodes=x")), dir, "-engine #3 nodes: expected an integer, got 'x'");
    check_refused(run_match(dir, third_with("depth=0")), dir, "-engine #3 depth: must be 1 or more");
    check_refused(run_match(dir, {"-each", "plies=-1"}), dir, "-each plies: must be 1 or more");
    check_refused(run_match(dir, {"-each", "depth=1", "timemargin=-5"}), dir, "-each timemargin: must not be negative");

    const std::string file = dir.file("run.json");
    const auto engines = [](const std::string& first_limit) {
        return R"({"engines": [{"cmd": ")" + kTempo + R"(", "name": "a", )" + first_limit + R"(},
                               {"cmd": ")" +
               kTempo + R"(", "name": "b", "depth": 1}])";
    };
    check_refused(run_config(dir, engines(R"("tc": "abc")") + "}"), dir,
                  file + ".engines[0] tc: tc=abc: bad time 'abc'");
    check_refused(run_config(dir, engines(R"("st": -1)") + "}"), dir,
                  file + ".engines[0] st: must be a positive number");
    check_refused(run_config(dir, engines(R"("nodes": 0)") + "}"), dir,
                  file + ".engines[0] nodes: must be between 1 and");
    check_refused(run_config(dir, engines(R"("depth": 1)") + R"(, "each": {"depth": "deep"}})"), dir,
                  file + ".each depth: expected an integer, got 'deep'");
}

TEST_CASE("a newline in an engine value exits 2 from every match entry point", "[badinput]") {
    ScratchDir dir;
    const std::string injected = "none\ngo infinite";
    check_refused(run_match(dir, {"-each", "depth=1", "option.Features=" + injected}), dir,
                  "-each option.Features: control character (newline) in value");
    check_refused(run_match(dir, {"-each", "depth=1", "-engine", "cmd=" + kTempo, "name=c\nd"}), dir,
                  "-engine #3 name: control character (newline) in value");
    check_refused(run_match(dir, {"-each", "depth=1", "initstr=setoption name Hash value 1\r"}), dir,
                  "-each initstr: control character (carriage return) in value");
    check_refused(run_match(dir, {"-each", "depth=1", "-event", "a\nb"}), dir, "-event: control character (newline)");
    const std::string file = dir.file("run.json");
    check_refused(
        run_config(dir, R"({"engines": [{"cmd": ")" + kTempo + R"(", "options": {"Features": "none\ngo infinite"}},
                                                  {"cmd": ")" +
                            kTempo + R"(", "name": "b"}], "each": {"depth": 1}})"),
        dir, file + ".engines[0].options.Features: control character (newline) in value");
    check_refused(run_config(dir, config_json(R"(, "site": "a\r\nb")")), dir, file + ".site: control character");
}

TEST_CASE("a catalogue file with a newline in an engine option exits 2 naming the entry", "[badinput]") {
    ScratchDir dir;
    const std::string catalogue = dir.write("cat.json", R"({"engines": {"t": {"cmd": ")" + kTempo +
                                                            R"(", "options": {"Features": "none\ngo infinite"}}}})");
    check_refused(run_arbiter({"match", "-catalogue", catalogue, "-engine", "conf=t", "-engine", "cmd=" + kTempo,
                               "name=b", "-each", "depth=1", "--db", dir.file("run.db")}),
                  dir, catalogue + ".engines.t.options.Features: control character (newline) in value");
}

TEST_CASE("arbiter epd --engine with a newline exits 2 naming the flag", "[badinput]") {
    ScratchDir dir;
    const RunResult run = run_arbiter({"epd", "--engine", "cmd=" + kTempo + " 'option.Features=none\ngo infinite'",
                                       "--depth", "1", "--db", dir.file("run.db")});
    check_refused(run, dir, "--engine: control character (newline) in value");
}
