// The presets whose verdicts follow what the spec allows or leaves open: each preset's own expectation, graded against
// a passing and a failing answer, so a verdict cannot claim a deviation the spec does not support.
import { describe, expect, it } from 'vitest';
import { FAULT_PRESETS, gradeFault, gradeHttpProbe, type FaultExpectation, type FaultReply, type HttpProbeResult } from '../../../shared/fault-lab/index.js';

const preset = (id: string) => FAULT_PRESETS.find((p) => p.id === id)!;
const reply = (value: unknown): FaultReply => ({ text: JSON.stringify(value), value });
const ok = (id: unknown) => reply({ jsonrpc: '2.0', id, result: {} });
const err = (id: unknown, code: number) => reply({ jsonrpc: '2.0', id, error: { code, message: 'x' } });
const sentOf = (id: string) => {
  const p = preset(id).build({ id: 5, protocolVersion: '2025-11-25' });
  return 'text' in p ? p.text : '{"jsonrpc":"2.0","id":5,"method":"ping","params":{"_meta":{"x":"\uFFFD\uFFFD"}}}';
};
const grade = (id: string, replies: FaultReply[], protocolVersion: string | null = '2025-11-25') =>
  gradeFault(preset(id).expect, sentOf(id), replies, { protocolVersion });

describe('presets where the spec allows leniency or says nothing', () => {
  it('invalid-utf8: -32700 is as the spec says; answering with the bytes replaced is "spec is silent", not a deviation', () => {
    expect(grade('invalid-utf8', [err(null, -32700)]).outcome).toBe('as-spec');
    expect(grade('invalid-utf8', [ok(5)])).toMatchObject({ outcome: 'spec-silent', explanation: expect.stringMatching(/silent on what a receiver does/) });
    expect(grade('invalid-utf8', [ok(9)]).outcome).toBe('deviates');
  });

  it('fractional-id: an answer echoing the id and a refusal with any code are both allowed; a rewritten id is not', () => {
    expect(grade('fractional-id', [ok(5.5)]).outcome).toBe('as-spec');
    expect(grade('fractional-id', [err(null, -32700)])).toMatchObject({ outcome: 'as-spec', explanation: expect.stringMatching(/allows either/) });
    expect(grade('fractional-id', [ok(5)]).outcome).toBe('deviates');
    expect(grade('fractional-id', []).outcome).toBe('no-reply');
  });

  it('null-id: an answer and a refusal are both allowed, silence is still no reply', () => {
    expect(grade('null-id', [ok(null)]).outcome).toBe('as-spec');
    expect(grade('null-id', [err(null, -32600)]).outcome).toBe('as-spec');
    expect(grade('null-id', []).outcome).toBe('no-reply');
  });

  it('unsolicited-response: silence is expected, a reply is "spec is silent"', () => {
    expect(grade('unsolicited-response', []).outcome).toBe('as-spec');
    expect(grade('unsolicited-response', [err(987654321, -32600)]).outcome).toBe('spec-silent');
  });

  it('cancel-unknown: a reply to the notification still deviates (MUST NOT)', () => {
    expect(grade('cancel-unknown', [err(null, -32600)]).outcome).toBe('deviates');
  });
});

describe('batch presets, graded by what the negotiated version requires', () => {
  it('at 2025-03-26, which MUST receive batches, silence is no reply and a rejection deviates, saying why', () => {
    expect(grade('batch-one-invalid', [], '2025-03-26').outcome).toBe('no-reply');
    const v = grade('batch-one-invalid', [err(null, -32700)], '2025-03-26');
    expect(v).toMatchObject({ outcome: 'deviates', explanation: expect.stringMatching(/2025-03-26 MUST support receiving/) });
    expect(
      grade(
        'batch-one-invalid',
        [
          reply([
            { jsonrpc: '2.0', id: 5, result: {} },
            { jsonrpc: '2.0', id: null, error: { code: -32600, message: 'x' } },
          ]),
        ],
        '2025-03-26',
      ).outcome,
    ).toBe('as-spec');
  });

  it('in the versions without batches, silence and a rejection are as the spec says, naming the version', () => {
    for (const v of ['2024-11-05', '2025-06-18', '2025-11-25']) {
      for (const id of ['batch-empty', 'batch-one-invalid', 'batch-initialize']) {
        expect(grade(id, [], v)).toMatchObject({ outcome: 'as-spec', explanation: expect.stringContaining(`${v} has no batches`) });
        expect(grade(id, [err(null, -32600)], v).outcome).toBe('as-spec');
      }
    }
  });

  it('the empty batch at 2025-03-26 still owes one -32600', () => {
    expect(grade('batch-empty', [err(null, -32600)], '2025-03-26').outcome).toBe('as-spec');
    expect(grade('batch-empty', [], '2025-03-26').outcome).toBe('no-reply');
  });

  it('a bare HTTP refusal of a batch is right without batches and wrong at 2025-03-26', () => {
    const refusal = { status: 400, statusText: 'Bad Request' };
    expect(gradeFault(preset('batch-one-invalid').expect, sentOf('batch-one-invalid'), [], { refusal, protocolVersion: '2025-11-25' }).outcome).toBe('as-spec');
    expect(gradeFault(preset('batch-one-invalid').expect, sentOf('batch-one-invalid'), [], { refusal, protocolVersion: '2025-03-26' }).outcome).toBe(
      'deviates',
    );
  });
});

describe('the foreign Origin preset', () => {
  const expectation = preset('http-origin-foreign').expect as Extract<FaultExpectation, { kind: 'http' }>;
  const result = (status: number, statusText: string): HttpProbeResult => ({
    exchangeSeq: 1,
    sentSeq: 1,
    status,
    statusText,
    contentType: '',
    body: '',
    messages: [],
    sessionId: 's',
    error: null,
  });

  it('sends the session’s ping with an Origin no server serves', () => {
    expect(preset('http-origin-foreign').http).toEqual({ method: 'POST', headers: { Origin: expect.stringMatching(/^http:\/\/[a-z.]+\.invalid$/) } });
  });

  it('at 2025-11-25 and 2026-07-28 wants 403: another refusal deviates, and so does accepting it', () => {
    for (const v of ['2025-11-25', '2026-07-28']) {
      expect(gradeHttpProbe(expectation, result(403, 'Forbidden'), v).outcome).toBe('as-spec');
      expect(gradeHttpProbe(expectation, result(400, 'Bad Request'), v)).toMatchObject({ outcome: 'deviates', explanation: expect.stringMatching(/403/) });
      expect(gradeHttpProbe(expectation, result(200, 'OK'), v)).toMatchObject({ outcome: 'deviates', explanation: expect.stringMatching(/^Accepted it/) });
    }
  });

  it('before 2025-11-25 wants a refusal of any 4xx, since the status was not named yet; accepting still deviates', () => {
    for (const v of ['2024-11-05', '2025-03-26', '2025-06-18']) {
      expect(gradeHttpProbe(expectation, result(400, 'Bad Request'), v)).toMatchObject({
        outcome: 'as-spec',
        explanation: expect.stringMatching(/names no status/),
      });
      expect(gradeHttpProbe(expectation, result(403, 'Forbidden'), v).outcome).toBe('as-spec');
      expect(gradeHttpProbe(expectation, result(200, 'OK'), v).outcome).toBe('deviates');
    }
  });
});

describe('the foreign Host preset', () => {
  const result = (status: number, statusText: string): HttpProbeResult => ({
    exchangeSeq: 1,
    sentSeq: 1,
    status,
    statusText,
    contentType: '',
    body: '',
    messages: [],
    sessionId: 's',
    error: null,
  });

  it('sends the session’s ping with a Host no server is named (what a browser sends after DNS rebinding)', () => {
    expect(preset('http-host-foreign').http).toEqual({ method: 'POST', headers: { Host: expect.stringMatching(/^[a-z.]+\.invalid$/) } });
  });

  it('says the spec is silent whatever comes, quoting the Origin sentence and the conformance suite it stands on instead', () => {
    const expectation = preset('http-host-foreign').expect as Extract<FaultExpectation, { kind: 'http' }>;
    for (const [status, text] of [
      [403, 'Forbidden'],
      [421, 'Misdirected Request'],
      [200, 'OK'],
    ] as const) {
      const v = gradeHttpProbe(expectation, result(status, text), '2025-11-25');
      expect(v.outcome, String(status)).toBe('spec-silent');
      expect(v.explanation).toContain('Servers MUST validate the Origin header on all incoming connections to prevent DNS rebinding attacks');
      expect(v.explanation).toContain('dns-rebinding-protection');
    }
  });
});
