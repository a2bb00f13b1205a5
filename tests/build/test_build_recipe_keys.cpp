// recipe=, recipe.dir=, recipe.exe=, recipe.target= and bench= beside build=REV repo=DIR: arbiter
// build's recipe flags as engine keys, so `arbiter match` (and ci/nightly --recipe) can build a
// repository that has no arbiter.json. The repository is the fixture engine's
// (tests/build/make_fixture_engine_repo.sh --no-arbiter-json).
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "harness/config/engine_spec.h"
#include "harness/engines/engine_setup.h"
#include "tests/support/child.h"
#include "tests/support/temp_dir.h"

using namespace arbiter;
using arbiter::config::ConfigError;
using arbiter::config::EngineSpec;
using arbiter::config::parse_engine_spec;

namespace {

std::string make_fixture_repo(const std::string& parent) {
    const std::string repo = parent + "/engine";
    test_support::ChildSpec make{.program = REPO_ROOT_DIR "/tests/build/make_fixture_engine_repo.sh",
                                 .args = {repo, "--no-arbiter-json"}};
    make.out = make.err = test_support::Stream::null();
    REQUIRE(test_support::run(make, std::chrono::minutes(5)).exit_code == 0);
    return repo;
}

// The spec after build= resolved; throws what resolve_build throws.
EngineSpec resolved(const std::string& text) {
    EngineSpec spec = parse_engine_spec(text, "-engine #1");
    std::ostringstream progress;
    engine_setup::resolve_build(spec, "-engine #1", progress);
    return spec;
}

std::string error_of(const std::string& text) {
    try {
        resolved(text);
    } catch (const ConfigError& error) {
        return error.what();
    }
    return "(no error)";
}

}  // namespace

TEST_CASE("recipe keys are read on -engine and filled in by -each", "[unit]") {
    const EngineSpec engine =
        parse_engine_spec("build=HEAD recipe=cmake recipe.target=eng recipe.exe=bin/eng bench=no", "-engine #1");
    CHECK(engine.build_recipe == "cmake");
    CHECK(engine.build_recipe_target == "eng");
    CHECK(engine.build_recipe_exe == "bin/eng");
    CHECK_FALSE(engine.build_verify_bench);

    EngineSpec bare = parse_engine_spec("build=v1", "-engine #2");
    config::apply_each(bare, parse_engine_spec("recipe=openbench recipe.dir=src bench=no", "-each"));
    CHECK(bare.build_recipe == "openbench");
    CHECK(bare.build_recipe_dir == "src");
    CHECK_FALSE(bare.build_verify_bench);

    CHECK_THROWS_AS(parse_engine_spec("build=HEAD recipe=", "-engine #1"), ConfigError);
    CHECK_THROWS_AS(parse_engine_spec("build=HEAD bench=maybe", "-engine #1"), ConfigError);
}

TEST_CASE("build= builds a repository without arbiter.json from the recipe keys", "[integration]") {
    test_support::TempDir work;
    const std::string repo = make_fixture_repo(work.path());
    ::setenv("ARBITER_BUILD_CACHE", (work.path() + "/builds").c_str(), 1);  // not the user's cache

    const EngineSpec built = resolved("build=base repo=" + repo + " recipe=openbench recipe.dir=src");
    CHECK(std::filesystem::exists(built.cmd));
    REQUIRE(built.build);
    CHECK(built.build->size() == 40);  // the full commit hash, stored with the games

    CHECK_THAT(error_of("build=base repo=" + repo), Catch::Contains("no build recipe"));
    CHECK_THAT(error_of("build=base repo=" + repo + " recipe=make recipe.dir=src"), Catch::Contains("recipe.exe"));
    CHECK_THAT(error_of("build=base repo=" + repo + " recipe.dir=src"), Catch::Contains("only shape a recipe="));

    // The bench is checked as arbiter build checks it, and bench=no skips it as --no-verify-bench does.
    const std::string mismatch = "build=mismatch repo=" + repo + " recipe=openbench recipe.dir=src";
    CHECK_THAT(error_of(mismatch), Catch::Contains("5000") && Catch::Contains("4242"));
    CHECK(std::filesystem::exists(resolved(mismatch + " bench=no").cmd));
    CHECK_THAT(error_of(mismatch), Catch::Contains("add bench=no to the engine's keys to skip the check"));
    ::unsetenv("ARBITER_BUILD_CACHE");
}

TEST_CASE("a build= engine's record names its commit's subject and UTC committer date", "[unit]") {
    // The run reports and the commits report print them (engines.commit_subject, committed_at).
    test_support::TempDir work;
    const std::string repo = work.path() + "/repo";
    test_support::ChildSpec make = test_support::shell(
        "git init -q '" + repo + "' && cd '" + repo + "' && echo x > f && git add f && " +
        "GIT_COMMITTER_DATE='2026-01-03T10:00:00+01:00' git -c user.name=t -c user.email=t@example.org commit -q " +
        "-m 'Passed pawns (#12)' -m 'Bench: 123' && git rev-parse HEAD > ../head");
    REQUIRE(test_support::run(make, std::chrono::minutes(1)).exit_code == 0);
    std::string head;
    std::ifstream(work.path() + "/head") >> head;
    EngineSpec spec = parse_engine_spec("cmd=/bin/true", "-engine #1");
    spec.build = head;
    spec.build_repo = repo;
    const db::EngineRecord record = engine_setup::to_engine_record(spec, "new");
    CHECK(record.git_commit == head);
    CHECK(record.commit_subject == "Passed pawns (#12)");
    CHECK(record.committed_at == "2026-01-03T09:00:00Z");
    spec.build.reset();  // not a build: nothing to read
    CHECK(engine_setup::to_engine_record(spec, "plain").commit_subject.empty());
}

TEST_CASE("make-var.NAME=, net= and net-var= are read on -engine, filled in by -each and written to JSON", "[unit]") {
    const EngineSpec engine = parse_engine_spec(
        "build=HEAD make-var.ARCH=native make-var.CXX=clang++ net=nets/a.nnue net-var=NETFILE", "-engine #1");
    CHECK(engine.build_make_vars ==
          std::vector<std::pair<std::string, std::string>>{{"ARCH", "native"}, {"CXX", "clang++"}});
    CHECK(engine.build_net == "nets/a.nnue");
    CHECK(engine.build_net_var == "NETFILE");

    EngineSpec bare = parse_engine_spec("build=v1", "-engine #2");
    config::apply_each(bare, parse_engine_spec("make-var.ARCH=x86-64 net=n.bin", "-each"));
    CHECK(bare.build_make_vars == std::vector<std::pair<std::string, std::string>>{{"ARCH", "x86-64"}});
    CHECK(bare.build_net == "n.bin");

    const nlohmann::json json = config::engine_spec_to_json(engine);
    CHECK(json.at("make-var") == nlohmann::json{{"ARCH", "native"}, {"CXX", "clang++"}});
    CHECK(json.at("net") == "nets/a.nnue");
    const EngineSpec back = config::engine_spec_from_json(json, "engines[0]");
    CHECK(back.build_make_vars == engine.build_make_vars);
    CHECK(back.build_net_var == engine.build_net_var);

    CHECK_THROWS_AS(parse_engine_spec("build=HEAD net=", "-engine #1"), ConfigError);
    CHECK_THROWS_AS(parse_engine_spec("build=HEAD make-var.=1", "-engine #1"), ConfigError);
}

TEST_CASE("build= takes make-var.NAME= and net= as arbiter build takes --make-var and --net", "[integration]") {
    test_support::TempDir work;
    const std::string repo = make_fixture_repo(work.path());
    ::setenv("ARBITER_BUILD_CACHE", (work.path() + "/builds").c_str(), 1);  // not the user's cache
    const std::string base = "build=base repo=" + repo + " recipe=openbench recipe.dir=src";
    const std::string net = work.path() + "/net.bin";
    std::ofstream(net) << "weights\n";

    const EngineSpec plain = resolved(base);
    const EngineSpec with_net = resolved(base + " net=" + net + " make-var.SOMETHING=1");
    CHECK(std::filesystem::exists(with_net.cmd));
    // Another network or variable is another build, never the plain one's cached binary.
    CHECK(with_net.cmd != plain.cmd);

    CHECK_THAT(error_of(base + " net=" + work.path() + "/missing.bin"), Catch::Contains("-engine #1 net"));
    CHECK_THAT(error_of(base + " make-var.9X=1"), Catch::Contains("make-var.9X"));
    CHECK_THAT(error_of(base + " net-var=NETFILE"), Catch::Contains("give net=FILE too"));
    ::unsetenv("ARBITER_BUILD_CACHE");
}
