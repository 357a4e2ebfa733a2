import { describe, expect, it } from 'vitest';
import { FAULT_PRESETS, gradeFault, isSettled, type FaultReply } from '../../../shared/fault-lab/index.js';

const reply = (value: unknown): FaultReply => ({ text: JSON.stringify(value), value });
const ok = (id: unknown, result: unknown = {}) => reply({ jsonrpc: '2.0', id, result });
const err = (id: unknown, code: number) => reply({ jsonrpc: '2.0', id, error: { code, message: 'x' } });
const SENT = '{"jsonrpc":"2.0","id":7,"method":"ping"}';
const DUP = { kind: 'duplicate' } as const;

describe('the duplicate-id-in-flight verdict', () => {
  it('grades both requests answered as the spec says, and says the client cannot tell two results apart', () => {
    const v = gradeFault(DUP, SENT, [ok(7), ok(7, { content: [] })]);
    expect(v.outcome).toBe('as-spec');
    expect(v.explanation).toMatch(/cannot tell the responses apart/);
  });

  it('grades the reused id refused with an error as the spec says', () => {
    expect(gradeFault(DUP, SENT, [err(7, -32600), ok(7)])).toMatchObject({ outcome: 'as-spec', explanation: expect.stringMatching(/refusing the reused id/) });
  });

  it('says the spec is silent when two requests under one id got one response: the reuse was the client’s fault', () => {
    const v = gradeFault(DUP, SENT, [ok(7), ok(8)]);
    expect(v.outcome).toBe('spec-silent');
    expect(v.explanation).toMatch(/Only one response.*id 7.*client's fault.*spec is silent/);
  });

  it('grades nothing under the id as no reply', () => {
    expect(gradeFault(DUP, SENT, []).outcome).toBe('no-reply');
  });

  it('settles once two answers are in, not at the first', () => {
    expect(isSettled(DUP, SENT, [ok(7)])).toBe(false);
    expect(isSettled(DUP, SENT, [ok(7), ok(7)])).toBe(true);
  });
});

describe('the second-initialize verdict', () => {
  const preset = FAULT_PRESETS.find((p) => p.id === 'second-initialize')!;
  const sent = (preset.build({ id: 3, protocolVersion: '2025-11-25' }) as { text: string }).text;
  it('accepts a fresh result, since the spec does not require a rejection, and says so', () => {
    const v = gradeFault(preset.expect, sent, [ok(3)]);
    expect(v.outcome).toBe('as-spec');
    expect(v.explanation).toMatch(/silent on a second one/);
  });

  it('accepts an error too, but silence is no reply', () => {
    expect(gradeFault(preset.expect, sent, [err(3, -32600)]).outcome).toBe('as-spec');
    expect(gradeFault(preset.expect, sent, []).outcome).toBe('no-reply');
  });
});
