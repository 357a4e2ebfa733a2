import { describe, expect, it } from 'vitest';
import { gradeFault, type FaultReply } from '../../../shared/fault-lab/index.js';

const reply = (value: unknown): FaultReply => ({ text: JSON.stringify(value), value });
const err = (id: unknown, code: number) => reply({ jsonrpc: '2.0', id, error: { code, message: 'x' } });
const ok = (id: unknown) => reply({ jsonrpc: '2.0', id, result: {} });
const PARSE = { kind: 'error', codes: [-32700], nullId: true } as const;

describe('fault verdicts for presets that must get an error', () => {
  it('grades -32700 with id null as the spec says', () => {
    expect(gradeFault(PARSE, '{bad', [err(null, -32700)])).toMatchObject({ outcome: 'as-spec' });
  });

  it('grades a different code as a deviation that names both codes', () => {
    const v = gradeFault({ kind: 'error', codes: [-32600] }, '{"id":1,"method":"ping"}', [err(1, -32603)]);
    expect(v.outcome).toBe('deviates');
    expect(v.explanation).toMatch(/-32603.*-32600/);
  });

  it('grades a result where an error was owed as a deviation', () => {
    expect(gradeFault({ kind: 'error', codes: [-32600] }, '{"jsonrpc":"1.0","id":1,"method":"ping"}', [ok(1)]).outcome).toBe('deviates');
  });

  it('grades a parse error that carries an id as a deviation', () => {
    expect(gradeFault(PARSE, '{bad', [err(7, -32700)]).outcome).toBe('deviates');
  });

  it('grades silence where an error was owed as no reply', () => {
    const v = gradeFault(PARSE, '{bad', []);
    expect(v.outcome).toBe('no-reply');
    expect(v.explanation).toMatch(/-32700/);
  });

  it('grades a non-JSON line on stdout instead of an error as a deviation', () => {
    expect(gradeFault(PARSE, '{bad', [{ text: 'oops: bad input' }]).outcome).toBe('deviates');
  });

  it('ignores server notifications while looking for the answer', () => {
    const note = reply({ jsonrpc: '2.0', method: 'notifications/message', params: {} });
    expect(gradeFault({ kind: 'error', codes: [-32601] }, '{}', [note]).outcome).toBe('no-reply');
  });
});

describe('fault verdicts for presets that must get no reply', () => {
  it('grades nothing coming back as the spec says', () => {
    expect(gradeFault({ kind: 'silence' }, '{"jsonrpc":"2.0","id":5,"result":{}}', []).outcome).toBe('as-spec');
  });

  it('grades an answer to a stray response as a deviation', () => {
    expect(gradeFault({ kind: 'silence' }, '{"jsonrpc":"2.0","id":5,"result":{}}', [err(5, -32600)]).outcome).toBe('deviates');
  });

  it('grades noise on stdout as a deviation', () => {
    expect(gradeFault({ kind: 'silence' }, '{}', [{ text: 'hello' }]).outcome).toBe('deviates');
  });
});

describe('fault verdicts for presets that must be answered', () => {
  const sent = '{"jsonrpc":"2.0","id":1.5,"method":"ping"}';

  it('grades a response that echoes the id as the spec says', () => {
    expect(gradeFault({ kind: 'answer' }, sent, [ok(1.5)]).outcome).toBe('as-spec');
  });

  it('grades a response with a rewritten id as a deviation', () => {
    expect(gradeFault({ kind: 'answer' }, sent, [ok(1)]).outcome).toBe('deviates');
  });

  it('grades silence as no reply', () => {
    expect(gradeFault({ kind: 'answer' }, sent, []).outcome).toBe('no-reply');
  });

  it('accepts a parse error for a BOM, which a parser may refuse', () => {
    expect(gradeFault({ kind: 'answer', parseErrorOk: true }, `\uFEFF${sent}`, [err(null, -32700)]).outcome).toBe('as-spec');
  });
});
