import { describe, expect, it } from 'vitest';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { Linter, RULES, lintFrames, specUrlFor } from '../../../shared/lint/index.js';
import type { FrameRecord } from '../../../shared/relay-protocol.js';
import { frames, handshake, http, j, lint, meta2026, ruleIds, type Pair } from './frames.js';

const ECHO = { name: 'echo', inputSchema: { type: 'object', properties: { message: { type: 'string' } } } };
const WEATHER = {
  name: 'weather',
  inputSchema: { type: 'object' },
  outputSchema: { type: 'object', properties: { temperature: { type: 'number' } }, required: ['temperature'] },
};

describe('a well-behaved session', () => {
  it('yields no findings from initialize through initialized, tools/list and tools/call', () => {
    const pairs: Pair[] = [
      ['relay', '{"event":"spawned","pid":42}'],
      ['stderr', 'demo server starting (this is stderr, not an error)'],
      ...handshake('2025-11-25', { tools: { listChanged: true }, logging: {} }),
      ['out', j({ id: 1, method: 'tools/list' })],
      ['in', j({ id: 1, result: { tools: [ECHO, WEATHER] } })],
      ['out', j({ id: 2, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' }, _meta: { progressToken: 'p' } } })],
      ['in', j({ method: 'notifications/progress', params: { progressToken: 'p', progress: 1, total: 2, message: 'half way' } })],
      ['in', j({ method: 'notifications/message', params: { level: 'info', data: 'echoing' } })],
      ['in', j({ method: 'notifications/progress', params: { progressToken: 'p', progress: 2, total: 2 } })],
      ['in', j({ id: 2, result: { content: [{ type: 'text', text: 'hi' }] } })],
      ['out', j({ id: 3, method: 'tools/call', params: { name: 'weather', arguments: {} } })],
      ['in', j({ id: 3, result: { content: [{ type: 'text', text: '{"temperature":21}' }], structuredContent: { temperature: 21 } } })],
      ['out', j({ id: 4, method: 'tools/call', params: { name: 'weather', arguments: { city: 'Atlantis' } } })],
      ['in', j({ id: 4, result: { content: [{ type: 'text', text: 'No such city' }], isError: true } })],
      ['in', j({ id: 's1', method: 'ping' })],
      ['out', j({ id: 's1', result: {} })],
      ['relay', '{"event":"exited","code":0,"signal":null,"stderrTail":""}'],
    ];
    expect(lint(pairs, { jsonSchemaValidator: new AjvJsonSchemaValidator() })).toEqual([]);
  });

  it('yields no findings for a 2026-07-28 session: discover, tools/list, tools/call', () => {
    const pairs: Pair[] = [
      ['out', j({ id: 1, method: 'server/discover', params: { _meta: meta2026() } })],
      ['in', j({ id: 1, result: { supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, resultType: 'complete', ttlMs: 0, cacheScope: 'public' } })],
      ['out', j({ id: 2, method: 'tools/list', params: { _meta: meta2026() } })],
      ['in', j({ id: 2, result: { tools: [ECHO], resultType: 'complete', ttlMs: 60000, cacheScope: 'public' } })],
      ['out', j({ id: 3, method: 'tools/call', params: { name: 'echo', arguments: {}, _meta: meta2026() } })],
      ['in', j({ id: 3, result: { content: [], structuredContent: [1, 2], resultType: 'complete' } })],
    ];
    expect(lint(pairs)).toEqual([]);
  });

  it('yields no findings when a client probes with server/discover and falls back to initialize', () => {
    const pairs: Pair[] = [
      ['out', j({ id: 'probe', method: 'server/discover', params: { _meta: meta2026() } })],
      ['in', j({ id: 'probe', error: { code: -32601, message: 'Method not found' } })],
      ...handshake('2025-06-18'),
      ['out', j({ id: 1, method: 'tools/list' })],
      ['in', j({ id: 1, result: { tools: [ECHO] } })],
    ];
    expect(lint(pairs, { protocolVersion: '2025-11-25' })).toEqual([]);
  });
});

describe('the Linter', () => {
  it('returns a frame’s findings from its own push and unanswered requests from finish', () => {
    const linter = new Linter({ transport: 'stdio' });
    const [bad, req] = frames([
      ['in', 'Listening on port 3000'],
      ['out', j({ id: 1, method: 'ping' })],
    ]);
    expect(linter.push(bad!).map((f) => f.ruleId)).toEqual(['framing/stdout-noise']);
    expect(linter.push(req!)).toEqual([]);
    expect(linter.finish()).toMatchObject([{ ruleId: 'jsonrpc/unanswered-request', seq: 2 }]);
  });

  it('reports requests pending when the server exits on the request frame, pointing at the exit', () => {
    const f = lint([...handshake(), ['out', j({ id: 1, method: 'tools/list' })], ['relay', '{"event":"exited","code":1,"signal":null,"stderrTail":""}']]);
    expect(f).toMatchObject([{ ruleId: 'jsonrpc/unanswered-request', seq: 4, related: [5] }]);
  });

  it('starts a fresh session after the server is spawned again, so a new initialize is not a second one', () => {
    const f = lint([...handshake(), ['relay', '{"event":"exited","code":0}'], ['relay', '{"event":"spawned","pid":7}'], ...handshake()]);
    expect(ruleIds(f)).toEqual([]);
  });

  it('settles a request whose reply was cut off as oversize, instead of calling it unanswered', () => {
    const f = lint([
      ['out', j({ id: 7, method: 'ping' })],
      ['in', '{"jsonrpc":"2.0","id":7,"result":{"blob":"AAAA', { kind: 'oversize', size: 17_000_000 }],
    ]);
    expect(ruleIds(f)).toEqual(['framing/oversize']);
  });

  it('never reports stderr, however noisy', () => {
    expect(
      lint([
        ['stderr', '{ not json'],
        ['stderr', ''],
        ['stderr', 'Error: boom'],
      ]),
    ).toEqual([]);
  });

  it('follows the version the server negotiated rather than the one offered', () => {
    const pairs: Pair[] = [
      ['out', j({ id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } } })],
      ['in', j({ id: 0, result: { protocolVersion: '2025-03-26', capabilities: {}, serverInfo: { name: 's', version: '1' } } })],
      ['out', j({ method: 'notifications/initialized' })],
      ['out', `[${j({ id: 1, method: 'ping' })}]`],
      ['in', `[${j({ id: 1, result: {} })}]`],
    ];
    const linter = new Linter({ transport: 'stdio', protocolVersion: '2025-11-25' });
    const found = lintFrames(frames(pairs), { transport: 'stdio', protocolVersion: '2025-11-25' });
    for (const f of frames(pairs)) linter.push(f);
    expect(linter.protocolVersion).toBe('2025-03-26');
    expect(linter.era).toBe('legacy');
    expect(found).toEqual([]);
  });

  it('checks structuredContent against outputSchema with an injected validator', () => {
    const session = (structured: unknown): Pair[] => [
      ...handshake(),
      ['out', j({ id: 1, method: 'tools/list' })],
      ['in', j({ id: 1, result: { tools: [WEATHER] } })],
      ['out', j({ id: 2, method: 'tools/call', params: { name: 'weather', arguments: {} } })],
      ['in', j({ id: 2, result: { content: [], structuredContent: structured } })],
    ];
    const options = { jsonSchemaValidator: new AjvJsonSchemaValidator() };
    const bad = lint(session({ temperature: 'warm' }), options);
    expect(bad).toMatchObject([{ ruleId: 'mcp/structured-content-schema', seq: 7, related: [6] }]);
    expect(bad[0]!.message).toContain('temperature');
    expect(lint(session({ temperature: 20 }), options)).toEqual([]);
    expect(lint(session({ temperature: 'warm' }))).toEqual([]);
  });

  it('skips an outputSchema the injected validator cannot compile', () => {
    const broken = {
      getValidator: () => {
        throw new Error('unknown $schema');
      },
    };
    const pairs: Pair[] = [
      ...handshake(),
      ['out', j({ id: 1, method: 'tools/list' })],
      ['in', j({ id: 1, result: { tools: [WEATHER] } })],
      ['out', j({ id: 2, method: 'tools/call', params: { name: 'weather', arguments: {} } })],
      ['in', j({ id: 2, result: { content: [], structuredContent: { temperature: 'x' } } })],
    ];
    expect(lint(pairs, { jsonSchemaValidator: broken })).toEqual([]);
  });

  it('treats -32602 for failed argument validation as the wrong channel from 2025-11-25 only', () => {
    const session = (v: string): Pair[] => [
      ...handshake(v),
      ['out', j({ id: 1, method: 'tools/call', params: { name: 'echo', arguments: { message: 5 } } })],
      ['in', j({ id: 1, error: { code: -32602, message: 'Input validation error: expected string, received number' } })],
      ['out', j({ id: 2, method: 'tools/call', params: { name: 'nope' } })],
      ['in', j({ id: 2, error: { code: -32602, message: 'Tool nope not found' } })],
    ];
    expect(lint(session('2025-11-25'))).toMatchObject([{ ruleId: 'mcp/tool-failure-channel', seq: 5 }]);
    expect(lint(session('2025-06-18'))).toEqual([]);
  });

  it('reports an isError answer to an unknown tool only once the whole tool list is known', () => {
    const session = (nextCursor?: string): Pair[] => [
      ...handshake(),
      ['out', j({ id: 1, method: 'tools/list' })],
      ['in', j({ id: 1, result: { tools: [ECHO], ...(nextCursor ? { nextCursor } : {}) } })],
      ['out', j({ id: 2, method: 'tools/call', params: { name: 'later', arguments: {} } })],
      ['in', j({ id: 2, result: { content: [{ type: 'text', text: 'Tool later not found' }], isError: true } })],
    ];
    expect(ruleIds(lint(session()))).toEqual(['mcp/unknown-tool-as-result']);
    expect(lint(session('page-2'))).toEqual([]);
  });

  it('does not hold a 2026 input_required result to the method schema, but checks the capabilities it asks for', () => {
    const ask = { method: 'elicitation/create', params: { message: 'Which city?', requestedSchema: { type: 'object', properties: {} } } };
    const session = (caps: Record<string, unknown>): Pair[] => [
      ['out', j({ id: 1, method: 'tools/call', params: { name: 'weather', arguments: {}, _meta: meta2026(caps) } })],
      ['in', j({ id: 1, result: { resultType: 'input_required', inputRequests: { city: ask } } })],
    ];
    expect(ruleIds(lint(session({}), { protocolVersion: '2026-07-28' }))).toEqual(['mcp/capability-not-declared']);
    expect(lint(session({ elicitation: {} }), { protocolVersion: '2026-07-28' })).toEqual([]);
  });

  it('forgets finished requests past its history limit, so memory stays bounded', () => {
    const pairs: Pair[] = [];
    for (let id = 1; id <= 5; id++) pairs.push(['out', j({ id, method: 'ping' })], ['in', j({ id, result: {} })]);
    pairs.push(['in', j({ id: 1, result: {} })], ['in', j({ id: 5, result: {} })]);
    expect(ruleIds(lint(pairs, { historyLimit: 2 }))).toEqual(['jsonrpc/unmatched-response', 'jsonrpc/duplicate-response']);
  });

  it('answers to an empty batch with [] are reported as part of the empty-batch rule', () => {
    const f = lint([
      ['out', '[]'],
      ['in', '[]'],
    ]);
    expect(f.map((x) => [x.ruleId, x.seq])).toEqual([
      ['jsonrpc/empty-batch', 1],
      ['jsonrpc/empty-batch', 2],
    ]);
  });

  it('switches to the transport an auto connection settled on', () => {
    const note = j({ method: 'notifications/roots/list_changed' });
    const afterSelecting = (transport: string): Pair[] => [
      ['relay', JSON.stringify({ event: 'transport-selected', transport, reason: 'probe' })],
      http({ body: note, status: 200 }),
    ];
    expect(ruleIds(lint(afterSelecting('http'), { transport: 'http' }))).toEqual(['http/accepted-expected']);
    expect(lint(afterSelecting('sse'), { transport: 'http' })).toEqual([]);
  });

  it('links a rule’s spec section for the negotiated legacy version', () => {
    const ref = RULES['mcp/request-before-initialize'].spec;
    expect(specUrlFor(ref, '2025-03-26')).toBe('https://modelcontextprotocol.io/specification/2025-03-26/basic/lifecycle#initialization');
    expect(specUrlFor(ref, null)).toBe(ref.url);
  });

  it('lints a notification flood in time linear in its length (200,000 frames cost ~10× 20,000, not ~100×)', () => {
    // A ratio within one run, not a wall-clock budget: the machines are shared, and a quadratic pass shows as ~100×.
    const text = j({ method: 'notifications/message', params: { level: 'info', data: 'tick' } });
    const lintFlood = (n: number) => {
      const linter = new Linter({ transport: 'stdio' });
      for (const f of frames(handshake('2025-11-25', { logging: {} }))) linter.push(f);
      const start = performance.now();
      let findings = 0;
      for (let seq = 10; seq < n + 10; seq++) {
        const f: FrameRecord = { seq, ts: seq, dir: 'in', kind: 'notification', text, size: text.length, method: 'notifications/message', rpcId: null };
        findings += linter.push(f).length;
      }
      return { ms: performance.now() - start, findings };
    };
    lintFlood(20_000); // warm-up: the JIT compiles the hot path before either measurement
    const small = lintFlood(20_000);
    const large = lintFlood(200_000);
    expect(small.findings + large.findings).toBe(0);
    expect(large.ms / Math.max(small.ms, 1)).toBeLessThan(40);
  });
});

describe('task-augmented requests from the server (2025-11-25)', () => {
  const caps = { sampling: {}, tasks: { list: {}, cancel: {}, requests: { sampling: { createMessage: {} } } } };
  const task = {
    taskId: 't1',
    status: 'working',
    createdAt: '2026-01-01T00:00:00.000Z',
    lastUpdatedAt: '2026-01-01T00:00:00.000Z',
    ttl: 60000,
    pollInterval: 1000,
  };
  const ask = (params: Record<string, unknown>): Pair => [
    'in',
    j({ id: 9, method: 'sampling/createMessage', params: { messages: [], maxTokens: 1, ...params } }),
  ];

  it('takes a CreateTaskResult as the client’s answer to a sampling request that carried params.task', () => {
    expect(ruleIds(lint([...handshake('2025-11-25', { tools: {} }, caps), ask({ task: { ttl: 60000 } }), ['out', j({ id: 9, result: { task } })]]))).toEqual(
      [],
    );
  });

  it('still holds a plain sampling answer to CreateMessageResult when no task was asked for', () => {
    expect(ruleIds(lint([...handshake('2025-11-25', { tools: {} }, caps), ask({}), ['out', j({ id: 9, result: { task } })]]))).not.toEqual([]);
  });
});
