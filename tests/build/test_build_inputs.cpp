// What goes into a build besides the sources (issue #38): make variables and a network (--make-var,
// --net, --net-var, build.vars/net/net_var), and a cache entry per compiler, flags and network, kept
// outside the engine's repository.
#include <catch2/catch.hpp>

#include "harness/build/sha256.h"
#include "tests/build/engine_repo.h"

using namespace build_test;

namespace {

// An engine whose bench count is the make variable NODES, built the OpenBench way; the makefile
// shows the network it was given (name and bytes) in the build log.
void commit_variable_engine(const EngineRepo& repo, const std::string& message) {
    repo.write("engine.c",
               "#include <stdio.h>\n#include <string.h>\nint main(int argc, char** argv) {\n"
               "    if (argc > 1 && strcmp(argv[1], \"bench\") == 0) printf(\"%d nodes 1 nps\\n\", NODES);\n"
               "    return 0;\n}\n");
    repo.write("makefile",
               "all:\n\t$(CC) -O0 -DNODES=$(NODES) -o $(EXE) engine.c\n"
               "\t@echo \"network: [$(EVALFILE)] [$(MYNET)]\"\n\ttest -z \"$(EVALFILE)\" || cat \"$(EVALFILE)\"\n");
    repo.commit(message);
}

fs::path entry_of(const Outcome& built) { return fs::path(trimmed(built.out)).parent_path().parent_path(); }

std::string log_of(const Outcome& built) { return test_support::read_text(entry_of(built) / "build.log"); }

// A compiler that prints `version` for --version and is cc otherwise.
fs::path fake_compiler(const EngineRepo& repo, const std::string& name, const std::string& version) {
    const fs::path path = repo.root() / name;
    std::ofstream(path) << "#!/bin/sh\nif [ \"$1\" = --version ]; then echo '" << version
                        << "'; exit 0; fi\nexec cc \"$@\"\n";
    fs::permissions(path, fs::perms::owner_all);
    return path;
}

}  // namespace

TEST_CASE("--make-var and --net reach make's command line; the network is named by its bytes", "[integration]") {
    EngineRepo repo;
    commit_variable_engine(repo, "counts NODES\n\nBench: 77\n");
    const fs::path net = repo.root() / "first.nnue";
    std::ofstream(net) << "weights-one\n";
    const std::string flags = "--rev HEAD --recipe openbench --make-var NODES=77 --net '" + net.string() + "'";

    const Outcome built = repo.arbiter_build(flags);
    INFO(built.err);
    REQUIRE(built.code == 0);
    CHECK(contains(built.err, "bench 77 nodes, as the commit message says"));
    CHECK(contains(log_of(built), "network: [" + net.string() + "] []"));
    CHECK(contains(log_of(built), "weights-one"));
    CHECK(contains(test_support::read_text(entry_of(built) / "key"),
                   "net " + arbiter::build::sha256_hex("weights-one\n")));

    const Outcome other_count = repo.arbiter_build("--rev HEAD --recipe openbench --make-var NODES=78");
    CHECK(other_count.code == 2);  // the variable reached the compiler: the count follows it
    CHECK(contains(other_count.err, "counts 78 nodes"));

    const fs::path copy = repo.root() / "copy.nnue";
    fs::copy_file(net, copy);
    const Outcome same_bytes =
        repo.arbiter_build("--rev HEAD --recipe openbench --make-var NODES=77 --net '" + copy.string() + "'");
    REQUIRE(same_bytes.code == 0);
    CHECK(contains(same_bytes.err, "cached build"));  // another path, the same network
    CHECK(trimmed(same_bytes.out) == trimmed(built.out));

    std::ofstream(net) << "weights-two\n";
    const Outcome new_bytes = repo.arbiter_build(flags);
    REQUIRE(new_bytes.code == 0);
    CHECK(contains(new_bytes.err, ": built"));  // the same path with other bytes is another build
    CHECK(entry_of(new_bytes) != entry_of(built));

    const Outcome renamed = repo.arbiter_build(flags + " --net-var MYNET");
    REQUIRE(renamed.code == 0);
    CHECK(contains(log_of(renamed), "network: [] [" + net.string() + "]"));
}

TEST_CASE("build.vars, build.net and build.net_var in arbiter.json; the flags add to them", "[integration]") {
    EngineRepo repo;
    repo.write("nets/default.nnue", "committed-weights\n");
    repo.write("arbiter.json",
               R"({"build": {"recipe": "openbench", "vars": {"NODES": "55"}, "net": "nets/default.nnue"}})");
    commit_variable_engine(repo, "recipe with variables\n\nBench: 55\n");

    const Outcome built = repo.arbiter_build("--rev HEAD");
    INFO(built.err);
    REQUIRE(built.code == 0);
    CHECK(contains(log_of(built), "network: [" + (repo.repo() / "nets/default.nnue").string() + "]"));

    const Outcome overridden = repo.arbiter_build("--rev HEAD --make-var NODES=56");
    CHECK(overridden.code == 2);
    CHECK(contains(overridden.err, "counts 56 nodes"));

    repo.write("arbiter.json", R"({"build": {"recipe": "openbench", "net": "nets/missing.nnue"}})");
    const std::string missing = repo.commit("a network that is not there");
    const Outcome refused = repo.arbiter_build("--rev HEAD");
    CHECK(refused.code == 2);
    CHECK(contains(refused.err, missing.substr(0, 12) + ":arbiter.json: build.net: no such file"));
}

TEST_CASE("cmake gets the variables as -D, a command recipe in its environment", "[integration]") {
    EngineRepo repo;
    repo.write("engine.c", "#include <stdio.h>\nint main(void) { printf(\"%d nodes\\n\", NODES); return 0; }\n");
    repo.write("CMakeLists.txt",
               "cmake_minimum_required(VERSION 3.25)\nproject(tiny C)\nadd_executable(tiny engine.c)\n"
               "target_compile_definitions(tiny PRIVATE NODES=${NODES})\n");
    repo.commit("variables everywhere\n\nBench: 91");

    const Outcome cmake = repo.arbiter_build("--rev HEAD --recipe cmake --target tiny --make-var NODES=91");
    INFO(cmake.err);
    CHECK(cmake.code == 0);
    CHECK(contains(cmake.err, "bench 91 nodes, as the commit message says"));

    const Outcome command =
        repo.arbiter_build("--rev HEAD --recipe 'cc -O0 -DNODES=$NODES -o {out} engine.c' --make-var NODES=91");
    INFO(command.err);
    CHECK(command.code == 0);
    CHECK(contains(command.err, "bench 91 nodes, as the commit message says"));
}

TEST_CASE("bad variables and networks are refused naming the flag or key, exit 2", "[integration]") {
    EngineRepo repo;
    commit_variable_engine(repo, "counts NODES");
    const auto refused = [&](const std::string& flags, const std::string& message) {
        const Outcome outcome = repo.arbiter_build("--rev HEAD --recipe openbench " + flags);
        INFO(flags << "\n" << outcome.err);
        CHECK(outcome.code == 2);
        CHECK(contains(outcome.err, message));
    };
    refused("--make-var 1NODES=3", "--make-var: '1NODES' is not a variable name");
    refused("--make-var NODES", "--make-var: expected NAME=VALUE");
    refused("--make-var 'NO DES=3'", "--make-var: 'NO DES' is not a variable name");
    refused("--make-var EXE=x", "--make-var: EXE is the openbench recipe's own");
    refused("--net /no/such.nnue", "--net: no such file /no/such.nnue");
    refused("--net '" + repo.root().string() + "'", "is not a regular file");
    refused("--net-var MYNET", "--net-var: names the variable --net sets");
    const fs::path net = repo.root() / "n.nnue";
    std::ofstream(net) << "w";
    refused("--net '" + net.string() + "' --net-var 'MY-NET'", "--net-var: 'MY-NET' is not a variable name");
    refused("--net '" + net.string() + "' --make-var EVALFILE=x",
            "--make-var: EVALFILE is the variable the network goes to");

    repo.write("arbiter.json", R"({"build": {"recipe": "openbench", "vars": ["NODES=1"]}})");
    const std::string listed = repo.commit("vars as a list");
    const Outcome file = repo.arbiter_build("--rev HEAD");
    CHECK(file.code == 2);
    CHECK(contains(file.err, listed.substr(0, 12) + ":arbiter.json: build.vars: expected an object"));
}

TEST_CASE("another compiler or other flags are another cache entry, never a cached build", "[integration]") {
    EngineRepo repo;
    repo.write("engine.c", c_engine(5));
    repo.write("makefile", kOpenBenchMakefile);
    repo.commit("tiny engine\n\nBench: 5\n");
    const fs::path gcc = fake_compiler(repo, "fake-gcc", "gcc (Fake) 12.2.0");
    const fs::path clang = fake_compiler(repo, "fake-clang", "clang version 14.0.6 (Fake)");
    const auto build_with = [&](const std::string& environment) {
        return repo.arbiter_build("--rev HEAD --recipe openbench", environment);
    };

    const Outcome with_gcc = build_with("CC='" + gcc.string() + "'");
    INFO(with_gcc.err);
    REQUIRE(with_gcc.code == 0);
    const Outcome with_clang = build_with("CC='" + clang.string() + "'");
    INFO(with_clang.err);
    REQUIRE(with_clang.code == 0);
    CHECK_FALSE(contains(with_clang.err, "cached build"));
    CHECK(contains(with_clang.err, ": built"));
    CHECK(entry_of(with_clang) != entry_of(with_gcc));
    CHECK(contains(test_support::read_text(entry_of(with_clang) / "key"), "clang version 14.0.6 (Fake)"));

    CHECK(contains(build_with("CC='" + gcc.string() + "'").err, "cached build"));
    const Outcome flagged = build_with("CC='" + gcc.string() + "' CFLAGS=-O1");
    CHECK(contains(flagged.err, ": built"));
    CHECK(entry_of(flagged) != entry_of(with_gcc));
    const Outcome cxx = build_with("CC='" + gcc.string() + "' CXX='" + clang.string() + "'");
    CHECK(contains(cxx.err, ": built"));
}

TEST_CASE("the default cache is outside the engine's repository, which stays clean", "[integration]") {
    EngineRepo repo;
    repo.write("engine.c", c_engine(5));
    repo.write("makefile", kOpenBenchMakefile);
    repo.commit("tiny engine\n\nBench: 5\n");
    const Outcome built = repo.arbiter_build("--rev HEAD --recipe openbench");
    INFO(built.err);
    REQUIRE(built.code == 0);
    CHECK(trimmed(built.out).rfind(repo.cache().string() + "/", 0) == 0);
    CHECK(repo.shell("git -C '" + repo.repo().string() + "' status --porcelain").out.empty());

    const fs::path xdg = repo.root() / "xdg";
    const Outcome from_xdg = repo.arbiter_build("--rev HEAD --recipe openbench",
                                                "unset ARBITER_CACHE_DIR; XDG_CACHE_HOME='" + xdg.string() + "'");
    REQUIRE(from_xdg.code == 0);
    CHECK(trimmed(from_xdg.out).rfind((xdg / "arbiter" / "builds").string() + "/", 0) == 0);

    const fs::path chosen = repo.root() / "chosen";
    const Outcome from_scripts =
        repo.arbiter_build("--rev HEAD --recipe openbench", "ARBITER_BUILD_CACHE='" + chosen.string() + "'");
    REQUIRE(from_scripts.code == 0);
    CHECK(trimmed(from_scripts.out).rfind(chosen.string() + "/", 0) == 0);
}

TEST_CASE("--bench prints the count when the commit's differs, with both; --no-verify-bench only prints it",
          "[integration]") {
    EngineRepo repo;
    commit_variable_engine(repo, "counts NODES\n\nBench: 1000\n");
    const Outcome differs = repo.arbiter_build("--rev HEAD --recipe openbench --make-var NODES=4242 --bench");
    INFO(differs.err);
    CHECK(differs.code == 0);
    CHECK(differs.out == "4242\n");
    CHECK(contains(differs.err, "counts 4242 nodes, the commit message says Bench: 1000"));

    const Outcome unchecked =
        repo.arbiter_build("--rev HEAD --recipe openbench --make-var NODES=4242 --bench --no-verify-bench");
    INFO(unchecked.err);
    CHECK(unchecked.code == 0);
    CHECK(unchecked.out == "4242\n");
    CHECK_FALSE(contains(unchecked.err, "mismatch"));

    const Outcome plain = repo.arbiter_build("--rev HEAD --recipe openbench --make-var NODES=4242");
    CHECK(plain.code == 2);  // without --bench a mismatch still refuses the build
    CHECK(contains(plain.err, "pass --no-verify-bench to skip the check"));
}
