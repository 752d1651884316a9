#!/usr/bin/env bash
# Set-up command 1: install what is missing, build in release (scripts/build-testable.sh, the build
# scripts/test.sh reuses), verify every render against Goldens/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
scripts/build-testable.sh 2>&1 | tail -n 1
exec .build/release/evidence verify "$@"
