#!/usr/bin/env bash
# Formats the Swift sources in place with `swift format` (it ships with the toolchain) and the
# repository's .swift-format (lines ≤ 120, four-space indents), then lints them: what the
# formatter cannot fix itself (a trailing comment past the width, say) is listed, and the exit is
# 1 until it is fixed by hand. swift format never breaks a string literal or a comment, so a line
# still over the width (.swift-format's lineLength, in characters) is listed too, as file:line:column,
# and fails the lint the same way: split the literal (`+`, or `\` inside a """ literal) or the comment.
# `scripts/format.sh --lint` only lints (CI: .ci/run and the workflow).
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Fuzz/Package.swift Fuzz/Sources)
case "${1:-}" in
  --lint) ;;
  "") swift format format --in-place --recursive --parallel "${paths[@]}" ;;
  *) echo "format.sh: unknown option '$1' (usage: scripts/format.sh [--lint])" >&2; exit 2 ;;
esac
status=0
swift format lint --strict --recursive --parallel "${paths[@]}" || status=1
export LC_ALL=C.UTF-8  # characters, not bytes, in grep's `.` and in ${#text}
width=$(sed -n 's/^ *"lineLength": *\([0-9][0-9]*\).*/\1/p' .swift-format)
[[ -n "$width" ]] || { echo "format.sh: .swift-format has no lineLength" >&2; exit 2; }
while IFS= read -r hit; do
  file=${hit%%:*} rest=${hit#*:}
  line=${rest%%:*} text=${rest#*:}
  echo "$file:$line:$((width + 1)): error: [LineWidth] ${#text} characters; at most $width (split the literal or comment)"
  status=1
done < <(grep -rnP --include='*.swift' "^.{$((width + 1)),}" "${paths[@]}" || true)
exit "$status"
