#!/usr/bin/env bash
# Installs evidence into a prefix: PREFIX/bin/evidence (the release build; the bundled fonts are
# compiled into it), PREFIX/share/evidence/Tokens (the default token files, used for a project
# that has none of its own) and the fonts' licences in PREFIX/share/doc/evidence. The binary finds
# the project it checks from the working folder (evidence.json or Goldens/), never this clone.
#   scripts/install.sh --prefix DIR [--no-build]
set -euo pipefail
# A relative --prefix names a folder below the caller's working folder, not below this clone.
caller="$PWD"
cd "$(dirname "$0")/.."
prefix="" build=true
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }; prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --no-build) build=false; shift ;;
    -h|--help) sed -n '2,6p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown option '$1' (usage: scripts/install.sh --prefix DIR [--no-build])" >&2; exit 2 ;;
  esac
done
[ -n "$prefix" ] || { echo "install.sh: --prefix DIR is required" >&2; exit 2; }
case "$prefix" in /*) ;; *) prefix="$caller/$prefix" ;; esac
if $build; then scripts/build-release.sh 2>&1 | tail -n 1; fi
bin=.build/static/release/evidence
[ -x "$bin" ] || { echo "install.sh: $bin is missing; build it (scripts/build-release.sh)" >&2; exit 2; }
mkdir -p "$prefix/bin" "$prefix/share/evidence" "$prefix/share/doc/evidence"
# Each piece goes in through a temp name and a rename, so a failed copy leaves no half-installed file.
install -m 0755 "$bin" "$prefix/bin/.evidence.tmp-$$" && mv -f "$prefix/bin/.evidence.tmp-$$" "$prefix/bin/evidence"
rm -rf "$prefix/share/evidence/.Tokens.tmp-$$"
cp -R Tokens "$prefix/share/evidence/.Tokens.tmp-$$"
rm -rf "$prefix/share/evidence/Tokens"
mv "$prefix/share/evidence/.Tokens.tmp-$$" "$prefix/share/evidence/Tokens"
cp Fonts/LICENSE-*.txt "$prefix/share/doc/evidence/"
echo "installed $prefix/bin/evidence ($("$prefix/bin/evidence" --version | awk 'NR == 1'))"
