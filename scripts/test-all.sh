#!/usr/bin/env bash
# Every test of the project, as CI runs it on a clean clone: installs what is missing (npm packages,
# Debian's chromium), then type-checks, lints, checks the flows, runs unit and server contract tests (vitest),
# builds, and runs the browser tests (Playwright). Every stage runs even when an earlier one failed, so
# one CI log shows all failures; the exit code is non-zero if any stage failed.
set -uo pipefail
cd "$(dirname "$0")/.."

export CI="${CI:-true}"
# The server contract tests run on PGlite and on PostgreSQL; in CI a PostgreSQL half that cannot run
# fails instead of skipping (tests/server/support/postgres-cluster.ts).
export REQUIRE_POSTGRES="${REQUIRE_POSTGRES:-1}"

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "== installing npm packages"
  npm ci --no-audit --no-fund || exit 1
fi
# The browser tests run Debian's chromium-headless-shell (tests/support/debian-chromium.ts).
if [ ! -x "${CHROMIUM_HEADLESS_PATH:-/usr/bin/chromium-headless-shell}" ]; then
  echo "== installing Debian chromium-headless-shell for the browser tests"
  as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null || exit 1
fi

has_initdb() { command -v initdb >/dev/null || compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; }
if ! has_initdb; then
  echo "== installing Debian postgresql for the PostgreSQL half of the server contract tests"
  as_root apt-get update -qq && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null || exit 1
fi

# Every stage runs on a supported Node: the machine's if it is 22 or 24, otherwise Node 24 from the npm
# registry (scripts/supported-node.sh). Proving the suite on Node 20 (end of life) would prove nothing a
# user of the product runs; the machine's Node still gets the start command's smoke (last stage).
. scripts/supported-node.sh || exit 1
. scripts/node-websocket-flag.sh
echo "== Node $(node --version) ($(command -v node)) for every stage; the machine's: $("$MACHINE_NODE" --version)"

failed=()
times=()
stage() {
  local name=$1; shift
  echo
  echo "== $name: $*"
  local started=$SECONDS
  if "$@"; then
    echo "== $name: passed ($((SECONDS - started)) s)"
  else
    echo "== $name: FAILED ($((SECONDS - started)) s)"
    failed+=("$name")
  fi
  times+=("$name $((SECONDS - started)) s")
}

stage typecheck npx tsc -p tsconfig.json --noEmit
# typescript-eslint strict (type-aware), React's hook rules, the layer rules and no import cycles: eslint.config.js.
stage lint npm run --silent lint
stage flows npm run --silent flows -- check
stage unit npx vitest run
# The Edge Functions under the real Deno runtime, behind the stack as behind Supabase's gateway.
stage deno bash scripts/test-deno-functions.sh
stage paths-coverage npm run --silent paths:coverage
stage build npm run --silent build
build_ok=$([ ${#failed[@]} -gt 0 ] && [ "${failed[-1]}" = build ] && echo no || echo yes)
# All Playwright projects: funnel, sign-up and account e2e, both step orders, the model-based paths
# and the accessibility checks.
# The configured order's servers serve that build (one production build, not two); without a good
# build, Playwright makes its own.
if [ "$build_ok" = yes ]; then export E2E_DIST_DIR="$PWD/dist"; fi
stage e2e npx playwright test
stage storybook npm run --silent test:storybook
# Node 24 LTS as well when the stages ran on Node 22: the unit stage and the start command's smoke.
if [ "$SUITE_NODE_MAJOR" != 24 ]; then stage node24 bash scripts/test-node24.sh; fi
# The machine's own Node when the stages ran on another one: `npm start` must still work with it.
if [ "$("$MACHINE_NODE" --version)" != "$(node --version)" ]; then
  stage machine-node bash -c 'PATH="$(dirname "$MACHINE_NODE"):$PATH" && . scripts/node-websocket-flag.sh && node scripts/smoke-start.mjs'
fi

echo
echo "== stage times (load average at the end: $(cut -d' ' -f1-3 /proc/loadavg))"
printf '   %s\n' "${times[@]}"
echo "   total $SECONDS s"
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED stages: ${failed[*]}"
  exit 1
fi
echo "All test stages passed."
