// Whether this test program was built for the sanitizer tree (tests/CMakeLists.txt defines
// TW_TEST_SANITIZED there). A test may play fewer seeds or games under the sanitizers where
// the Release run covers them all (CI runs both; the counts and their reasons are in
// docs/install.md, "CI and its time"): `test::kSanitized ? fewer : all`.
#pragma once

namespace tw::test {

#ifdef TW_TEST_SANITIZED
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif

}  // namespace tw::test
