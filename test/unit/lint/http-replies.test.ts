// What an HTTP error status says about the frames it carried: an id-less JSON-RPC error is allowed there, an OAuth
// error document is not JSON-RPC at all, and a request refused by status is answered.
import { describe, expect, it } from 'vitest';
import { handshake, http, j, lint, ruleIds, type Pair } from './frames.js';

const httpOpts = { transport: 'http', protocolVersion: '2025-11-25' } as const;
const LIST = j({ id: 1, method: 'tools/list' });
const NOTE = j({ method: 'notifications/cancelled', params: { requestId: 99 } });
const IDLESS = j({ error: { code: -32000, message: 'Bad Request: Mcp-Session-Id header is required' } });
const NULL_ID = j({ id: null, error: { code: -32000, message: 'Bad Request: Mcp-Session-Id header is required' } });
const HDR: [string, string][] = [['MCP-Protocol-Version', '2025-11-25']];

/** The handshake (seq 1–3), then the frames; `at` is the seq of the first frame after the handshake. */
const after = (...pairs: Pair[]): Pair[] => [...handshake(), ...pairs];
const at = 4;

describe('HTTP error statuses and the frames they carry', () => {
  it('allows a JSON-RPC error without an id in a 4xx body, and counts the refused request as answered', () => {
    for (const body of [IDLESS, NULL_ID]) {
      const findings = lint(after(['out', LIST], ['in', body], http({ headers: HDR, body: LIST, status: 400, sentSeq: at, receivedSeqs: [at + 1] })), httpOpts);
      expect(ruleIds(findings)).toEqual([]);
    }
  });

  it('allows the same for a refused notification, where it would otherwise read as a reply to the notification', () => {
    const findings = lint(after(['out', NOTE], ['in', IDLESS], http({ headers: HDR, body: NOTE, status: 400, sentSeq: at, receivedSeqs: [at + 1] })), httpOpts);
    expect(ruleIds(findings)).toEqual([]);
  });

  it('reports an id-less error that came with a success status as the answer to the request its POST carried', () => {
    const findings = lint(after(['out', LIST], ['in', IDLESS], http({ headers: HDR, body: LIST, status: 200, sentSeq: at, receivedSeqs: [at + 1] })), httpOpts);
    // One finding, naming the request it answered: it is that request's answer (as the engine takes it), not also unanswered.
    expect(findings).toMatchObject([{ ruleId: 'jsonrpc/unmatched-response', seq: at + 1, related: [at] }]);
    expect(findings[0]!.message).toContain('tools/list (id 1) with HTTP 200');
  });

  it("takes JSON-RPC's own id-null error (-32700, -32600) as the answer with any status, and reports nothing", () => {
    const invalid = j({ id: null, error: { code: -32600, message: 'Invalid Request' } });
    for (const status of [200, 400]) {
      const findings = lint(after(['out', LIST], ['in', invalid], http({ headers: HDR, body: LIST, status, sentSeq: at, receivedSeqs: [at + 1] })), httpOpts);
      expect(ruleIds(findings)).toEqual([]);
    }
  });

  it('reports an id-less error on a POST that carried only a notification as a reply to it', () => {
    const findings = lint(after(['out', NOTE], ['in', IDLESS], http({ headers: HDR, body: NOTE, status: 200, sentSeq: at, receivedSeqs: [at + 1] })), httpOpts);
    expect(ruleIds(findings)).toContain('jsonrpc/response-to-notification');
  });

  it('reports an id-less error no exchange accounted for when the session ends, and over stdio at once', () => {
    // A ping answered first, so the error does not read as a reply to notifications/initialized.
    const pinged = after(['out', j({ id: 7, method: 'ping' })], ['in', j({ id: 7, result: {} })], ['in', IDLESS]);
    expect(ruleIds(lint(pinged, httpOpts))).toEqual(['jsonrpc/unmatched-response']);
    expect(ruleIds(lint(pinged, { transport: 'stdio' }))).toEqual(['jsonrpc/unmatched-response']);
  });

  it('still reports a request the server never answered when its POST succeeded', () => {
    const findings = lint(after(['out', LIST], http({ headers: HDR, body: LIST, status: 200, sentSeq: at })), httpOpts);
    expect(ruleIds(findings)).toEqual(['jsonrpc/unanswered-request']);
  });

  it('does not call a request the server never received (the connection was refused) unanswered', () => {
    const findings = lint(after(['out', LIST], http({ headers: HDR, body: LIST, status: 0, noResponse: true, state: 'failed', sentSeq: at })), httpOpts);
    expect(ruleIds(findings)).toEqual([]);
  });

  it('does not lint an OAuth error document from a 401 as a JSON-RPC frame', () => {
    const oauth = JSON.stringify({ error: 'invalid_token', error_description: 'The access token expired' });
    const findings = lint(
      after(
        ['out', LIST],
        ['in', oauth],
        http({
          headers: HDR,
          body: LIST,
          status: 401,
          responseHeaders: [['WWW-Authenticate', 'Bearer error="invalid_token"']],
          sentSeq: at,
          receivedSeqs: [at + 1],
        }),
      ),
      httpOpts,
    );
    expect(ruleIds(findings)).toEqual([]);
  });

  it('takes the answer to a request retried after a Bearer challenge as its answer, not a duplicate of the 401', () => {
    const challenge = http({
      headers: HDR,
      body: LIST,
      status: 401,
      responseHeaders: [['WWW-Authenticate', 'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"']],
      sentSeq: at,
      receivedSeqs: [],
    });
    const retried = http({ headers: [...HDR, ['Authorization', 'Bearer ••••']], body: LIST, status: 200, sentSeq: at, receivedSeqs: [at + 2] });
    const findings = lint(after(['out', LIST], challenge, ['in', j({ id: 1, result: { tools: [] } })], retried), httpOpts);
    expect(ruleIds(findings)).toEqual([]);
    // A 401 without a Bearer challenge is the server's refusal: it answers the request, and a later answer is a duplicate.
    const plain = http({ headers: HDR, body: LIST, status: 401, sentSeq: at, receivedSeqs: [] });
    expect(ruleIds(lint(after(['out', LIST], plain, ['in', j({ id: 1, result: { tools: [] } })]), httpOpts))).toContain('jsonrpc/duplicate-response');
  });

  it('still lints the same object as a malformed message over stdio', () => {
    const oauth = JSON.stringify({ error: 'invalid_token' });
    expect(ruleIds(lint(after(['in', oauth]), { transport: 'stdio' }))).toContain('jsonrpc/missing-version');
  });
});

describe('progress of a task-augmented request', () => {
  it('is not progress after completion once the CreateTaskResult came, while a plain request’s is', () => {
    const call = (task: boolean): Pair => [
      'out',
      j({ id: 2, method: 'tools/call', params: { name: 'echo', arguments: {}, ...(task ? { task: {} } : {}), _meta: { progressToken: 't' } } }),
    ];
    const created = ['in', j({ id: 2, result: { task: { taskId: 'k', status: 'working', createdAt: '2025-11-25T00:00:00Z', ttl: 1000 } } })] as const;
    const progress = ['in', j({ method: 'notifications/progress', params: { progressToken: 't', progress: 1 } })] as const;
    expect(ruleIds(lint(after(call(true), created, progress)))).not.toContain('mcp/progress-after-response');
    expect(ruleIds(lint(after(call(false), ['in', j({ id: 2, result: { content: [] } })], progress)))).toContain('mcp/progress-after-response');
  });
});
