import { describe, expect, it } from 'vitest';
import { harness, initializeResult } from './engine-harness.js';

async function session(version: string, capabilities: Record<string, unknown>) {
  const h = harness();
  const done = h.engine.connect({ protocolVersion: version });
  h.reply(initializeResult(version, capabilities));
  await done;
  return h;
}

describe('capability warnings', () => {
  it('says nothing before the handshake, when nothing is known', () => {
    expect(harness().engine.capabilityWarning('prompts/list')).toBeNull();
  });

  it('warns about a method whose capability the server did not declare, and stays quiet for declared ones', async () => {
    const { engine } = await session('2025-11-25', { tools: {}, resources: {} });
    expect(engine.capabilityWarning('tools/list')).toBeNull();
    expect(engine.capabilityWarning('prompts/get')).toMatch(/server did not declare the capability "prompts" that prompts\/get needs/);
    expect(engine.capabilityWarning('resources/read')).toBeNull();
    expect(engine.capabilityWarning('resources/subscribe')).toMatch(/"resources\.subscribe"/);
    expect(engine.capabilityWarning('logging/setLevel')).toMatch(/"logging"/);
  });

  it('follows the negotiated version: completions is only gated from 2025-03-26 on', async () => {
    expect((await session('2024-11-05', {})).engine.capabilityWarning('completion/complete')).toBeNull();
    expect((await session('2025-06-18', {})).engine.capabilityWarning('completion/complete')).toMatch(/"completions"/);
  });

  it('warns about a method from another protocol version or the other direction', async () => {
    const { engine } = await session('2025-11-25', { tools: {} });
    expect(engine.capabilityWarning('server/discover')).toMatch(/not part of protocol version 2025-11-25/);
    expect(engine.capabilityWarning('sampling/createMessage')).toMatch(/sent by the server/);
  });

  it('never blocks: a warned method is still sent, and custom methods get no warning', async () => {
    const h = await session('2025-11-25', {});
    expect(h.engine.capabilityWarning('acme/custom')).toBeNull();
    expect(h.engine.capabilityWarning('prompts/list')).not.toBeNull();
    void h.engine.request('prompts/list');
    expect(h.last()).toMatchObject({ method: 'prompts/list' });
  });
});
