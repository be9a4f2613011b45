#!/bin/sh
# SPDX-License-Identifier: MIT
# make tables: write the table file when it is missing, damaged, of another
# format or made by another mjt-gen, and leave a good one alone.  A file
# that is there but cannot be used (damaged, another format, not a table
# at all) is kept beside the new one as PATH.bad, and the summary says so;
# nothing is ever lost.  Then print the table's summary (mjq info).
# Usage: scripts/tables.sh BUILD_DIR TABLES JOBS   (run by `make tables`)
set -u
B=$1 T=$2 J=${3:-2}
gen=$("$B/mjt-gen" --version | sed -n 's/^\(mjt-gen [^ ]*\).*/\1/p')

if [ -e "$T" ]; then
    # The library's own open checks the format, every digest and record.
    if why=$("$B/mjq" --tables "$T" 1z 2>&1 >/dev/null); then
        made=$("$B/mjq" info "$T" | sed -n 's/^generator  *//p')
        if [ "$made" = "$gen" ]; then
            echo "$T: up to date (made by $gen, every digest checked)"
            exec "$B/mjq" info "$T"
        fi
        echo "$T: made by $made; making it again with $gen"
    else
        if ! mv -f "$T" "$T.bad"; then
            echo "$T cannot be set aside as $T.bad" >&2
            exit 1
        fi
        why=$(printf '%s' "$why" | sed -e 's/^mjq: //' -e "s#^$T: ##" \
            -e 's/ (make them .*//')
        echo "$T: $why: kept as $T.bad, making new tables"
    fi
fi
"$B/mjt-gen" -o "$T" -j "$J" || exit 1
"$B/mjq" info "$T" || exit 1
[ -e "$T.bad" ] && echo "(the file that was there is kept as $T.bad)"
exit 0
