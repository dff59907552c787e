#!/usr/bin/env bash
# npm run bench:smoke — every `npm run bench:*` script once, in its smallest mode, so a benchmark
# that no longer runs fails CI (.ci/run calls this after npm test) instead of rotting. The figures
# they print here mean nothing (one repetition, a loaded machine); only that each runs to the end.
# Needs `npm run build` (bench:matrix runs the built CLI) and, for bench:promql's ratio, the
# Prometheus that scripts/install-prometheus.sh installs (without it, it reports ours only).
set -uo pipefail
cd "$(dirname "$0")/.."
failed=()
smoke() {
  local name=$1
  shift
  local start=$(date +%s)
  if npm run --silent "bench:$name" -- "$@" > "${TMPDIR:-/tmp}/rematch-smoke-$name.log" 2>&1; then
    echo "bench:$name ok ($(($(date +%s) - start)) s)"
  else
    echo "bench:$name FAILED ($(($(date +%s) - start)) s); its output:"
    tail -n 40 "${TMPDIR:-/tmp}/rematch-smoke-$name.log"
    failed+=("$name")
  fi
}
smoke harness --runs 1 --reps 1 --golden checkout-db-pool --seat sim-diligent-react
smoke heavy --seconds 1
smoke http --reps 1
smoke logql --reps 1
REPS=1 smoke promql --scales 1,10
smoke regex --reps 1
smoke soak --requests 2000
smoke world --builds 1 --reps 1
smoke matrix --reps 1 --runs 1
smoke history --runs 1 --reps 1
if [ ${#failed[@]} -gt 0 ]; then
  echo "benchmarks that no longer run: ${failed[*]}"
  exit 1
fi
