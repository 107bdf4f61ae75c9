#!/usr/bin/env bash
# The `node24` stage of npm test: the supported Node 24 LTS as well as the machine's Node. Node 24 comes
# from the npm registry (the `node-linux-<arch>` package that the `node` package installs, without its
# install script) into a scratch folder, node_modules/.cache/node24; then the unit stage runs under it,
# and the start command (scripts/start.mjs: server compile, app build, the stack) serves a page, takes a
# supabase-js sign-up and profile insert, and stops on SIGTERM (scripts/smoke-start.mjs).
set -euo pipefail
cd "$(dirname "$0")/.."
dir=node_modules/.cache/node24
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "no Node 24 package for $(uname -m)" >&2; exit 1 ;;
esac
if [ ! -x "$dir/node_modules/.bin/node" ]; then
  mkdir -p "$dir"
  echo '{ "name": "node24-scratch", "private": true }' > "$dir/package.json"
  npm install --prefix "$dir" --no-audit --no-fund --no-save --loglevel=error "node-linux-$arch@24"
fi
export PATH="$PWD/$dir/node_modules/.bin:$PATH"
echo "Node $(node --version) from $dir"
. scripts/node-websocket-flag.sh
npx vitest run
node scripts/smoke-start.mjs
