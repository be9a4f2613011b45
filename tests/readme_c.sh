#!/bin/sh
# SPDX-License-Identifier: MIT
# The README's C example (its ```c block) as a whole program on stdout:
# its #include lines, then the rest inside main().  Exit 1 when the
# README has none.  Used by tests/mjq/readme.sh (built in the tree) and
# tests/lib/abi.sh (built against an installed prefix with pkg-config).
# Usage: tests/readme_c.sh [README]
set -u
body=$(awk '/^```/ { inb = !inb; c = inb && $0 == "```c"; next }
            inb && c' "${1:-README.md}")
[ -n "$body" ] || exit 1
echo '#include <stdint.h>'
echo '#include <stdio.h>'
printf '%s\n' "$body" | grep '^#include'
echo 'int main(void)'
echo '{'
printf '%s\n' "$body" | grep -v '^#include'
echo '    return 0;'
echo '}'
