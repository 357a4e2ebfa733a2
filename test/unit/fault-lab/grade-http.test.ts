import { describe, expect, it } from 'vitest';
import { FAULT_PRESETS, gradeFault, gradeHttpProbe, type FaultExpectation, type HttpProbeResult } from '../../../shared/fault-lab/index.js';

const expectOf = (id: string) => FAULT_PRESETS.find((p) => p.id === id)!.expect as Extract<FaultExpectation, { kind: 'http' }>;
const result = (over: Partial<HttpProbeResult>): HttpProbeResult => ({
  exchangeSeq: 9,
  sentSeq: 8,
  status: 406,
  statusText: 'Not Acceptable',
  contentType: 'application/json',
  body: '',
  messages: [],
  sessionId: 'abc',
  error: null,
  ...over,
});
const rpcError = (code: number) => ({ jsonrpc: '2.0', id: null, error: { code, message: 'x' } });

describe('verdicts for raw HTTP exchanges', () => {
  it('grades the status the spec names as the spec says, naming the JSON-RPC error the body carried', () => {
    const v = gradeHttpProbe(expectOf('http-session-missing'), result({ status: 400, statusText: 'Bad Request', messages: [rpcError(-32000)] }), '2025-11-25');
    expect(v).toEqual({ outcome: 'as-spec', explanation: 'Answered 400 Bad Request and JSON-RPC error -32000, as the spec says.' });
  });

  it('grades a bare status without any body by the status alone', () => {
    expect(gradeHttpProbe(expectOf('http-session-wrong'), result({ status: 404, statusText: 'Not Found', contentType: '' }), null).outcome).toBe('as-spec');
  });

  it('says the spec is silent where MCP names no answer (Accept, Content-Type, PUT), whatever the status, and what RFC 9110 says', () => {
    for (const [id, status] of [
      ['http-accept-missing', 406],
      ['http-accept-missing', 200],
      ['http-accept-wrong', 406],
      ['http-content-type-wrong', 415],
      ['http-put', 404],
      ['http-put', 405],
    ] as const) {
      const v = gradeHttpProbe(expectOf(id), result({ status, statusText: '' }), '2025-11-25');
      expect(v.outcome, `${id} ${status}`).toBe('spec-silent');
      expect(v.explanation).toMatch(/RFC 9110/);
    }
  });

  it('does not call an OAuth error document from a 401 a JSON-RPC error', () => {
    const oauth = { error: 'invalid_token', error_description: 'expired' };
    const v = gradeHttpProbe(
      expectOf('http-session-unknown'),
      result({ status: 401, statusText: 'Unauthorized', body: JSON.stringify(oauth), messages: [oauth] }),
      '2025-11-25',
    );
    expect(v.explanation).toMatch(/401 Unauthorized and a application\/json body that is not JSON-RPC/);
  });

  it('says the spec is silent on a session id the server never issued, 400 or 404: its 404 sentence covers an ended session', () => {
    for (const [status, statusText] of [
      [400, 'Bad Request'],
      [404, 'Not Found'],
    ] as const) {
      const v = gradeHttpProbe(expectOf('http-session-unknown'), result({ status, statusText }), '2025-11-25');
      expect(v.outcome, String(status)).toBe('spec-silent');
      expect(v.explanation).toMatch(/silent on an id it never issued/);
      expect(v.explanation).toContain('after which it MUST respond to requests containing that session ID with HTTP 404 Not Found');
    }
  });

  it('grades a request accepted despite the fault as a deviation', () => {
    const v = gradeHttpProbe(
      expectOf('http-protocol-version-wrong'),
      result({ status: 200, statusText: 'OK', messages: [{ jsonrpc: '2.0', id: 1, result: {} }] }),
      '2025-11-25',
    );
    expect(v).toMatchObject({ outcome: 'deviates', explanation: expect.stringMatching(/^Accepted it \(200 OK and a JSON-RPC result\)/) });
  });

  it('lets a session older than the header ignore a wrong MCP-Protocol-Version', () => {
    expect(gradeHttpProbe(expectOf('http-protocol-version-wrong'), result({ status: 200, statusText: 'OK' }), '2025-03-26').outcome).toBe('as-spec');
  });

  it('lets a stateless server (no session id issued) answer session faults any way', () => {
    const v = gradeHttpProbe(expectOf('http-session-missing'), result({ status: 200, statusText: 'OK', sessionId: null }), '2025-11-25');
    expect(v).toMatchObject({ outcome: 'as-spec', explanation: expect.stringMatching(/issued no session id/) });
  });

  it('wants a 2xx GET to be an event stream and explains a 409', () => {
    expect(gradeHttpProbe(expectOf('http-get'), result({ status: 200, statusText: 'OK', contentType: 'text/event-stream' }), null).outcome).toBe('as-spec');
    expect(gradeHttpProbe(expectOf('http-get'), result({ status: 200, statusText: 'OK', contentType: 'application/json' }), null).outcome).toBe('deviates');
    expect(gradeHttpProbe(expectOf('http-get'), result({ status: 405, statusText: 'Method Not Allowed' }), null).outcome).toBe('as-spec');
    expect(gradeHttpProbe(expectOf('http-get'), result({ status: 409, statusText: 'Conflict' }), null).explanation).toMatch(/one standalone stream/);
  });

  it('grades no HTTP response at all as no reply, with the reason', () => {
    expect(gradeHttpProbe(expectOf('http-put'), result({ status: null, error: 'connection refused' }), null)).toEqual({
      outcome: 'no-reply',
      explanation: 'No HTTP response: connection refused.',
    });
  });
});

describe('a bare HTTP error status for a frame is an answer, not silence', () => {
  const refusal = { status: 400, statusText: 'Bad Request' };
  it('grades malformed input refused with a bare 400 as the spec says (Streamable HTTP)', () => {
    const v = gradeFault({ kind: 'error', codes: [-32700], nullId: true }, '{bad', [], { refusal });
    expect(v.outcome).toBe('as-spec');
    expect(v.explanation).toMatch(/HTTP 400 Bad Request/);
  });

  it('grades a bare 4xx where a JSON-RPC error or a response was owed as a deviation', () => {
    expect(gradeFault({ kind: 'error', codes: [-32601] }, '{}', [], { refusal }).outcome).toBe('deviates');
    expect(gradeFault({ kind: 'answer' }, '{"jsonrpc":"2.0","id":1,"method":"ping"}', [], { refusal }).outcome).toBe('deviates');
  });

  it('grades a notification or response refused with a 4xx as the spec says: Streamable HTTP lets a server that cannot accept one say so', () => {
    const v = gradeFault({ kind: 'silence' }, '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9}}', [], { refusal });
    expect(v).toMatchObject({ outcome: 'as-spec', explanation: expect.stringMatching(/cannot accept/) });
  });

  it('still grades by the JSON-RPC body when one came with the status', () => {
    const body = { text: '', value: rpcError(-32700) };
    expect(gradeFault({ kind: 'error', codes: [-32600] }, '{}', [body], { refusal }).outcome).toBe('deviates');
  });
});
