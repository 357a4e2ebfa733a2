#!/bin/sh
# Writes the baselines the CI job compares with, from a run of today's server: run it once (and again whenever a
# problem is fixed or accepted), read what it accepted, give each entry a reason, and commit .mcpscope/.
# MCP_SERVER, MCP_HTTP_SERVER and MCP_URL as in the workflow.
set -e
mkdir -p .mcpscope
npx mcpscope check --lanes 4 --baseline .mcpscope/check-stdio.json --update-baseline -- $MCP_SERVER
$MCP_HTTP_SERVER > mcp-server.log 2>&1 &
trap 'kill $!' EXIT
timeout 30 sh -c 'until curl -s -o /dev/null "$0"; do sleep 0.5; done' "$MCP_URL"
npx mcpscope check --lanes 4 --baseline .mcpscope/check-http.json --update-baseline --url "$MCP_URL"
