#pragma once
// Paths of the test data and the opening books, and a temporary file: shared by the tests of the
// harness's file formats (tests/epd, tests/openings, tests/pgn). The including target defines
// TEST_DATA_DIR and REPO_ROOT_DIR.

#include <string>

#include "tests/support/temp_dir.h"

namespace io_test {

inline std::string data_path(const std::string& name) { return std::string(TEST_DATA_DIR) + "/" + name; }
inline std::string openings_path(const std::string& name) { return std::string(REPO_ROOT_DIR) + "/openings/" + name; }

using TempFile = test_support::TempFile;

}  // namespace io_test
