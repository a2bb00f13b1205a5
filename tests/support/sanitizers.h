#pragma once
// Whether this test binary runs under AddressSanitizer: its shadow memory and quarantine swamp any
// peak-memory figure, so memory bounds are checked in the plain builds only.

namespace test_support {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kUnderAddressSanitizer = true;
#else
inline constexpr bool kUnderAddressSanitizer = false;
#endif

}  // namespace test_support
