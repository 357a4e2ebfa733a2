// Fault presets about the MCP session and about batches: misplaced methods, stray responses, batch edge cases.
import type { FaultPreset, SlowTool } from './fault-types.js';

const initialize = (id: number, protocolVersion: string) =>
  `{"jsonrpc":"2.0","id":${id},"method":"initialize","params":{"protocolVersion":"${protocolVersion}","capabilities":{},"clientInfo":{"name":"mcpscope-fault-lab","version":"0"}}}`;
const cancel = (requestId: number) => `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":${requestId},"reason":"mcpscope fault lab"}}`;
// Far above any id the engine hands out, so these name requests that were certainly never sent.
const NEVER_SENT = 987_654_321;

/** Slow tools of the servers we test against, with arguments that keep them busy about a second. */
const SLOW_TOOLS: readonly SlowTool[] = [
  { name: 'slow_count', arguments: { steps: 3, delayMs: 400 } },
  { name: 'trigger-long-running-operation', arguments: { duration: 1, steps: 2 } },
  { name: 'longRunningOperation', arguments: { duration: 1, steps: 2 } },
];

/** The first known slow tool among the server's tools, or null. */
export function pickSlowTool(toolNames: readonly string[]): SlowTool | null {
  return SLOW_TOOLS.find((t) => toolNames.includes(t.name)) ?? null;
}

/** What the batch presets owe outside 2025-03-26, the only version whose servers MUST receive batches. */
const NO_BATCHES = 'other versions have no batches: a rejection or silence is fine';

const SECOND_INIT_NOTE =
  'The spec makes initialize the first interaction of a session and is silent on a second one: an error and a fresh result are both allowed.';

export const SESSION_PRESETS: FaultPreset[] = [
  {
    id: 'notification-with-id',
    title: 'Notification method with an id',
    group: 'session',
    transport: 'any',
    spec: 'with an id it is a request; no such request exists: -32601 (or -32600)',
    expect: { kind: 'error', codes: [-32601, -32600] },
    build: ({ id }) => ({ text: `{"jsonrpc":"2.0","id":${id},"method":"notifications/initialized"}` }),
  },
  {
    id: 'before-initialize',
    title: 'Request before initialize',
    group: 'session',
    transport: 'any',
    freshSession: true,
    spec: 'clients should not do this; a server answers (a result or an error), never hangs',
    expect: { kind: 'answer' },
    build: ({ id }) => ({ text: `{"jsonrpc":"2.0","id":${id},"method":"tools/list"}` }),
  },
  {
    id: 'second-initialize',
    title: 'Second initialize',
    group: 'session',
    transport: 'any',
    spec: 'the spec describes one initialize per session and is silent on a second: an error or a result, never silence',
    expect: { kind: 'answer', note: SECOND_INIT_NOTE },
    build: ({ id, protocolVersion }) => ({ text: initialize(id, protocolVersion) }),
  },
  {
    id: 'duplicate-id',
    title: 'Duplicate id in flight',
    group: 'session',
    transport: 'any',
    spec: 'an id MUST NOT be reused while in flight (a client fault); the spec is silent on what the server owes: both answered is kindest',
    expect: { kind: 'duplicate' },
    // The slow call takes about a second; both answers are owed before the verdict.
    minWaitMs: 6000,
    lead: ({ id, slowTool }) =>
      JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: slowTool?.name ?? 'slow', arguments: slowTool?.arguments ?? {} } }),
    build: ({ id }) => ({ text: `{"jsonrpc":"2.0","id":${id},"method":"ping"}` }),
  },
  {
    id: 'unknown-method',
    title: 'Unknown method',
    group: 'session',
    transport: 'any',
    spec: '-32601 method not found',
    expect: { kind: 'error', codes: [-32601] },
    build: ({ id }) => ({ text: `{"jsonrpc":"2.0","id":${id},"method":"mcpscope/no-such-method"}` }),
  },
  {
    id: 'rpc-method',
    title: 'rpc. method',
    group: 'session',
    transport: 'any',
    spec: 'rpc.* is reserved by JSON-RPC; unimplemented: -32601',
    expect: { kind: 'error', codes: [-32601] },
    build: ({ id }) => ({ text: `{"jsonrpc":"2.0","id":${id},"method":"rpc.discover"}` }),
  },
  {
    id: 'unsolicited-response',
    title: 'Response to a request never sent',
    group: 'session',
    transport: 'any',
    spec: 'JSON-RPC answers requests, not responses: nothing is expected back (the spec is silent on a reply)',
    expect: { kind: 'silence', replySilent: 'JSON-RPC owes replies to requests only and the spec is silent on answering a stray response.' },
    build: () => ({ text: `{"jsonrpc":"2.0","id":${NEVER_SENT},"result":{}}` }),
  },
  {
    id: 'cancel-unknown',
    title: 'Cancel an unknown request',
    group: 'session',
    transport: 'any',
    spec: 'a receiver MAY ignore a cancel for an unknown request, and MUST NOT answer a notification: nothing comes back',
    expect: { kind: 'silence' },
    build: () => ({ text: cancel(NEVER_SENT) }),
  },
  {
    id: 'batch-empty',
    title: 'Empty batch',
    group: 'batch',
    transport: 'any',
    spec: `2025-03-26: one -32600 response with id null, not an array; ${NO_BATCHES}`,
    expect: { kind: 'batch' },
    build: () => ({ text: '[]' }),
  },
  {
    id: 'batch-notifications',
    title: 'All-notification batch',
    group: 'batch',
    transport: 'any',
    spec: `2025-03-26: no reply at all (not []); ${NO_BATCHES}`,
    expect: { kind: 'batch' },
    build: () => ({ text: `[${cancel(NEVER_SENT + 1)},${cancel(NEVER_SENT + 2)}]` }),
  },
  {
    id: 'batch-one-invalid',
    title: 'Batch with one invalid element',
    group: 'batch',
    transport: 'any',
    spec: `2025-03-26: one array, the ping answered, -32600 with id null for the invalid element; ${NO_BATCHES}`,
    expect: { kind: 'batch' },
    build: ({ id }) => ({ text: `[{"jsonrpc":"2.0","id":${id},"method":"ping"},1]` }),
  },
  {
    id: 'batch-initialize',
    title: 'Batch containing initialize',
    group: 'batch',
    transport: 'any',
    spec: `2025-03-26: initialize MUST NOT be in a batch, so an error for it and the ping answered; ${NO_BATCHES}`,
    expect: { kind: 'batch' },
    build: ({ id, protocolVersion }) => ({ text: `[${initialize(id, protocolVersion)},{"jsonrpc":"2.0","id":${id + 1},"method":"ping"}]` }),
  },
];
