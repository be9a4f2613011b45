#!/bin/sh
# SPDX-License-Identifier: MIT
# Compile files into a C source: scripts/embed.sh OUT.c DIR FILE... writes
# OUT.c defining web_asset_find() over each FILE of DIR (served as /FILE),
# with its content type by extension.  Used by the Makefile for mjq serve.
set -eu
out=$1 dir=$2
shift 2
{
    echo '/* Made by scripts/embed.sh from query/web: do not edit. */'
    echo '#include <string.h>'
    echo '#include "serve.h"'
    n=0
    for f in "$@"; do
        echo "static const unsigned char file$n[] = {"
        od -An -v -tx1 "$dir/$f" | sed 's/ *$//; s/ \([0-9a-f][0-9a-f]\)/0x\1,/g'
        echo '0};'
        n=$((n + 1))
    done
    echo 'static const web_asset assets[] = {'
    n=0
    for f in "$@"; do
        case $f in
        *.html) type='text/html; charset=utf-8' ;;
        *.js) type='text/javascript; charset=utf-8' ;;
        *.css) type='text/css; charset=utf-8' ;;
        *.svg) type='image/svg+xml' ;;
        *.png) type='image/png' ;;
        *) type='application/octet-stream' ;;
        esac
        echo "    {\"/$f\", \"$type\", (const char *)file$n, sizeof file$n - 1},"
        n=$((n + 1))
    done
    echo '};'
    echo 'const web_asset *web_asset_find(const char *path)'
    echo '{'
    echo '    for (size_t i = 0; i < sizeof assets / sizeof *assets; i++)'
    echo '        if (!strcmp(assets[i].path, path))'
    echo '            return &assets[i];'
    echo '    return NULL;'
    echo '}'
} >"$out.tmp"
mv "$out.tmp" "$out"
