#pragma once
// The DbError a call throws, for tests that check its kind and message; fails the test when the
// call throws nothing. Apart from db_test_util.h, which the non-Catch writer helper includes too.

#include <catch2/catch.hpp>

#include <stdexcept>

#include "db/errors.h"

namespace dbtest {

template <class Fn>
arbiter::db::DbError capture_error(Fn&& fn) {
    try {
        fn();
    } catch (const arbiter::db::DbError& error) {
        return error;
    }
    FAIL("expected a DbError");
    throw std::logic_error("unreachable");
}

}  // namespace dbtest
