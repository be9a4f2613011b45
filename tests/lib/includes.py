# SPDX-License-Identifier: MIT
"""The include graph of the tree, resolved as the Makefile's include paths
resolve it: no file includes itself through others (no cycle), and a
client (mjq, the Python module) includes only mjt.h and its own folder's
headers.  Prints one line a
problem and the harness's tally; exit 1 on any problem.

Usage: python3 tests/lib/includes.py   (run by tests/lib/layers.sh)
"""
import glob
import os
import re
import sys

LIB = sorted({os.path.dirname(p) for p in glob.glob("query/libmjt/**/*.[ch]",
                                                   recursive=True)})
# Where each folder's includes are looked for after its own folder (the
# Makefile's *_INC); the copy of mjt.h under build/ is its source here.
SEARCH = {
    "core": ["core"],
    "gen": ["gen", "core"],
    "query/libmjt": LIB + ["core"],
    "query/mjq": ["query/mjq", "query/libmjt"],
    "query/python": ["query/python/mjt", "query/libmjt"],
}
CLIENTS = ("query/mjq", "query/python")


def layer(path):
    for top in sorted(SEARCH, key=len, reverse=True):
        if path.startswith(top + "/"):
            return top
    return None


def includes(path):
    with open(path, encoding="utf-8") as f:
        return re.findall(r'^\s*#\s*include\s+"([^"]+)"', f.read(), re.M)


def resolve(path, name):
    for d in [os.path.dirname(path)] + SEARCH[layer(path)]:
        p = os.path.normpath(os.path.join(d, name))
        if os.path.exists(p):
            return p
    return None


def main():
    files = [p for top in SEARCH for p in glob.glob(top + "/**/*.[ch]",
                                                    recursive=True)]
    graph, bad, ok = {}, [], 0
    for p in sorted(files):
        graph[p] = []
        for name in includes(p):
            q = resolve(p, name)
            if q is None:
                continue  # a generated file (web_assets.c's) or the system's
            graph[p].append(q)
            if layer(p).startswith(CLIENTS):
                own = os.path.dirname(q) == os.path.dirname(p)
                if not own and q != "query/libmjt/mjt.h":
                    bad.append(f"{p} includes {q}, another layer's header")
                    continue
            ok += 1
    # cycles: a depth-first walk that meets a file still on its path
    state = {}

    def walk(p, path):
        state[p] = 1
        for q in graph.get(p, []):
            if state.get(q) == 1:
                bad.append("include cycle: " + " -> ".join(
                    path[path.index(q):] + [q]))
            elif q not in state:
                walk(q, path + [q])
        state[p] = 2

    for p in graph:
        if p not in state:
            walk(p, [p])
    for b in bad:
        print("FAIL", b)
    print(f"includes: {ok + len(graph)} passed, {len(bad)} failed")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
