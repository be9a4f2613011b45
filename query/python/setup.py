# SPDX-License-Identifier: MIT
"""Build mjt._mjt against an installed libmjt (pkg-config mjt), or, when
none is installed, against the build tree (make python does that itself).
"""
import glob
import os
import re
import shlex
import subprocess

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))


def pkg_config(*args):
    try:
        return subprocess.run(["pkg-config", *args, "mjt"], check=True,
                              capture_output=True, text=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


# The module's C files: every one in mjt/, as the Makefile's PY_SRC takes
# them.
SOURCES = sorted(os.path.relpath(f, HERE)
                 for f in glob.glob(os.path.join(HERE, "mjt", "*.c")))


def extension():
    flags = pkg_config("--cflags", "--libs")
    if flags is not None:  # an installed libmjt
        words = shlex.split(flags)
        libdir = pkg_config("--variable=libdir")
        return Extension(
            "mjt._mjt", SOURCES,
            include_dirs=[w[2:] for w in words if w.startswith("-I")],
            library_dirs=[w[2:] for w in words if w.startswith("-L")],
            libraries=[w[2:] for w in words if w.startswith("-l")],
            runtime_library_dirs=[libdir] if libdir else [],
            extra_compile_args=["-std=c11"])
    build = os.environ.get("MJT_BUILD", os.path.join(HERE, "..", "..", "build"))
    if not os.path.exists(os.path.join(build, "libmjt.a")):
        raise SystemExit("mjt: no libmjt: run `make install` (pkg-config mjt "
                         "finds it then) or `make`, or set MJT_BUILD")
    return Extension(
        "mjt._mjt", SOURCES,
        include_dirs=[os.path.join(build, "include")],
        extra_objects=[os.path.join(build, "libmjt.a")],
        libraries=["lmdb", "zstd", "xxhash", "pthread", "m"],
        extra_compile_args=["-std=c11"],
        # the module exports its init function, none of libmjt's
        extra_link_args=["-Wl,--exclude-libs,ALL"])


def version():
    v = pkg_config("--modversion")
    if v:
        return v
    header = open(os.path.join(HERE, "..", "libmjt", "mjt.h")).read()
    return re.search(r'MJT_VERSION_STRING "([^"]+)"', header).group(1)


setup(version=version(), packages=["mjt"],
      package_data={"mjt": ["__init__.pyi", "py.typed"]},
      ext_modules=[extension()])
