# SPDX-License-Identifier: MIT
# Sourced by the shell tests (cli.sh, abi.sh, layers.sh, readme.sh,
# stats.sh): a directory of the test's own, removed when it exits, and
# the tally each test ends with, "NAME: N passed, N failed".
pass=0
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }

# finish NAME: print the tally; non-zero when anything failed.
finish() {
    echo "$1: $pass passed, $fail failed"
    [ "$fail" -eq 0 ]
}
