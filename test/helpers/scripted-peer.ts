// A server as a function from request to answer, behind the real client engine: each check's unit test runs the
// check against a well-behaved script and against the same script with one answer broken. Frames are recorded as
// a scratch connection records them, so the linter and the frame references work as in a real run.
import { ClientEngine } from '../../shared/engine/index.js';
import type { ScratchConnection } from '../../shared/check/index.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { messageFrame } from '../../server/core/frame-factory.js';
import { now } from '../../server/store/clock.js';

/** The answer to one request: a result, a JSON-RPC error, or nothing at all. */
type Answer = { result: unknown } | { error: { code: number; message: string } } | 'silence';
/** What a handler may do besides answering: notify the client while it works, and see whether it was cancelled. */
interface Peer {
  notify(method: string, params: Record<string, unknown>): void;
  /** Whether the client sent notifications/cancelled for this request. */
  readonly cancelled: boolean;
}
export type Script = Record<string, (params: Record<string, unknown>, peer: Peer) => Answer | Promise<Answer>>;

const READ_ONLY = { readOnlyHint: true };

/** A server that does everything right: the base each failing test breaks in one place. */
export function goodServer(): Script {
  const tools = [
    {
      name: 'add',
      inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number', default: 2 } }, required: ['a', 'b'] },
      outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] },
      annotations: READ_ONLY,
    },
    { name: 'wipe', inputSchema: { type: 'object' }, annotations: { destructiveHint: true } },
    {
      name: 'countdown',
      inputSchema: { type: 'object', properties: { steps: { type: 'integer', minimum: 1, default: 3 }, delayMs: { type: 'integer', minimum: 0 } } },
      annotations: READ_ONLY,
    },
  ];
  return {
    initialize: (p) => ({
      result: {
        protocolVersion: ['2025-06-18', '2025-11-25'].includes(String(p.protocolVersion)) ? p.protocolVersion : '2025-11-25',
        capabilities: { tools: {}, resources: { subscribe: true }, prompts: {}, logging: {}, completions: {} },
        serverInfo: { name: 'scripted', version: '1' },
      },
    }),
    ping: () => ({ result: {} }),
    'tools/list': (p) => ({ result: p.cursor === undefined ? { tools: [tools[0]], nextCursor: 'page2' } : { tools: tools.slice(1) } }),
    'tools/call': toolsCall(),
    'resources/list': () => ({ result: { resources: [{ uri: 'file:///a.txt', name: 'a' }] } }),
    'resources/templates/list': () => ({ result: { resourceTemplates: [] } }),
    'resources/read': (p) => ({ result: { contents: [{ uri: p.uri, text: 'A' }] } }),
    'resources/subscribe': () => ({ result: {} }),
    'resources/unsubscribe': () => ({ result: {} }),
    'prompts/list': () => ({ result: { prompts: [{ name: 'greet', arguments: [{ name: 'who', required: true }] }] } }),
    'prompts/get': (p) =>
      (p.arguments as Record<string, unknown>)?.who === 'world'
        ? { result: { messages: [{ role: 'user', content: { type: 'text', text: 'hi world' } }] } }
        : { error: { code: -32602, message: 'who?' } },
    'completion/complete': () => ({ result: { completion: { values: ['world'] } } }),
    'logging/setLevel': () => ({ result: {} }),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

/** How the countdown tool misbehaves, one way at a time. */
export interface CountdownFaults {
  decreasing?: boolean;
  progressAfterResponse?: boolean;
  answersCancelled?: boolean;
  /** Goes on counting (with progress) after it was cancelled, though it never answers. */
  keepsWorking?: boolean;
}

/** tools/call of the good server: add, and countdown (progress each 5 ms tick, stops when cancelled) unless `faults` break it. */
export function toolsCall(faults: CountdownFaults = {}): Script[string] {
  return async (p, peer) => {
    if (p.name === 'wipe') throw new Error('a destructive tool was called');
    if (p.name === 'countdown') {
      const steps = Number((p.arguments as { steps?: number }).steps ?? 3);
      const token = (p._meta as { progressToken?: unknown } | undefined)?.progressToken as string | number | undefined;
      const progress = (i: number) =>
        token !== undefined && peer.notify('notifications/progress', { progressToken: token, progress: faults.decreasing ? steps - i : i, total: steps });
      for (let i = 1; i <= steps; i++) {
        await tick();
        if (peer.cancelled && !faults.answersCancelled && !faults.keepsWorking) return 'silence';
        progress(i);
      }
      if (peer.cancelled && faults.keepsWorking) return 'silence';
      if (faults.progressAfterResponse) setTimeout(() => progress(steps + 1), 10);
      return { result: { content: [{ type: 'text', text: 'done' }] } };
    }
    if (p.name !== 'add') return { error: { code: -32602, message: `Unknown tool: ${String(p.name)}` } };
    const args = p.arguments as { a: number; b: number };
    return { result: { content: [{ type: 'text', text: String(args.a + args.b) }], structuredContent: { sum: args.a + args.b } } };
  };
}

/** A connection to `script`: every request answered on the next tick, unknown methods with -32601. */
export function scriptedConnection(name: string, script: Script): ScratchConnection {
  const frames: FrameRecord[] = [];
  const listeners = new Set<(f: FrameRecord) => void>();
  const cancelled = new Set<unknown>();
  const record = (dir: 'in' | 'out', text: string) => {
    const frame: FrameRecord = { seq: frames.length + 1, ts: now(), ...messageFrame(dir, Buffer.from(text), dir === 'out' ? 'check' : undefined) };
    frames.push(frame);
    for (const l of listeners) l(frame);
  };
  const deliver = (text: string) => {
    record('in', text);
    engine.receive(text);
  };
  const engine: ClientEngine = new ClientEngine({
    timeoutMs: 300,
    serverRequests: 'answer',
    send: (text) => {
      record('out', text);
      const m = JSON.parse(text) as { id?: number; method?: string; params?: Record<string, unknown> };
      if (m.method === 'notifications/cancelled') cancelled.add(m.params?.requestId);
      if (m.id === undefined || m.method === undefined) return;
      const id = m.id;
      const handler = script[m.method];
      const peer: Peer = {
        notify: (method, params) => deliver(JSON.stringify({ jsonrpc: '2.0', method, params })),
        get cancelled() {
          return cancelled.has(id);
        },
      };
      const answered = handler ? handler(m.params ?? {}, peer) : { error: { code: -32601, message: `Method not found: ${m.method}` } };
      void Promise.resolve(answered).then((answer) => {
        if (answer !== 'silence') setTimeout(() => deliver(JSON.stringify({ jsonrpc: '2.0', id, ...answer })), 0);
      });
    },
  });
  const onFrame = (l: (f: FrameRecord) => void) => {
    listeners.add(l);
    return () => void listeners.delete(l);
  };
  return { name, engine, frames, onFrame, close: async () => engine.close('done') };
}
