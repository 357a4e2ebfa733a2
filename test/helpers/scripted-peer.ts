// A server as a function from request to answer, behind the real client engine: each check's unit test runs the
// check against a well-behaved script and against the same script with one answer broken. Frames are recorded as
// a scratch connection records them, so the linter and the frame references work as in a real run.
import { ClientEngine } from '../../shared/engine/index.js';
import type { ScratchConnection } from '../../shared/check/index.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { messageFrame, now } from '../../server/frame-factory.js';

/** The answer to one request: a result, a JSON-RPC error, or nothing at all. */
export type Answer = { result: unknown } | { error: { code: number; message: string } } | 'silence';
export type Script = Record<string, (params: Record<string, unknown>) => Answer>;

const READ_ONLY = { readOnlyHint: true };

/** A server that does everything right: the base each failing test breaks in one place. */
export function goodServer(): Script {
  const tools = [
    { name: 'add', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number', default: 2 } }, required: ['a', 'b'] }, outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'] }, annotations: READ_ONLY },
    { name: 'wipe', inputSchema: { type: 'object' }, annotations: { destructiveHint: true } },
  ];
  return {
    initialize: (p) => ({ result: { protocolVersion: ['2025-06-18', '2025-11-25'].includes(String(p.protocolVersion)) ? p.protocolVersion : '2025-11-25', capabilities: { tools: {}, resources: { subscribe: true }, prompts: {}, logging: {}, completions: {} }, serverInfo: { name: 'scripted', version: '1' } } }),
    ping: () => ({ result: {} }),
    'tools/list': (p) => ({ result: p.cursor === undefined ? { tools: [tools[0]], nextCursor: 'page2' } : { tools: [tools[1]] } }),
    'tools/call': (p) => {
      if (p.name === 'wipe') throw new Error('a destructive tool was called');
      if (p.name !== 'add') return { error: { code: -32602, message: `Unknown tool: ${String(p.name)}` } };
      const args = p.arguments as { a: number; b: number };
      return { result: { content: [{ type: 'text', text: String(args.a + args.b) }], structuredContent: { sum: args.a + args.b } } };
    },
    'resources/list': () => ({ result: { resources: [{ uri: 'file:///a.txt', name: 'a' }] } }),
    'resources/templates/list': () => ({ result: { resourceTemplates: [] } }),
    'resources/read': (p) => ({ result: { contents: [{ uri: p.uri, text: 'A' }] } }),
    'resources/subscribe': () => ({ result: {} }),
    'resources/unsubscribe': () => ({ result: {} }),
    'prompts/list': () => ({ result: { prompts: [{ name: 'greet', arguments: [{ name: 'who', required: true }] }] } }),
    'prompts/get': (p) => ((p.arguments as Record<string, unknown>)?.who === 'world' ? { result: { messages: [{ role: 'user', content: { type: 'text', text: 'hi world' } }] } } : { error: { code: -32602, message: 'who?' } }),
    'completion/complete': () => ({ result: { completion: { values: ['world'] } } }),
    'logging/setLevel': () => ({ result: {} }),
  };
}

/** A connection to `script`: every request answered on the next tick, unknown methods with -32601. */
export function scriptedConnection(name: string, script: Script): ScratchConnection {
  const frames: FrameRecord[] = [];
  const record = (dir: 'in' | 'out', text: string) => frames.push({ seq: frames.length + 1, ts: now(), ...messageFrame(dir, Buffer.from(text), dir === 'out' ? 'check' : undefined) });
  const engine: ClientEngine = new ClientEngine({
    timeoutMs: 300,
    serverRequests: 'answer',
    send: (text) => {
      record('out', text);
      const m = JSON.parse(text) as { id?: number; method?: string; params?: Record<string, unknown> };
      if (m.id === undefined || m.method === undefined) return;
      const handler = script[m.method];
      const answer: Answer = handler ? handler(m.params ?? {}) : { error: { code: -32601, message: `Method not found: ${m.method}` } };
      if (answer === 'silence') return;
      const reply = JSON.stringify({ jsonrpc: '2.0', id: m.id, ...answer });
      setTimeout(() => {
        record('in', reply);
        engine.receive(reply);
      }, 0);
    },
  });
  return { name, engine, frames, close: async () => engine.close('done') };
}
