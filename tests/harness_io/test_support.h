#pragma once
// Helpers shared by the harness_io tests: temporary files and data paths.

#include <string>

#include "tests/support/temp_dir.h"

namespace io_test {

inline std::string data_path(const std::string& name) { return std::string(TEST_DATA_DIR) + "/" + name; }
inline std::string openings_path(const std::string& name) { return std::string(REPO_ROOT_DIR) + "/openings/" + name; }

using TempFile = test_support::TempFile;

}  // namespace io_test
