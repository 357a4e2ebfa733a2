// The 2026-07-28 checks against a scripted modern server that does it right, and the same server broken in one place.
import { describe, expect, it } from 'vitest';
import { runChecks, type CheckResult } from '../../../shared/check/index.js';
import type { Script } from '../../helpers/scripted-peer.js';
import { scriptedContext } from './check-context.js';

const VERSION_KEY = 'io.modelcontextprotocol/protocolVersion';

/** A stateless server: every request must carry the protocol _meta, every result says its resultType. */
function modernServer(): Script {
  const complete = (result: Record<string, unknown>) => ({ result: { ...result, resultType: 'complete' } });
  const guarded = (answer: () => ReturnType<typeof complete>) => (p: Record<string, unknown>) =>
    typeof (p._meta as Record<string, unknown> | undefined)?.[VERSION_KEY] === 'string'
      ? answer()
      : { error: { code: -32602, message: 'missing _meta protocolVersion' } };
  return {
    'server/discover': () =>
      complete({
        supportedVersions: ['2026-07-28'],
        capabilities: { tools: {}, logging: {} },
        _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'modern', version: '1' } },
      }),
    'tools/list': guarded(() =>
      complete({ tools: [{ name: 'add', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }], ttlMs: 0, cacheScope: 'private' }),
    ),
    'tools/call': guarded(() => complete({ content: [{ type: 'text', text: '3' }] })),
  };
}

async function run(script: Script, only: string[], era: 'modern' | 'legacy' = 'modern'): Promise<CheckResult[]> {
  return runChecks(await scriptedContext(script, { era }), { only });
}

const byId = (results: CheckResult[], id: string) => results.find((r) => r.id === id)!;

describe('the 2026-07-28 checks', () => {
  it('pass on a modern server that does it right, and the legacy-only ones skip saying why', async () => {
    const results = await run(modernServer(), []);
    for (const id of ['modern/discover', 'modern/request-meta', 'modern/result-type', 'tools/list', 'tools/call'])
      expect([id, byId(results, id).status]).toEqual([id, 'pass']);
    expect(byId(results, 'modern/request-meta').detail).toBe('tools/list without the protocol _meta got -32602');
    expect(byId(results, 'logging/set-level')).toMatchObject({ status: 'skip', detail: expect.stringMatching(/removed logging\/setLevel/) });
    expect(byId(results, 'lifecycle/ping').status).toBe('skip');
    // logging is declared, but 2026-07-28 has no logging/setLevel to prove it with.
    expect(byId(results, 'capabilities/declared-methods-work').detail).toBe('tools: each answered');
  });

  it('fails modern/discover when supportedVersions leaves out the version in use', async () => {
    const script = {
      ...modernServer(),
      'server/discover': () => ({ result: { supportedVersions: ['2025-11-25'], capabilities: { tools: {} }, resultType: 'complete' } }),
    } as Script;
    const r = byId(await run(script, ['modern/discover']), 'modern/discover');
    expect([r.status, r.detail]).toEqual(['fail', expect.stringMatching(/leaves out 2026-07-28/)]);
  });

  it('fails modern/request-meta when a request without the protocol _meta is served', async () => {
    const script = { ...modernServer(), 'tools/list': () => ({ result: { tools: [], resultType: 'complete', ttlMs: 0, cacheScope: 'private' } }) } as Script;
    const r = byId(await run(script, ['modern/request-meta']), 'modern/request-meta');
    expect([r.status, r.detail, r.spec.keyword]).toEqual(['fail', 'tools/list without the protocol _meta got a result, not -32602', 'MUST']);
  });

  it('fails modern/result-type on a result without resultType, naming its frame', async () => {
    const script = { ...modernServer(), 'tools/list': () => ({ result: { tools: [], ttlMs: 0, cacheScope: 'private' } }) } as Script;
    const r = byId(await run(script, ['tools/list', 'modern/result-type']), 'modern/result-type');
    expect([r.status, r.detail]).toEqual(['fail', expect.stringMatching(/^1 of 2 result\(s\) lack a resultType/)]);
    expect(r.frames).toHaveLength(1);
  });

  it('skips every modern check on a connection that began with initialize', async () => {
    const legacy: Script = { initialize: () => ({ result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } }) };
    const results = await run(legacy, ['modern'], 'legacy');
    expect(results.map((r) => [r.id, r.status])).toEqual([
      ['modern/discover', 'skip'],
      ['modern/request-meta', 'skip'],
      ['modern/result-type', 'skip'],
    ]);
  });
});
