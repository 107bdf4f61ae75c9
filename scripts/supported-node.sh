# Sourced by the test scripts: puts a supported Node (22 or 24 LTS, package.json `engines`) first on PATH.
# The machine's Node when it is one; otherwise (Node 20, end of life) Node 24 from the npm registry: the
# `node-linux-<arch>` package that the `node` package installs, fetched without its install script into a
# scratch folder, node_modules/.cache/node24. `SUPPORTED_NODE=24` asks for Node 24 whatever the machine has.
# Afterwards MACHINE_NODE is the machine's `node` binary and SUITE_NODE_MAJOR the major on PATH.
supported_node_dir=node_modules/.cache/node24
MACHINE_NODE="$(command -v node)"
machine_major="$("$MACHINE_NODE" -p 'process.versions.node.split(".")[0]')"
if [ "${SUPPORTED_NODE:-}" = 24 ] && [ "$machine_major" != 24 ] || { [ "$machine_major" != 22 ] && [ "$machine_major" != 24 ]; }; then
  case "$(uname -m)" in
    x86_64) supported_node_arch=x64 ;;
    aarch64 | arm64) supported_node_arch=arm64 ;;
    *) echo "no Node 24 package for $(uname -m)" >&2; return 1 ;;
  esac
  if [ ! -x "$supported_node_dir/node_modules/.bin/node" ]; then
    mkdir -p "$supported_node_dir"
    echo '{ "name": "node24-scratch", "private": true }' > "$supported_node_dir/package.json"
    npm install --prefix "$supported_node_dir" --no-audit --no-fund --no-save --loglevel=error "node-linux-$supported_node_arch@24" || return 1
  fi
  export PATH="$PWD/$supported_node_dir/node_modules/.bin:$PATH"
fi
SUITE_NODE_MAJOR="$(node -p 'process.versions.node.split(".")[0]')"
export MACHINE_NODE SUITE_NODE_MAJOR
