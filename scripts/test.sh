#!/usr/bin/env bash
# Set-up command 2: install what is missing (build deps; chromium for the report's browser
# tests), then run the whole Swift test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
scripts/ensure-browser.sh
exec swift test "$@"
