#include "cli/exit_status.h"

#include "cli/flag_reader.h"
#include "db/errors.h"
#include "epd/source_error.h"

namespace arbiter::cli {

int exit_status_for(const std::exception& error) {
    if (dynamic_cast<const UsageError*>(&error) || dynamic_cast<const io::SourceError*>(&error)) return 2;
    if (const auto* db_error = dynamic_cast<const db::DbError*>(&error))
        return db::is_input_error(db_error->kind()) ? 2 : 1;
    return 1;
}

}  // namespace arbiter::cli
