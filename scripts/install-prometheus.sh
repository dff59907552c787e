#!/usr/bin/env bash
# Install Debian's prometheus binaries (prometheus, promtool) into .tmp/prometheus/ without a
# system install: `apt-get download` + `dpkg-deb -x`. Idempotent; prints where the binaries are.
# Used by the differential tests and `promtool query` tests; .ci/run calls it.
set -euo pipefail
cd "$(dirname "$0")/.."
dest="$PWD/.tmp/prometheus"
promtool="$dest/usr/bin/promtool"

if [ -x "$promtool" ]; then
  echo "prometheus already installed: $dest/usr/bin/{prometheus,promtool}"
  exit 0
fi

for tool in apt-get dpkg-deb; do
  command -v "$tool" >/dev/null || { echo "install-prometheus: $tool not found (Debian/Ubuntu only)" >&2; exit 1; }
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
if ! apt-get download prometheus >/dev/null 2>&1; then
  echo "install-prometheus: package not found in the apt lists; running apt-get update" >&2
  if [ "$(id -u)" = 0 ]; then apt-get update -qq; else sudo -n apt-get update -qq; fi
  apt-get download prometheus
fi
deb="$(ls prometheus_*.deb | head -n1)"
mkdir -p "$dest"
dpkg-deb -x "$deb" "$dest"
[ -x "$promtool" ] || { echo "install-prometheus: $deb has no usr/bin/promtool" >&2; exit 1; }
echo "installed $(basename "$deb"): $dest/usr/bin/{prometheus,promtool}"
"$promtool" --version 2>&1 | head -n1
