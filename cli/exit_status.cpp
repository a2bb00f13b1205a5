#include "cli/exit_status.h"

#include <exception>

#include "harness/build/revision_build.h"
#include "cli/flag_reader.h"
#include "harness/config/match_config.h"
#include "harness/epd/source_error.h"
#include "harness/ladder/ladder_config.h"
#include "harness/openings/book.h"

namespace arbiter::cli {
namespace {

struct Failure {
    ExitStatus status = ExitStatus::failed;
    std::string message;
    bool usage_error = false;
};

Failure checked_input(const BadInput& bad_input, const std::exception& error) {
    return {bad_input.checked_inputs ? ExitStatus::bad_input : ExitStatus::failed, error.what()};
}

// Rethrows the exception in flight to sort it; the most specific types come first.
Failure classify_current(const BadInput& bad_input) {
    try {
        throw;
    } catch (const UsageError& error) {
        return {ExitStatus::bad_input, error.what(), true};
    } catch (const db::DbError& error) {
        const bool input = bad_input.database_input && bad_input.database_input(error.kind());
        return {input ? ExitStatus::bad_input : ExitStatus::failed, error.what()};
    } catch (const io::SourceError& error) {
        return checked_input(bad_input, error);
    } catch (const config::ConfigError& error) {
        return checked_input(bad_input, error);
    } catch (const openings::OpeningsFlagError& error) {
        return checked_input(bad_input, error);
    } catch (const ladder::LadderConfigError& error) {
        return checked_input(bad_input, error);
    } catch (const build::BuildInputError& error) {
        return checked_input(bad_input, error);
    } catch (const std::exception& error) {
        return {ExitStatus::failed, error.what()};
    } catch (...) {
        return {ExitStatus::failed, "unknown error"};
    }
}

}  // namespace

int report_failure(const std::string& command, std::ostream& err, const BadInput& bad_input, std::string_view usage) {
    const Failure failure = classify_current(bad_input);
    err << "arbiter " << command << ": " << failure.message << '\n';
    if (failure.usage_error) err << usage;
    return code(failure.status);
}

}  // namespace arbiter::cli
