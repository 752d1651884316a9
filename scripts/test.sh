#!/usr/bin/env bash
# Set-up command 2: install what is missing, then run the whole Swift test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
exec swift test "$@"
