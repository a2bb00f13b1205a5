// Ladder files are an entry point for values that reach engines (step options, engine and
// opponent specs) and reports and PGN tags (feature, description): control characters are refused
// there, naming the file and field, as in a match config (issue #17).
#include <catch2/catch.hpp>

#include <filesystem>

#include "harness/ladder/ladder_config.h"

using namespace arbiter::ladder;
using Catch::Matchers::Contains;

namespace {

std::string ladder(const std::string& step_extra, const std::string& top_extra = "") {
    return R"({"name": "t", )" + top_extra + R"("steps": [{"id": "A", "category": "Search", )" + step_extra +
           R"(}], "gauntlet": {"opponents": [{"conf": "hoichess"}]}})";
}

void check_error(const std::string& text, const std::string& expected) {
    CHECK_THROWS_WITH(ladder_config_from_text(text, "x.json", "."), Contains(expected));
}

}  // namespace

TEST_CASE("ladder files refuse control characters, naming the file and field", "[unit]") {
    const std::string ok = R"("feature": "f", "options": {"Features": "all"})";
    REQUIRE_NOTHROW(ladder_config_from_text(ladder(ok), "x.json", "."));
    check_error(ladder(R"("feature": "f", "options": {"Features": "none\ngo infinite"})"),
                "x.json: steps[0].options.Features: control character (newline) in value");
    check_error(ladder(R"("feature": "f", "options": {"Fea\rtures": "all"})"),
                "steps[0].options.Fea\rtures: control character");
    check_error(ladder(R"("feature": "f\nx", "options": {"Features": "all"})"),
                "x.json: steps[0].feature: control character");
    check_error(ladder(ok, R"("description": "a\u001bb", )"), "x.json: description: control character (0x1B)");
    check_error(ladder(ok, R"("engine": {"options": {"Hash": "1\ngo"}}, )"), "engine.options.Hash: control character");
    check_error(R"({"name": "t", "steps": [{"id": "A", "feature": "f", "category": "Search", "options": {"X": "1"}}],
                    "gauntlet": {"opponents": [{"conf": "hoichess", "name": "h\no"}]}})",
                "gauntlet.opponents[0].name: control character");
}

TEST_CASE("ladder files: a key given twice and a directory are named", "[unit]") {
    check_error(ladder(R"("feature": "f", "feature": "g", "options": {"X": "1"})"),
                "x.json.steps[0].feature: key given twice");
    const std::string dir = std::filesystem::temp_directory_path().string();
    CHECK_THROWS_WITH(load_ladder_config(dir), Contains(dir + ": is a directory"));
}
