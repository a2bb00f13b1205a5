// cli::report_failure, the one mapping from the exception in flight to arbiter's exit status: what
// counts as bad input (2) under each command's rule, what fails the run (1), and what is printed.
#include <catch2/catch.hpp>

#include <sstream>
#include <stdexcept>

#include "harness/build/revision_build.h"
#include "cli/exit_status.h"
#include "cli/flag_reader.h"
#include "harness/config/match_config.h"
#include "db/errors.h"
#include "harness/epd/source_error.h"
#include "harness/ladder/ladder_config.h"
#include "harness/openings/book.h"

using arbiter::cli::BadInput;
using arbiter::cli::report_failure;
using arbiter::db::DbError;
using arbiter::db::ErrorKind;

namespace {

struct Reported {
    int code;
    std::string err;
};

template <typename Exception>
Reported report(const Exception& exception, const BadInput& bad_input, std::string_view usage = {}) {
    std::ostringstream err;
    try {
        throw exception;
    } catch (...) {
        const int code = report_failure("demo", err, bad_input, usage);
        return {code, err.str()};
    }
}

DbError db_error(ErrorKind kind) { return DbError(kind, "x.db", "open", "x.db: trouble"); }

}  // namespace

TEST_CASE("exit status: a UsageError is bad input under every rule, with the usage after it", "[unit]") {
    const arbiter::cli::UsageError error("--games", "expected a whole number >= 1, got 'x'");
    for (const BadInput& rule : {BadInput::flags_only(), BadInput::given_inputs()}) {
        const Reported reported = report(error, rule, "usage: arbiter demo --games N\n");
        CHECK(reported.code == 2);
        CHECK(reported.err ==
              "arbiter demo: --games: expected a whole number >= 1, got 'x'\nusage: arbiter demo --games N\n");
    }
}

TEST_CASE("exit status: the parts' checks of their input are bad input only where the command says so", "[unit]") {
    const arbiter::io::SourceError source("book.epd", 3, "bad FEN");
    const arbiter::config::ConfigError config("-engine #1 cmd", "not executable");
    const arbiter::openings::OpeningsFlagError openings("-openings: unknown format 'txt'");
    const arbiter::ladder::LadderConfigError ladder("ladder.json: steps[3].category: unknown");
    const arbiter::build::BuildInputError build("no-such-revision: unknown revision");
    CHECK(report(source, BadInput::given_inputs()).code == 2);
    CHECK(report(config, BadInput::given_inputs()).code == 2);
    CHECK(report(openings, BadInput::given_inputs()).code == 2);
    CHECK(report(ladder, BadInput::given_inputs()).code == 2);
    CHECK(report(build, BadInput::given_inputs()).code == 2);
    // arbiter report: whatever fails after its flags were read fails the run.
    CHECK(report(source, BadInput::flags_only()).code == 1);
    CHECK(report(config, BadInput::flags_only()).code == 1);
    CHECK(report(ladder, BadInput::flags_only()).code == 1);
    // Only a UsageError brings the usage.
    const Reported sourced = report(source, BadInput::given_inputs(), "usage: arbiter demo\n");
    CHECK(sourced.err == "arbiter demo: book.epd:3: bad FEN\n");
}

namespace {

bool refused_record(ErrorKind kind) { return kind == ErrorKind::invalid_argument || kind == ErrorKind::constraint; }

}  // namespace

TEST_CASE("exit status: a database error is bad input for the kinds the rule names", "[unit]") {
    // db::is_input_error: the file given is not usable as it is.
    for (const ErrorKind kind : {ErrorKind::cannot_open, ErrorKind::not_a_database, ErrorKind::corrupt,
                                 ErrorKind::schema_too_new, ErrorKind::schema_too_old, ErrorKind::read_only}) {
        CHECK(report(db_error(kind), BadInput::given_inputs()).code == 2);
        CHECK(report(db_error(kind), BadInput::flags_only()).code == 1);
    }
    // Failures while using a usable file; overlapping shards are refused as a failed merge.
    for (const ErrorKind kind : {ErrorKind::other, ErrorKind::busy, ErrorKind::disk_full, ErrorKind::io,
                                 ErrorKind::constraint, ErrorKind::merge_conflict, ErrorKind::invalid_argument})
        CHECK(report(db_error(kind), BadInput::given_inputs()).code == 1);
    // arbiter baseline: a record the database refuses is the user's input.
    const BadInput records{false, &refused_record};
    CHECK(report(db_error(ErrorKind::constraint), records).code == 2);
    CHECK(report(db_error(ErrorKind::cannot_open), records).code == 1);
    CHECK(report(db_error(ErrorKind::corrupt), records).err == "arbiter demo: x.db: trouble\n");
}

TEST_CASE("exit status: anything else fails the run", "[unit]") {
    const Reported runtime = report(std::runtime_error("out.pgn: cannot open for writing"), BadInput::given_inputs());
    CHECK(runtime.code == 1);
    CHECK(runtime.err == "arbiter demo: out.pgn: cannot open for writing\n");
    CHECK(report(std::invalid_argument("no games"), BadInput::given_inputs()).code == 1);
    const Reported unknown = report(42, BadInput::given_inputs());
    CHECK(unknown.code == 1);
    CHECK(unknown.err == "arbiter demo: unknown error\n");
}
