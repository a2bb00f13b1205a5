// CSV cells that a spreadsheet would run as a formula are written as text (issue #17): the rule
// and its one exception (plain numbers) are in reports/csv.h.
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

#include "tests/support/temp_dir.h"
#include "cli/report_command.h"
#include "reports/csv.h"
#include "reports/render.h"
#include "tests/reports/synthetic_ladder.h"

using namespace arbiter;
using reports::csv_field;

TEST_CASE("csv: cells starting like a formula get a quote prefix inside a quoted field", "[unit]") {
    CHECK(csv_field("=1+2") == "\"'=1+2\"");
    CHECK(csv_field("+cmd") == "\"'+cmd\"");
    CHECK(csv_field("-2+3") == "\"'-2+3\"");
    CHECK(csv_field("@SUM(A1:A9)") == "\"'@SUM(A1:A9)\"");
    CHECK(csv_field("\t=1") == "\"'\t=1\"");
    CHECK(csv_field("\r=1") == "\"'\r=1\"");
    CHECK(csv_field("=HYPERLINK(\"http://x\",\"y\")") == "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\"");
    CHECK(csv_field("-") == "\"'-\"");
    CHECK(csv_field("+12 \xC2\xB1 4") == "\"'+12 \xC2\xB1 4\"");  // a difference cell is text, not a number
    CHECK(csv_field("-1e5") == "\"'-1e5\"");
    CHECK(csv_field("-.5") == "\"'-.5\"");
    CHECK(csv_field("-12.") == "\"'-12.\"");
}

TEST_CASE("csv: plain numbers, signed or not, are left as numbers", "[unit]") {
    for (const char* number : {"-12.5", "+61", "-0", "42", "3.25", "+0.5"}) {
        INFO(number);
        CHECK(csv_field(number) == number);
    }
}

TEST_CASE("csv: RFC 4180 quoting of commas, quotes and line breaks", "[unit]") {
    CHECK(csv_field("plain text") == "plain text");
    CHECK(csv_field("") == "");
    CHECK(csv_field("1,5") == "\"1,5\"");
    CHECK(csv_field("say \"hi\"") == "\"say \"\"hi\"\"\"");
    CHECK(csv_field("two\nlines") == "\"two\nlines\"");
    CHECK(csv_field("carriage\rreturn") == "\"carriage\rreturn\"");
    CHECK(csv_field("a=b") == "a=b");  // only the first character can start a formula
    std::ostringstream row;
    reports::write_csv_row({"=x", "-3", "a,b"}, row);
    CHECK(row.str() == "\"'=x\",-3,\"a,b\"\n");
}

TEST_CASE("csv: report tables go through the guard, headers included", "[unit]") {
    reports::Report report;
    reports::Section section;
    section.tables.push_back({"", {"=Name", "Elo"}, {{"@evil", "-12.5"}, {"+cmd|' /C calc'!A0", "+7"}}, {false, true}});
    report.sections.push_back(section);
    std::ostringstream csv;
    reports::render(report, reports::Format::csv, csv);
    CHECK(csv.str() == "\"'=Name\",Elo\n\"'@evil\",-12.5\n\"'+cmd|' /C calc'!A0\",+7\n");
}

TEST_CASE("csv: arbiter report writes user-named ladder steps as text", "[unit]") {
    const test_support::TempDir dir;
    const std::filesystem::path db_path = dir.file("reports.db");
    {
        db::Database database(db_path.string());
        testing::SyntheticLadder ladder;
        ladder.labels = {"=1+2", "@SUM(A1:A2)", "-cmd|' /C calc'!A0"};
        testing::write_synthetic_ladder(database, ladder);
    }
    std::ostringstream csv, err;
    const int code = cli::run_report_command({"features", "--db", db_path.string(), "--format", "csv"}, csv, err);
    REQUIRE(code == 0);
    const std::string text = csv.str();
    CHECK(text.find("\n\"'=1+2\",") != std::string::npos);
    CHECK(text.find("\n\"'@SUM(A1:A2)\",") != std::string::npos);
    CHECK(text.find("\n\"'-cmd|' /C calc'!A0\",") != std::string::npos);
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        INFO(line);
        CHECK((line.empty() || std::string("=+-@").find(line.front()) == std::string::npos));
    }
}
