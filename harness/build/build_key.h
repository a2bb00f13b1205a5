#pragma once
// The name of a build's cache entry: everything besides the commit's sources that decides the binary.
// Two builds share an entry only when they agree on all of it, so the cache never hands back a
// binary made another way (CC=gcc after a clang build, another network, other CXXFLAGS):
//   - the commit and the recipe with its variables (build_recipe.h: normalised_recipe),
//   - the network's bytes (SHA-256; not its path: the same file elsewhere makes the same binary),
//   - the compilers make would run: CC and CXX from the recipe's variables, else the environment,
//     else make's own defaults (cc, g++), each by what `<compiler> --version` prints,
//   - the flags make and cmake read from the environment: CFLAGS, CXXFLAGS, CPPFLAGS, LDFLAGS.
// A makefile that names its compiler itself (CXX := clang++) is not seen through: its binary changes
// with that compiler's version without the key changing. Pass CXX as a variable to have it counted.

#include <string>

#include "harness/build/build_recipe.h"

namespace arbiter::build {

struct BuildKey {
    std::string inputs;  // one line per input above, kept as <entry>/key so a user can see why two differ
    std::string name;    // <commit>-<the first 16 hex digits of SHA-256(inputs)>
};

// The recipe's net must be an absolute path to a readable file (revision_build resolves it first).
BuildKey build_key(const std::string& commit, const BuildRecipe& recipe);

}  // namespace arbiter::build
