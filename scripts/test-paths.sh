#!/usr/bin/env bash
# Model-based path tests (docs/testing.md): `npm run test:paths -- [flow...]`.
# 1. Generates the covering paths of the named flows (all flows when none is named) in both step orders
#    and prints the coverage report; stops with exit 1 below 100 % transition coverage.
# 2. Runs every generated path as a Playwright test against the app built in both orders.
# Extra Playwright options go after `--`: npm run test:paths -- default -- --project model-paths
set -uo pipefail
cd "$(dirname "$0")/.."

flows=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do flows+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift

npx tsx tests/model/print-path-coverage.ts "${flows[@]}" || exit $?

projects=(--project model-paths --project model-paths-listing)
for arg in "$@"; do [ "$arg" = "--project" ] || [[ "$arg" == --project=* ]] && projects=(); done
PATH_FLOWS="$(IFS=,; echo "${flows[*]}")" exec npx playwright test "${projects[@]}" "$@"
