#!/usr/bin/env bash
# Runs a command with a chosen supported Node.js major (22, 24, 26), fetched from the npm
# registry's node-<os>-<arch> package into the user's cache the first time (run-node.mjs does
# the fetching; `npm start` and `npm test` use it on their own, on any Node).
#
#   scripts/node.sh 24 npm test           # run a command with Node 24 first on PATH
#   eval "$(scripts/node.sh 24)"          # or put Node 24 on this shell's PATH
#   scripts/node.sh --default             # the major CI runs the whole suite on
#
# Node goes to $RETURNS_NODE_HOME/<major> (default ~/.cache/returns-console/node/<major>),
# once; later runs reuse it. npm_config_nodedir points at its headers, so native dev
# tools build against the Node that runs them.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
command -v node >/dev/null || { echo "scripts/node.sh: a node (any version) and npm are needed to fetch a supported Node from the npm registry." >&2; exit 1; }
run_node() { node "$here/run-node.mjs" "$@"; }

usage() {
  echo "usage: scripts/node.sh MAJOR [COMMAND...]   (MAJOR: $(run_node --supported))" >&2
  exit 2
}

[ $# -ge 1 ] || usage
case "$1" in
  --default) run_node --default; exit 0 ;;
  --supported) run_node --supported; exit 0 ;;
  -h|--help) usage ;;
esac
major=$1
shift
dir=$(run_node --install "$major")

if [ $# -eq 0 ]; then
  printf 'export PATH=%q:"$PATH"\nexport npm_config_nodedir=%q\n' "$dir/bin" "$dir"
  exit 0
fi
export PATH="$dir/bin:$PATH"
export npm_config_nodedir="$dir"
exec "$@"
