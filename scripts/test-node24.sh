#!/usr/bin/env bash
# `npm run test:node24`, and the `node24` stage of npm test on a machine whose Node is 22: the unit stage
# and the start command's smoke (scripts/smoke-start.mjs: server compile, app build, the stack serves a
# page, takes a supabase-js sign-up and profile insert, and stops on SIGTERM) under Node 24 LTS, fetched
# from the npm registry by scripts/supported-node.sh when the machine has another Node.
set -euo pipefail
cd "$(dirname "$0")/.."
SUPPORTED_NODE=24 . scripts/supported-node.sh
echo "Node $(node --version)"
. scripts/node-websocket-flag.sh
npx vitest run
node scripts/smoke-start.mjs
