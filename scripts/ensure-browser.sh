#!/usr/bin/env bash
# Installs Debian's chromium for the browser tests of the HTML report and gallery, if missing.
# Fast when already installed. A machine where it cannot be installed still runs the suite: the
# browser tests then report themselves skipped with the reason, never passed.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
have=""
for b in chromium chromium-browser; do command -v "$b" >/dev/null && have=1; done
if [ -z "$have" ]; then
  echo "installing: chromium (headless browser tests)" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  if ! { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null; }; then
    echo "warning: could not install chromium; the browser tests will be skipped" >&2
  fi
fi
# axe-core for the accessibility test: npm's registry is not reachable, but PyPI's
# axe-selenium-python 2.1.6 wheel vendors axe-core's axe.min.js. Unpacked to .build/browser/.
axe=.build/browser/axe.min.js
if [ ! -s "$axe" ]; then
  tmp=$(mktemp -d)
  if python3 -m pip download --quiet --no-deps --only-binary=:all: --python-version 3.12 -d "$tmp" axe-selenium-python==2.1.6 >/dev/null 2>&1 \
     && mkdir -p .build/browser \
     && python3 -c 'import sys, zipfile, glob; z = zipfile.ZipFile(glob.glob(sys.argv[1] + "/*.whl")[0]); open(sys.argv[2], "wb").write(z.read("axe_selenium_python/node_modules/axe-core/axe.min.js"))' "$tmp" "$axe"; then
    :
  else
    echo "warning: could not fetch axe-core (PyPI axe-selenium-python); the axe test will be skipped" >&2
  fi
  rm -rf "$tmp"
fi
exit 0
