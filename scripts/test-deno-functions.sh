#!/usr/bin/env bash
# The `deno` stage of npm test: the Edge Functions as Supabase runs them. Every supabase/functions/<name>/
# index.ts is type-checked by `deno check` and served by Deno.serve (scripts/serve-edge-functions.ts,
# the `deno` npm package's binary, npm packages from the npm registry into node_modules/.cache/deno),
# behind the local stack's gateway (FUNCTIONS_URL), against its database, auth, Stripe and RevenueCat
# emulators; the suites call them over HTTP with users' JWTs (supabase-js), as the app does.
set -euo pipefail
cd "$(dirname "$0")/.."
export FUNCTIONS_RUNTIME=deno
. scripts/node-websocket-flag.sh
# The webhook endpoint's restart test (tests/server/stripe-webhook-endpoint-restart.test.ts) is about the
# stack's endpoint registration, not the function: it stays in the unit stage, and this stage keeps under
# two minutes.
exec npx vitest run tests/deno \
  tests/server/payment-functions.test.ts \
  tests/server/function-caller-lookup.test.ts \
  tests/server/help-centre-functions.test.ts \
  tests/server/stripe-webhook-function.test.ts \
  tests/server/meta-tracking.test.ts
