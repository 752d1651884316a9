#!/usr/bin/env bash
# Runs one evidence command inside the image the goldens were recorded in (Goldens/manifest.json's
# environment.image: an official Swift image on Debian 12, pinned by tag and digest), with docker or
# podman, the checkout mounted at /work — so `scripts/in-container.sh record` on a Mac or any Linux
# writes the bytes CI writes. In the container: scripts/ensure-deps.sh --runtime, a release build in
# .build/in-container (apart from the host's .build), then the command. Always linux/amd64, as CI
# runs: an arm64 pixman could round differently.
#   scripts/in-container.sh [--print] COMMAND [ARGS...]   (e.g. record, verify --filter 'ios/*')
#   --print: print the container command instead of running it. CONTAINER_ENGINE=docker|podman chooses.
set -euo pipefail
cd "$(dirname "$0")/.."
print=false
if [ "${1:-}" = "--print" ]; then print=true; shift; fi
if [ $# -eq 0 ] || [ "$1" = "-h" ] || [ "$1" = "--help" ]; then
  sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'
  [ $# -gt 0 ] && exit 0 || exit 2
fi
manifest=Goldens/manifest.json
[ -f "$manifest" ] || { echo "in-container.sh: $PWD/$manifest is missing; run it in the checkout" >&2; exit 2; }
image=$(sed -n '/^ *"image" *:/{s/^ *"image" *: *"\([^"]*\)".*/\1/p;q;}' "$manifest")
[ -n "$image" ] || { echo "in-container.sh: $manifest names no environment.image; record once with a current evidence" >&2; exit 2; }
case "$image" in
  *@sha256:*) ;;
  *) echo "in-container.sh: $manifest's image '$image' is not pinned by digest (NAME:TAG@sha256:...)" >&2; exit 2 ;;
esac
engine=${CONTAINER_ENGINE:-}
if [ -z "$engine" ]; then
  if command -v docker >/dev/null 2>&1; then engine=docker
  elif command -v podman >/dev/null 2>&1; then engine=podman
  elif $print; then engine=docker
  else
    echo "in-container.sh: neither docker nor podman is on PATH; install one, or record in CI (the workflow's 'record' job, workflow_dispatch)" >&2
    exit 2
  fi
fi
case "$engine" in docker|podman) ;; *) echo "in-container.sh: CONTAINER_ENGINE '$engine': docker or podman" >&2; exit 2 ;; esac
# Runs as root in the container (apt), then hands what it wrote back to the caller's uid; expanded
# there, not here.
# shellcheck disable=SC2016
inner='set -euo pipefail
scripts/ensure-deps.sh --runtime >&2
scripts/build-release.sh --scratch-path .build/in-container >&2
status=0
.build/in-container/release/evidence "$@" || status=$?
chown -R "$HOST_UID:$HOST_GID" Goldens Cases .build/in-container 2>/dev/null || true
exit "$status"'
command=("$engine" run --rm --platform linux/amd64 -v "$PWD:/work" -w /work
         -e "HOST_UID=$(id -u)" -e "HOST_GID=$(id -g)" "$image" bash -c "$inner" in-container "$@")
if $print; then
  printf '%q ' "${command[@]}"
  printf '\n'
  exit 0
fi
exec "${command[@]}"
