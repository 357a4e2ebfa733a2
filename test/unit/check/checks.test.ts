// Each check against a scripted server that does it right (pass) and the same server broken in one place (fail or
// warn, as the sentence's keyword says), through the real engine, runner and linter.
import { describe, expect, it } from 'vitest';
import { runChecks, type CheckResult } from '../../../shared/check/index.js';
import { goodServer, toolsCall, type Script } from '../../helpers/scripted-peer.js';
import { toolPolicy } from '../../../server/check/check-args.js';
import { scriptedContext } from './check-context.js';

async function run(script: Script, only: string[]): Promise<CheckResult[]> {
  return runChecks(await scriptedContext(script), { only });
}

const status = (results: CheckResult[], id: string) => results.find((r) => r.id === id)?.status;

/** check id → how to break the good server for it, and the status the break earns. */
const BREAKS: [id: string, broken: Partial<Script>, expected: 'fail' | 'warn'][] = [
  ['lifecycle/initialize-result', { initialize: () => ({ result: { protocolVersion: '2025-11-25', capabilities: {} } }) }, 'fail'],
  [
    'lifecycle/version-negotiation',
    { initialize: () => ({ result: { protocolVersion: '2031-01-01', capabilities: {}, serverInfo: { name: 's', version: '1' } } }) },
    'fail',
  ],
  [
    'lifecycle/unsupported-version',
    { initialize: (p) => ({ result: { protocolVersion: p.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 's', version: '1' } } }) },
    'fail',
  ],
  ['lifecycle/ping', { ping: () => ({ result: { pong: true } }) }, 'fail'],
  // Supports 2025-06-18 and 2025-11-25, and answers an unsupported offer with its oldest: the SHOULD on the latest.
  [
    'lifecycle/version-support',
    {
      initialize: (p) => ({
        result: {
          protocolVersion: ['2025-06-18', '2025-11-25'].includes(String(p.protocolVersion)) ? p.protocolVersion : '2025-06-18',
          capabilities: {},
          serverInfo: { name: 's', version: '1' },
        },
      }),
    },
    'warn',
  ],
  ['tools/list', { 'tools/list': () => ({ result: { tools: [], nextCursor: 'again' } }) }, 'fail'],
  ['tools/input-schema', { 'tools/list': () => ({ result: { tools: [{ name: 'x', inputSchema: { type: 'string' } }] } }) }, 'fail'],
  [
    'tools/call',
    { 'tools/call': (p) => (p.name === 'add' ? { result: { content: [], structuredContent: { sum: 'five' } } } : { error: { code: -32602, message: 'no' } }) },
    'fail',
  ],
  // An isError result for an unknown tool is info, as lint grades it (one-severity.test.ts); silence is the problem here.
  ['tools/unknown-tool', { 'tools/call': () => 'silence' }, 'warn'],
  ['capabilities/declared-methods-work', { 'prompts/list': () => 'silence' }, 'fail'],
  ['lifecycle/unknown-method', { 'mcpscope/no-such-method': () => ({ error: { code: 'oops' } }) as never }, 'fail'],
  ['lifecycle/invalid-params', { 'tools/call': () => ({ error: { code: 'oops' } }) as never }, 'fail'],
  ['resources/read', { 'resources/read': () => ({ result: { contents: [{ text: 'no uri' }] } }) }, 'fail'],
  ['resources/subscribe', { 'resources/subscribe': () => 'silence' }, 'fail'],
  ['prompts/get', { 'prompts/get': () => ({ result: { description: 'no messages' } }) }, 'fail'],
  ['completion/complete', { 'completion/complete': () => ({ result: { completion: { values: Array.from({ length: 101 }, (_, i) => String(i)) } } }) }, 'fail'],
  ['tools/progress', { 'tools/call': toolsCall({ decreasing: true }) }, 'fail'],
  ['tools/cancellation', { 'tools/call': toolsCall({ answersCancelled: true }) }, 'warn'],
  ['logging/set-level', { 'logging/setLevel': (p) => (p.level === 'notice' ? { error: { code: -32602, message: 'unknown level' } } : { result: {} }) }, 'fail'],
];

describe('the check suite against a scripted server', () => {
  it('passes every check on a server that does everything right', async () => {
    const results = await run(goodServer(), []);
    const notPassed = results.filter((r) => r.status !== 'pass' && !((r.group === 'http' || r.group === 'modern') && r.status === 'skip'));
    expect(notPassed.map((r) => [r.id, r.detail])).toEqual([]);
    // The paginated list is followed to its second page; the destructive tool is never called.
    expect(results.find((r) => r.id === 'tools/list')!.detail).toBe('3 tool(s) on 2 page(s)');
    expect(results.find((r) => r.id === 'tools/call')!.detail).toBe('called add, countdown');
    // The long-running tool: a brief run's progress to the end, and a longer one cancelled at its first progress.
    expect(results.find((r) => r.id === 'tools/progress')!.detail).toMatch(
      /^countdown \{"steps":3,"delayMs":20\} sent 3 progress notification\(s\), increasing \(1 < 2 < 3\)/,
    );
    expect(results.find((r) => r.id === 'tools/cancellation')!.detail).toMatch(/^countdown cancelled \d+ ms into its run \(at its first progress\); no answer/);
  });

  it.each(BREAKS)('grades %s as it should when the server breaks it', async (id, broken, expected) => {
    const results = await run({ ...goodServer(), ...broken } as Script, [id]);
    expect([id, status(results, id)]).toEqual([id, expected]);
    const r = results.find((x) => x.id === id)!;
    expect(r.spec.quote.length).toBeGreaterThan(20);
    expect(r.fix.length).toBeGreaterThan(10);
  });

  it('fails a server that answers every error as {"code": "oops"}: the provoked errors and lint agree, MUST', async () => {
    const oops = Object.fromEntries(
      Object.entries(goodServer()).map(([m, h]) => [
        m,
        async (p: Record<string, unknown>, peer: Parameters<Script[string]>[1]) => {
          const a = await h(p, peer);
          return a !== 'silence' && 'error' in a ? ({ error: { code: 'oops' } } as never) : a;
        },
      ]),
    ) as Script;
    oops['mcpscope/no-such-method'] = () => ({ error: { code: 'oops' } }) as never;
    const results = await run(oops, ['lifecycle/unknown-method', 'lifecycle/invalid-params', 'tools/unknown-tool']);
    for (const id of ['lifecycle/unknown-method', 'lifecycle/invalid-params', 'tools/unknown-tool']) {
      const r = results.find((x) => x.id === id)!;
      expect([id, r.status, r.spec.keyword, r.detail]).toEqual([
        id,
        'fail',
        'MUST',
        expect.stringMatching(/malformed error object \{"code":"oops"\}.*jsonrpc\/error-object-shape \(error\)/),
      ]);
    }
  });

  it('warns, as lint does, when a listed tool called with fitting arguments fails with -32603: the SHOULD on isError, never the outputSchema MUST', async () => {
    const failing = {
      ...goodServer(),
      'tools/call': (p: Record<string, unknown>) =>
        p.name === 'add' ? { error: { code: -32603, message: 'the database is down' } } : { result: { content: [] } },
    } as Script;
    const r = (await run(failing, ['tools/call'])).find((x) => x.id === 'tools/call')!;
    expect([r.status, r.spec.keyword, r.spec.quote]).toEqual([
      'warn',
      'SHOULD',
      expect.stringMatching(/SHOULD be reported inside the result object, with isError set to true.*\(lint: mcp\/tool-failure-channel\)/),
    ]);
    expect(r.detail).toMatch(/add: error -32603 .*lint mcp\/tool-failure-channel \(warning\)/);
  });

  it('passes resources/templates with a note when the declared capability answers it -32601, as lint gives it info', async () => {
    const r = (
      await run({ ...goodServer(), 'resources/templates/list': () => ({ error: { code: -32601, message: 'Method not found' } }) } as Script, [
        'resources/templates',
      ])
    ).find((x) => x.id === 'resources/templates')!;
    expect([r.status, r.detail]).toEqual([
      'pass',
      expect.stringMatching(/^info: resources\/templates\/list got error -32601 .*mcp\/declared-capability-unsupported/),
    ]);
  });

  it('fails tools/progress when progress comes after the response, and names it', async () => {
    const results = await run({ ...goodServer(), 'tools/call': toolsCall({ progressAfterResponse: true }) } as Script, ['tools/progress']);
    const r = results.find((x) => x.id === 'tools/progress')!;
    expect([r.status, r.detail]).toEqual(['fail', expect.stringMatching(/progress 4 arrived after the response/)]);
    expect(r.spec.keyword).toBe('MUST');
  });

  it('warns on tools/cancellation with the late answer among its frames, since the sentence is a SHOULD', async () => {
    const results = await run({ ...goodServer(), 'tools/call': toolsCall({ answersCancelled: true }) } as Script, ['tools/cancellation']);
    const r = results.find((x) => x.id === 'tools/cancellation')!;
    expect(r.detail).toMatch(/answered \d+ ms after notifications\/cancelled/);
    expect(r.spec.keyword).toBe('SHOULD');
    expect(r.frames.length).toBeGreaterThanOrEqual(3);
  });

  it('warns on tools/cancellation when progress goes on after the cancellation, though no answer comes', async () => {
    const results = await run({ ...goodServer(), 'tools/call': toolsCall({ keepsWorking: true }) } as Script, ['tools/cancellation']);
    const r = results.find((x) => x.id === 'tools/cancellation')!;
    expect([r.status, r.detail]).toEqual([
      'warn',
      expect.stringMatching(/no answer in the \d+ ms after, but [1-9]\d* progress notification\(s\) after the cancellation/),
    ]);
  });

  it('skips progress and cancellation when no tool is long-running, or none may be called', async () => {
    const quiet = {
      ...goodServer(),
      'tools/list': () => ({ result: { tools: [{ name: 'countdown', inputSchema: { type: 'object', properties: { steps: { type: 'integer' } } } }] } }),
    } as Script;
    const results = await run(quiet, ['tools/progress', 'tools/cancellation']);
    expect(results.map((r) => [r.id, r.status, r.detail])).toEqual([
      ['tools/progress', 'skip', expect.stringMatching(/^no long-running tool the run may call/)],
      ['tools/cancellation', 'skip', expect.stringMatching(/^no long-running tool the run may call/)],
    ]);
  });

  it('marks the check whose frame the linter faults, and leaves findings on its own requests out', async () => {
    // A ping answered with both result and error: the ping check owns the response frame, so the finding lands there.
    const results = await run({ ...goodServer(), ping: () => ({ result: {}, error: { code: -1, message: 'both' } }) as never }, ['lifecycle/ping']);
    expect(results.find((r) => r.id === 'lifecycle/ping')!.detail).toMatch(/jsonrpc\/result-and-error/);
    expect(results.some((r) => r.group === 'transcript')).toBe(false);
  });

  it('skips a check whose requirement is not met, saying which, before it sends anything', async () => {
    const script = {
      ...goodServer(),
      initialize: () => ({ result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } }),
    } as Script;
    const results = await run(script, ['tools/list', 'http/origin-403', 'logging/set-level']);
    expect(results.map((r) => [r.id, r.status, r.detail, r.frames])).toEqual([
      ['tools/list', 'skip', 'the server declared no tools capability', []],
      ['logging/set-level', 'skip', 'the server declared no logging capability', []],
      ['http/origin-403', 'skip', 'a Streamable HTTP check (use --url with an http(s) endpoint)', []],
    ]);
  });

  it('calls a tool that is not read-only only when --allow-tools names it', () => {
    expect(toolPolicy(null)({ name: 'wipe', annotations: { destructiveHint: true } })).toBe(false);
    expect(toolPolicy(null)({ name: 'sneaky', annotations: { readOnlyHint: true, destructiveHint: true } })).toBe(false);
    expect(toolPolicy(null)({ name: 'add', annotations: { readOnlyHint: true } })).toBe(true);
    expect(toolPolicy(null)({ name: 'plain' })).toBe(false);
    expect(toolPolicy(['wipe'])({ name: 'wipe', annotations: { destructiveHint: true } })).toBe(true);
    expect(toolPolicy('all')({ name: 'anything' })).toBe(true);
  });
});
