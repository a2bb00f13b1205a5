#pragma once
// A throwaway git repository holding a tiny engine of the tests' own, for arbiter build's recipes and
// bench checks: commits of files with chosen messages, and arbiter run on it.

#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/support/child.h"
#include "tests/support/temp_dir.h"
#include "tests/support/text_file.h"

namespace build_test {

namespace fs = std::filesystem;

struct Outcome {
    int code = -1;
    std::string out;
    std::string err;
};

// A build of the tests' tiny engine, or a git command, takes seconds.
constexpr std::chrono::minutes kShellLimit{5};

inline std::string trimmed(std::string text) {
    while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
    return text;
}

using test_support::contains;

// A C program whose `bench` prints tempo's and Stockfish's line with `nodes`; anything else exits 0.
inline std::string c_engine(unsigned long nodes) {
    return "#include <stdio.h>\n#include <string.h>\nint main(int argc, char** argv) {\n"
           "    if (argc > 1 && strcmp(argv[1], \"bench\") == 0) printf(\"\\nNodes searched  : " +
           std::to_string(nodes) + "\\nNodes/second    : 1000\\n\");\n    return 0;\n}\n";
}

// OpenBench's makefile convention: the binary goes to $(EXE), compiled by $(CC).
// Runs the fresh binary as `./$(EXE)`, as makefiles with a PGO step do: that only works when EXE is a
// name in the makefile's directory, which is how OpenBench's client calls make.
inline const char* const kOpenBenchMakefile =
    "EXE ?= engine\nall:\n\t$(CC) -O0 -o $(EXE) engine.c\n\t./$(EXE) bench > /dev/null\n";

class EngineRepo {
public:
    EngineRepo() {
        fs::create_directories(repo());
        REQUIRE(shell("git init -q '" + repo().string() + "'").code == 0);
    }
    EngineRepo(const EngineRepo&) = delete;
    EngineRepo& operator=(const EngineRepo&) = delete;

    fs::path repo() const { return root() / "engine"; }
    fs::path root() const { return fs::path(scratch_.path()); }

    void write(const std::string& relative, const std::string& text) const {
        const fs::path path = repo() / relative;
        fs::create_directories(path.parent_path());
        std::ofstream(path) << text;
    }

    // Commits everything in the working tree with `message` and returns the commit's full hash.
    std::string commit(const std::string& message) const {
        const fs::path message_file = root() / "message.txt";
        std::ofstream(message_file) << message;
        REQUIRE(shell(git() + "add -A").code == 0);
        REQUIRE(shell(git() + "commit -q -F '" + message_file.string() + "'").code == 0);
        const Outcome head = shell(git() + "rev-parse HEAD");
        REQUIRE(head.code == 0);
        return trimmed(head.out);
    }

    // Runs a shell command line; stdout and stderr are collected through files, which a process
    // the command leaves behind cannot hold open as it could a pipe. Builds go to the default cache
    // under this scratch directory (cache_base()), never into the user's.
    Outcome shell(const std::string& command) const {
        const std::string isolated =
            "unset ARBITER_BUILD_CACHE; export ARBITER_CACHE_DIR='" + cache_base().string() + "'; ";
        test_support::ChildSpec line = test_support::shell(isolated + command);
        line.out = test_support::Stream::file((root() / "out.txt").string());
        line.err = test_support::Stream::file((root() / "err.txt").string());
        const test_support::ChildResult run = test_support::run(line, kShellLimit);
        return {run.exit_code, run.out, run.err};
    }

    Outcome arbiter_build(const std::string& flags, const std::string& environment = "") const {
        return shell(environment + " " + ARBITER_BIN + " build --repo '" + repo().string() + "' --jobs 1 " + flags);
    }

    fs::path cache_base() const { return root() / "arbiter-cache"; }
    fs::path cache() const { return cache_base() / "builds"; }

private:
    std::string git() const {
        return "git -C '" + repo().string() + "' -c user.name=test -c user.email=test@example.org ";
    }

    test_support::TempDir scratch_;
};

}  // namespace build_test
