// The bench node count and the commit message's Bench: line, read with OpenBench's rules; the
// arbiter.json parser; a recipe command's placeholders. No processes.
#include <catch2/catch.hpp>

#include "harness/build/bench_count.h"
#include "harness/build/build_recipe.h"
#include "harness/build/recipe_steps.h"
#include "harness/build/revision_build.h"

using arbiter::build::bench_in_commit_message;
using arbiter::build::bench_nodes_in_output;

TEST_CASE("bench output: tempo's, Stockfish's and OpenBench-style node counts are read", "[unit]") {
    CHECK(bench_nodes_in_output(
              "position 1/30  depth 9  nodes 12\n\nNodes searched  : 2881902\nNodes/second    : 578811\n") ==
          "2881902");
    // Stockfish: the info lines of each position come first; the summary at the bottom wins.
    CHECK(bench_nodes_in_output("info depth 13 seldepth 17 multipv 1 score cp 20 nodes 123456 nps 1000 time 5\n"
                                "===========================\nTotal time (ms) : 1234\nNodes searched  : 2353318\n"
                                "Nodes/second    : 1907000\n") == "2353318");
    CHECK(bench_nodes_in_output("OVERALL:     6456132 nodes      1234567 nps\n") == "6456132");
    CHECK(bench_nodes_in_output("NODES 77") == "77");  // any case
    CHECK(bench_nodes_in_output("Nodes searched: 8902\r\n") == "8902");
    // Kept as digits: no count is too long to compare, leading zeros do not make another count.
    CHECK(bench_nodes_in_output("Nodes searched  : 00123456789012345678901234567\n") == "123456789012345678901234567");
    CHECK(bench_nodes_in_output("Nodes searched : 0\n") == "0");
}

TEST_CASE("bench output without a node count gives none", "[unit]") {
    CHECK_FALSE(bench_nodes_in_output(""));
    CHECK_FALSE(bench_nodes_in_output("Total time (ms) : 1234\nNodes/second    : 578811\n"));
    CHECK_FALSE(bench_nodes_in_output("unknown command: bench\n"));
    // A line longer than any count line is not searched.
    const std::string long_line = "Nodes searched : 1 " + std::string(arbiter::build::kMaxBenchLineBytes, 'x');
    CHECK_FALSE(bench_nodes_in_output(long_line + "\n"));
}

TEST_CASE("commit messages: the last Bench: or nodes line counts, commas allowed", "[unit]") {
    CHECK(bench_in_commit_message("Faster movegen\n\nBench: 4242\n") == "4242");
    CHECK(bench_in_commit_message("bench 1,234,567") == "1234567");
    CHECK(bench_in_commit_message("Bench: 1\nreverted\nBENCH=2\n") == "2");
    CHECK(bench_in_commit_message("nodes: 55") == "55");
    CHECK(bench_in_commit_message("Bench: 98,765,432,109,876,543,210,123") == "98765432109876543210123");
    CHECK_FALSE(bench_in_commit_message("No bench here\n"));
    CHECK_FALSE(bench_in_commit_message("Benchmark: 5"));
    CHECK_FALSE(bench_in_commit_message(""));
}

TEST_CASE("arbiter.json: the recipe, its defaults and the errors naming the file and key", "[unit]") {
    using arbiter::build::BuildInputError;
    using arbiter::build::parse_recipe_file;
    using arbiter::build::RecipeKind;
    const auto recipe = parse_recipe_file(R"({"build": {"recipe": "openbench", "dir": "src", "exe": "x"}})", "a.json");
    CHECK(recipe.kind == RecipeKind::openbench);
    CHECK(recipe.dir == "src");
    CHECK(recipe.bench_args == "bench");
    CHECK(recipe.verify_bench);
    const auto command =
        parse_recipe_file(R"({"build": {"recipe": "./build.sh {out}"}, "bench": {"verify": false}})", "b");
    CHECK(command.kind == RecipeKind::command);
    CHECK(command.command == "./build.sh {out}");
    CHECK_FALSE(command.verify_bench);

    CHECK_THROWS_WITH(
        parse_recipe_file(R"({"build": {"recipe": "make", "exe": "e", "flavour": 1}})", "abc:arbiter.json"),
        Catch::Contains("abc:arbiter.json") && Catch::Contains("build.flavour") && Catch::Contains("unknown key"));
    CHECK_THROWS_WITH(parse_recipe_file(R"({"build": {"recipe": "openbench"}, "bench": {"verify": "yes"}})", "f.json"),
                      Catch::Contains("f.json") && Catch::Contains("bench.verify"));
    CHECK_THROWS_WITH(parse_recipe_file(R"({"build": {"recipe": 3}})", "f.json"), Catch::Contains("build.recipe"));
    CHECK_THROWS_WITH(parse_recipe_file(R"({"build": {"recipe": "cmake"}})", "f.json"),
                      Catch::Contains("build.target"));
    CHECK_THROWS_WITH(parse_recipe_file(R"({"bench": {}})", "f.json"), Catch::Contains("f.json: build: missing"));
    CHECK_THROWS_WITH(parse_recipe_file("{", "f.json"), Catch::Contains("f.json:1: invalid JSON"));
    // Read as every configuration file is (issue #36): nesting capped, repeated keys and 1e400 refused.
    CHECK_THROWS_WITH(parse_recipe_file(std::string(20000, '[') + std::string(20000, ']'), "f.json"),
                      Catch::Contains("f.json: JSON nested deeper than 64 levels"));
    CHECK_THROWS_WITH(parse_recipe_file(R"({"build": {"recipe": "make", "recipe": "cmake"}})", "f.json"),
                      Catch::Contains("f.json.build.recipe: key given twice"));
    CHECK_THROWS_WITH(parse_recipe_file(R"({"build": {"recipe": "make", "jobs": 1e400}})", "f.json"),
                      Catch::Contains("f.json:1: number out of range"));
    CHECK_THROWS_AS(parse_recipe_file(R"({"extra": 1, "build": {"recipe": "make", "exe": "e"}})", "f"),
                    BuildInputError);
}

TEST_CASE("arbiter.json: build.timeout takes whole seconds up to the longest limit", "[unit]") {
    using arbiter::build::parse_recipe_file;
    CHECK(parse_recipe_file(R"({"build": {"recipe": "openbench", "timeout": 90}})", "t.json").timeout_seconds == 90);
    CHECK(parse_recipe_file(R"({"build": {"recipe": "openbench"}})", "t.json").timeout_seconds == 0);
    for (const char* bad : {"0", "-5", "1.5", "\"60\"", "604801", "18446744073709551615"}) {
        const std::string text = std::string(R"({"build": {"recipe": "openbench", "timeout": )") + bad + "}}";
        CHECK_THROWS_WITH(parse_recipe_file(text, "t.json"),
                          Catch::Contains("t.json: build.timeout") && Catch::Contains("604800"));
    }
}

TEST_CASE("a recipe command's placeholders become one literal word wherever they stand", "[unit]") {
    using arbiter::build::with_shell_values;
    const std::vector<std::pair<std::string, std::string>> values{{"{out}", "a b'$(x)\"`y`"}, {"{jobs}", "2"}};
    CHECK(with_shell_values("cp e {out} -j{jobs}", values) == "cp e 'a b'\\''$(x)\"`y`' -j'2'");
    CHECK(with_shell_values("cp e \"{out}\"", values) == "cp e \"a b'\\$(x)\\\"\\`y\\`\"");
    CHECK(with_shell_values("cp e '{out}'", values) == "cp e 'a b'\\''$(x)\"`y`'");
    CHECK(with_shell_values("echo \\'{jobs}\\'", values) == "echo \\''2'\\'");  // escaped quotes quote nothing
}

TEST_CASE("the normalised recipe changes with the build settings and variables, not with the bench's", "[unit]") {
    using arbiter::build::normalised_recipe;
    auto recipe = arbiter::build::recipe_from_flag("openbench");
    const std::string first = normalised_recipe(recipe);
    recipe.bench_args = "bench 13";
    recipe.timeout_seconds = 60;
    CHECK(normalised_recipe(recipe) == first);
    recipe.exe = "other";
    const std::string other_exe = normalised_recipe(recipe);
    CHECK(other_exe != first);
    recipe.vars["ARCH"] = "x86-64";
    CHECK(normalised_recipe(recipe) != other_exe);
    const std::string with_vars = normalised_recipe(recipe);
    recipe.net = "/a/net.nnue";  // the network counts by its bytes (build_key.h), its variable here
    const std::string with_net = normalised_recipe(recipe);
    CHECK(with_net != with_vars);
    recipe.net = "/elsewhere/net.nnue";
    CHECK(normalised_recipe(recipe) == with_net);
    recipe.net_var = "NETFILE";
    CHECK(normalised_recipe(recipe) != with_net);
}
