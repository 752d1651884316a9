#!/usr/bin/env bash
# Formats the Swift sources in place with `swift format` (it ships with the toolchain) and the
# repository's .swift-format (lines ≤ 120, four-space indents), then lints them: what the
# formatter cannot fix itself (a trailing comment past the width, say) is listed, and the exit is
# 1 until it is fixed by hand. `scripts/format.sh --lint` only lints (CI: .ci/run and the workflow).
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Fuzz/Package.swift Fuzz/Sources)
case "${1:-}" in
  --lint) ;;
  "") swift format format --in-place --recursive --parallel "${paths[@]}" ;;
  *) echo "format.sh: unknown option '$1' (usage: scripts/format.sh [--lint])" >&2; exit 2 ;;
esac
exec swift format lint --strict --recursive --parallel "${paths[@]}"
