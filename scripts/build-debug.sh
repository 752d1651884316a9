#!/usr/bin/env bash
# The one debug build scripts/verify.sh and scripts/test.sh share (issue #57): unoptimised and
# without debug info (`-debug-info-format none`). DWARF was a third of the compile: the test target
# took 148.8 s of CPU with it and 103.4 s without (the same sources, the same machine). Test
# failures name their file and line all the same (Swift Testing's macros carry them); a crash's
# backtrace shows function names without lines. For a debugger, `swift build` builds with DWARF —
# into the same .build/debug, so switching between the two rebuilds every module.
# Arguments go to swift build: `scripts/build-debug.sh --product evidence`, `--build-tests`.
set -euo pipefail
cd "$(dirname "$0")/.."
exec swift build -debug-info-format none "$@"
