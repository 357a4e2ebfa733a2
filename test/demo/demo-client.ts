// Test helper: starts the compiled demo server as a child process and connects the SDK client to it over stdio.
import { existsSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { DEMO_SERVER } from '../helpers/relay-process.js';

/** The demo server the relay's --demo starts: its bundle, dist/bundle/demo-server.js. */
export const DEMO_SERVER_PATH = DEMO_SERVER;

export interface DemoConnection {
  client: Client;
  stderr: () => string;
  // Every message the server sent, in arrival order, before the SDK client's own (partly deferred) dispatch.
  wire: JSONRPCMessage[];
  // Errors the client transport or protocol reported, e.g. a non-JSON line on stdout.
  errors: Error[];
}

export function assertDemoBuilt(): void {
  if (!existsSync(DEMO_SERVER_PATH)) {
    throw new Error(`${DEMO_SERVER_PATH} is missing: build it first with "npm run build:server".`);
  }
}

export async function connectDemo(): Promise<DemoConnection> {
  assertDemoBuilt();
  const transport = new StdioClientTransport({ command: process.execPath, args: [DEMO_SERVER_PATH], stderr: 'pipe' });
  let stderrText = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderrText += chunk.toString('utf8');
  });
  const client = new Client({ name: 'mcpscope-demo-test', version: '0.0.0' });
  const errors: Error[] = [];
  client.onerror = (error) => errors.push(error);
  const wire: JSONRPCMessage[] = [];
  // Protocol.connect keeps a handler set beforehand and calls it first, which makes this a faithful tap.
  transport.onmessage = (message) => void wire.push(message);
  await client.connect(transport);
  return { client, stderr: () => stderrText, wire, errors };
}

export async function waitFor(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
