// Parameter files of both tools: what is read, every bad line named by file and line, and the
// parameters checked against the options an engine declares.
#include <catch2/catch.hpp>

#include <sstream>

#include "harness/spsa/engine_check.h"
#include "harness/spsa/parameter_file.h"
#include "harness/spsa/paste_back.h"

using namespace arbiter::spsa;

namespace {

ParameterFile parse(const std::string& text) {
    std::istringstream in(text);
    return parse_parameter_text(in, "tune.txt");
}

std::string error_of(const std::string& text) {
    try {
        parse(text);
    } catch (const ParameterFileError& error) {
        return error.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("an OpenBench parameter file: type per line, comments and blank lines skipped", "[unit]") {
    const ParameterFile file = parse(
        "# search\n\nLmrDivisor, int, 225, 100, 400, 12.5, 0.002\n"
        "  Scale , float, 0.5, 0, 1, 0.05, 0.002  \n");
    CHECK(file.format == FileFormat::openbench);
    REQUIRE(file.params.size() == 2);
    CHECK(file.params[0].name == "LmrDivisor");
    CHECK_FALSE(file.params[0].is_float);
    CHECK(file.params[0].start == 225);
    CHECK(file.params[0].min == 100);
    CHECK(file.params[0].max == 400);
    CHECK(file.params[0].c_end == 12.5);
    CHECK(file.params[0].r_end == 0.002);
    CHECK(file.params[1].name == "Scale");
    CHECK(file.params[1].is_float);
    CHECK(file.params[1].start == 0.5);
}

TEST_CASE("a fishtest parameter file: every parameter an integer, names may hold spaces", "[unit]") {
    const ParameterFile file = parse("FutilityMargin1,120,0,400,10,0.0020\nSkill Level,10,0,20,2,0.002\n");
    CHECK(file.format == FileFormat::fishtest);
    REQUIRE(file.params.size() == 2);
    CHECK(file.params[0].name == "FutilityMargin1");
    CHECK_FALSE(file.params[0].is_float);
    CHECK(file.params[0].start == 120);
    CHECK(file.params[0].c_end == 10);
    CHECK(file.params[1].name == "Skill Level");
}

TEST_CASE("bad parameter lines are named by file and line", "[unit]") {
    CHECK(error_of("A,1,0,2,1,0.002\n\nB,1,0,2\n").starts_with("tune.txt:3: expected 'name,value"));
    CHECK(error_of("A, int, 1, 0, 2, 1, 0.002\nB,1,0,2,1,0.002\n") ==
          "tune.txt:2: a fishtest line in a openbench file");
    CHECK(error_of("A, double, 1, 0, 2, 1, 0.002\n").starts_with("tune.txt:1: the type is 'double'"));
    CHECK(error_of("A,1x,0,2,1,0.002\n") == "tune.txt:1: the value '1x' is not a number");
    CHECK(error_of("A,1,2,2,1,0.002\n") == "tune.txt:1: A: the minimum must be below the maximum");
    CHECK(error_of("A,3,0,2,1,0.002\n") == "tune.txt:1: A: the value lies outside [minimum, maximum]");
    CHECK(error_of("A,1,0,2,0,0.002\n") == "tune.txt:1: A: c_end must be above 0");
    CHECK(error_of("A,1,0,2,1,-1\n") == "tune.txt:1: A: r_end must not be negative");
    CHECK(error_of("A,1,0,2,1,0.002\n# again\nA,1,0,2,1,0.002\n") == "tune.txt:3: A is given twice");
    CHECK(error_of(",1,0,2,1,0.002\n") == "tune.txt:1: the parameter has no name");
    CHECK(error_of("# nothing\n\n") == "tune.txt: no parameters");
    CHECK(error_of("A,1,0,9007199254740993,1,0.002\n") ==
          "tune.txt:1: the maximum '9007199254740993' is beyond ±9007199254740992 (2^53), the largest integer a "
          "parameter holds exactly");
    CHECK(error_of("A, float, 1, 0, 1e300, 1, 0.002\n") == "no error");  // a float is sent as it is
    CHECK_THROWS_WITH(read_parameter_file("/nonexistent/tune.txt"), "/nonexistent/tune.txt: cannot be read");
}

TEST_CASE("final values in fishtest's and OpenBench's lines read back as the next run's start", "[unit]") {
    const ParameterFile ob =
        parse("LmrDivisor, int, 225, 100, 400, 12.5, 0.002\nScale, float, 0.5, 0, 1, 0.05, 0.002\n");
    const std::vector<double> theta{231.6, 0.4375};
    CHECK(openbench_lines(ob.params, theta) ==
          "LmrDivisor, int, 232, 100, 400, 12.5, 0.002\nScale, float, 0.4375, 0, 1, 0.05, 0.002\n");
    CHECK(setoption_lines(ob.params, theta) ==
          "setoption name LmrDivisor value 232\nsetoption name Scale value 0.4375\n");
    CHECK(option_words(ob.params, theta) == "option.LmrDivisor=232 option.Scale=0.4375\n");
    const ParameterFile again = parse(openbench_lines(ob.params, theta));
    CHECK(again.params[0].start == 232);
    CHECK(again.params[1].start == 0.4375);

    const ParameterFile ft = parse("FutilityMargin1,120,0,400,10,0.002\nSkill Level,10,0,20,2,0.002\n");
    CHECK(fishtest_lines(ft.params, {97.49, 12.5}) ==
          "FutilityMargin1,97,0,400,10,0.002\nSkill Level,13,0,20,2,0.002\n");
    CHECK(option_words(ft.params, {97.49, 12.5}) == "option.FutilityMargin1=97 'option.Skill Level=13'\n");
    CHECK(parse(fishtest_lines(ft.params, {97.49, 12.5})).params[0].start == 97);
}

TEST_CASE("parameters against an engine's options: spin ranges with the roundings' reach, one option each", "[unit]") {
    using arbiter::protocol::EngineOption;
    using arbiter::protocol::OptionType;
    const DeclaredOptions engine{"sf",
                                 {EngineOption{"Margin", OptionType::Spin, "5", 1, 10, {}},
                                  EngineOption{"Open", OptionType::Spin, "5", std::nullopt, std::nullopt, {}},
                                  EngineOption{"Scale", OptionType::String, "0.5", {}, {}, {}}}};
    const auto problem = [&](const std::string& text) -> std::string {
        try {
            check_against_options(parse(text), engine);
        } catch (const ParameterFileError& error) {
            return error.what();
        }
        return "no error";
    };
    CHECK(problem("margin,5,1,10,1,0.002\nOpen,0,-1e6,1e6,1,0.002\n") == "no error");  // names ignore case
    CHECK(problem("Scale, float, 0.5, 0, 1, 0.1, 0.002\n") == "no error");
    // 1.5 may be rounded down to 1, 9.5 up to 10; 0.5 down to 0, outside the option's 1..10.
    CHECK(problem("Margin,5,1.5,9.5,1,0.002\n") == "no error");
    CHECK(problem("Margin,5,0.5,9.5,1,0.002\n") ==
          "tune.txt:1: Margin: the range 0.5..9.5 does not fit sf's option Margin, whose range is 1..10");
    CHECK(problem("Margin,5,1,10,1,0.002\n# again\nMARGIN,5,1,10,1,0.002\n") ==
          "tune.txt:3: MARGIN: names option Margin as Margin does");
    CHECK(problem("Scale,1,0,2,1,0.002\n") ==
          "tune.txt:1: Scale: sf's option Scale is a string option; SPSA tunes integers, which only a spin option "
          "takes");
}
