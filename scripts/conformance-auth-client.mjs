#!/usr/bin/env node
// The client under test for the conformance suite's auth/* scenarios: runs `mcpscope call` against the mock server
// (the URL is the last argument) with the flags each scenario needs, from MCP_CONFORMANCE_SCENARIO and
// MCP_CONFORMANCE_CONTEXT. Until scripts/conformance-client.mjs exists, this is its own scenario → flags table.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, '..', 'bin', 'mcpscope.js');

/** The suite's fixed Client ID Metadata Document URL (the mock accepts it without fetching it). */
const CIMD_URL = 'https://conformance-test.local/client-metadata.json';

/** What every auth scenario runs: a tool call (after tools/list), with OAuth that approves without a person. */
const BASE = ['--auth', 'oauth', '--oauth-open', 'fetch', '--no-token-cache', '--method', 'tools/call', '--params', '{"name":"test-tool","arguments":{}}'];

/** scenario → extra flags; `ctx` is the parsed MCP_CONFORMANCE_CONTEXT. */
export const AUTH_SCENARIO_FLAGS = {
  'auth/basic-cimd': () => ['--client-metadata-url', CIMD_URL],
  'auth/pre-registration': (ctx) => ['--client-id', ctx.client_id, '--client-secret', ctx.client_secret],
  'auth/offline-access-scope': () => ['--client-metadata-url', CIMD_URL],
};

export function authArgs(scenario, ctx, url) {
  const extra = AUTH_SCENARIO_FLAGS[scenario]?.(ctx) ?? [];
  return ['call', '--url', url, ...BASE, ...extra];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.argv.at(-1);
  const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
  const ctx = process.env.MCP_CONFORMANCE_CONTEXT ? JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT) : {};
  const child = spawn(process.env.MCPSCOPE_NODE ?? 'node', [bin, ...authArgs(scenario, ctx, url)], { stdio: 'inherit' });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
