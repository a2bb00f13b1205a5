#!/usr/bin/env bash
# ci/check-format on a tree of two files outside git (a tarball's layout): it passes the formatted
# file, fails naming the other, and exits 2 when the formatter itself fails without naming a file.
# Usage: check_format_test.sh REPO_ROOT
set -uo pipefail
repo_root="$1"
command -v clang-format-14 > /dev/null || { echo "SKIP: clang-format-14 missing"; exit 77; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/ci"
cp "$repo_root/ci/check-format" "$work/ci/"
cp "$repo_root/.clang-format" "$work/"
printf 'int formatted = 1;\n' > "$work/good.cpp"
printf 'int  spaced =1;\n' > "$work/bad.cpp"

out="$("$work/ci/check-format" 2>&1)"
status=$?
[ "$status" -eq 1 ] || { echo "FAIL: a misformatted file gave exit $status: $out"; exit 1; }
grep -q '^  \./bad\.cpp$' <<< "$out" || { echo "FAIL: bad.cpp not named: $out"; exit 1; }
! grep -q 'good\.cpp' <<< "$out" || { echo "FAIL: good.cpp named: $out"; exit 1; }

clang-format-14 -i "$work/bad.cpp"
"$work/ci/check-format" > /dev/null 2>&1 || { echo "FAIL: the formatted tree did not pass"; exit 1; }

CLANG_FORMAT=/bin/false "$work/ci/check-format" > /dev/null 2>&1
status=$?
[ "$status" -eq 2 ] || { echo "FAIL: a failing formatter gave exit $status, not 2"; exit 1; }
echo "PASS: check-format named the misformatted file, passed the formatted tree, and refused a failing formatter"
