#!/usr/bin/env bash
# Installs the Debian packages evidence builds against and the Noto fonts its fallback chain
# names by path (Sources/WidgetRaster/Text/FallbackChain.swift), if any are missing. Idempotent.
set -euo pipefail
packages=(libcairo2-dev libfreetype-dev libharfbuzz-dev libpng-dev libxxhash-dev zlib1g-dev pkg-config libfribidi-dev libxml2-dev
          fonts-noto-color-emoji fonts-noto-cjk fonts-noto-core
          libxml2-utils)  # xmllint: the JUnit schema test (Tests/WidgetRasterTests/Fixtures/junit.xsd)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
command -v swift >/dev/null || { echo "swift is not on PATH (Swift 6 toolchain required)" >&2; exit 2; }
