// Issue 31 item 7, rule precision: each rule here fires on a transcript only where the sentence it quotes applies, to
// the party that sentence binds, with the severity of that sentence's keyword (or info, saying the spec is silent).
import { describe, expect, it } from 'vitest';
import { RULES, type Finding, type RuleId } from '../../../shared/lint/index.js';
import { handshake, http, j, lint, type Pair } from './frames.js';

const HTTP = { transport: 'http' } as const;
const TOOL = { name: 'echo', inputSchema: { type: 'object' } };
const list = j({ id: 1, method: 'tools/list' });
const init = handshake('2025-11-25')[0]![1];
const noSession = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Bad Request: No valid session ID provided' }, id: null });

const only = (findings: Finding[], rule: RuleId) => findings.filter((f) => f.ruleId === rule);
const ids = (findings: Finding[]) => findings.map((f) => f.ruleId);

/** The rule quotes this sentence with this keyword (null: no keyword), and its severity follows from it. */
function expectQuote(rule: RuleId, keyword: string | null, sentence: string, severity: 'error' | 'warning' | 'info'): void {
  const r = RULES[rule];
  expect(r.quote.keyword).toBe(keyword);
  expect(r.quote.text).toContain(sentence);
  expect(r.severity).toBe(severity);
}

describe('a -32601 answer to tools/call', () => {
  const calls = (name: string, error: { code: number; message: string }): Pair[] => [
    ...handshake(),
    ['out', j({ id: 1, method: 'tools/list' })],
    ['in', j({ id: 1, result: { tools: [TOOL, { ...TOOL, name: 'tasked', execution: { taskSupport: 'required' } }] } })],
    ['out', j({ id: 2, method: 'tools/call', params: { name, arguments: {} } })],
    ['in', j({ id: 2, error })],
  ];

  it('for a tool the server does not have is not a declared capability left unsupported, but a wrong code (info)', () => {
    const findings = lint(calls('nope', { code: -32601, message: 'Method not found' }));
    expect(ids(findings)).not.toContain('mcp/declared-capability-unsupported');
    const f = only(findings, 'mcp/unknown-tool-method-not-found');
    expect(f).toHaveLength(1);
    expect(f[0]!.severity).toBe('info');
    expect(f[0]!.message).toContain('"nope"');
    expectQuote('mcp/unknown-tool-method-not-found', null, 'Unknown tools', 'info');
    expect(RULES['mcp/unknown-tool-method-not-found'].quote.text).toContain('-32602');
  });

  it('for a tool the server lists is the declared capability answered "method not found" (info: the spec is silent)', () => {
    const findings = lint(calls('echo', { code: -32601, message: 'Method not found' }));
    expect(ids(findings)).not.toContain('mcp/unknown-tool-method-not-found');
    expect(only(findings, 'mcp/declared-capability-unsupported')[0]!.severity).toBe('info');
    expectQuote(
      'mcp/declared-capability-unsupported',
      null,
      'Client and server capabilities establish which optional protocol features will be available during the session',
      'info',
    );
    expect(RULES['mcp/declared-capability-unsupported'].quote.text).toMatch(/^The spec is silent on /);
  });

  it('for a plain call of a tool that requires tasks is what the tasks utility asks for: no finding', () => {
    const findings = lint(calls('tasked', { code: -32601, message: 'Method not found' }));
    expect(ids(findings)).not.toContain('mcp/declared-capability-unsupported');
    expect(ids(findings)).not.toContain('mcp/unknown-tool-method-not-found');
  });

  it('for an unknown tool from a server that never declared tools is right: no finding', () => {
    const findings = lint([
      ...handshake('2025-11-25', {}),
      ['out', j({ id: 2, method: 'tools/call', params: { name: 'nope', arguments: {} } })],
      ['in', j({ id: 2, error: { code: -32601, message: 'Tool nope not found' } })],
    ]);
    expect(ids(findings)).not.toContain('mcp/unknown-tool-method-not-found');
    expect(ids(findings)).not.toContain('mcp/declared-capability-unsupported');
  });
});

describe('authorization server metadata and PKCE', () => {
  const AS = 'http://127.0.0.1:4000';
  const meta = { issuer: AS, authorization_endpoint: `${AS}/authorize`, token_endpoint: `${AS}/token`, response_types_supported: ['code'] };
  const served = (path: string, doc: Record<string, unknown>) =>
    lint([http({ method: 'GET', url: `${AS}${path}`, status: 200, responseBody: JSON.stringify(doc), purpose: 'auth', authStep: 'server-metadata' })]);

  it('an OpenID provider without code_challenge_methods_supported breaks the MUST MCP puts on it (error)', () => {
    const f = only(served('/.well-known/openid-configuration', meta), 'auth/oidc-pkce-methods-missing');
    expect(f[0]!.severity).toBe('error');
    expectQuote(
      'auth/oidc-pkce-methods-missing',
      'MUST',
      'Authorization servers providing OpenID Connect Discovery 1.0 MUST include code_challenge_methods_supported',
      'error',
    );
  });

  it('RFC 8414 metadata without it breaks RFC 9700’s RECOMMENDED (warning), not the client’s MUST refuse', () => {
    const findings = served('/.well-known/oauth-authorization-server', meta);
    expect(ids(findings)).not.toContain('auth/oidc-pkce-methods-missing');
    expect(only(findings, 'auth/pkce-methods-missing')[0]!.severity).toBe('warning');
    expectQuote(
      'auth/pkce-methods-missing',
      'RECOMMENDED',
      'It is RECOMMENDED for authorization servers to publish the element code_challenge_methods_supported',
      'warning',
    );
    expect(RULES['auth/pkce-methods-missing'].spec.section).toContain('RFC 9700');
    expect(RULES['auth/pkce-methods-missing'].explanation).toMatch(/MCP clients must refuse/);
  });

  it('methods listed without S256 are info: RFC 7636’s “Mandatory To Implement” has no keyword of the server’s own', () => {
    const findings = served('/.well-known/oauth-authorization-server', { ...meta, code_challenge_methods_supported: ['plain'] });
    expect(ids(findings)).not.toContain('auth/pkce-methods-missing');
    expect(only(findings, 'auth/pkce-s256-missing')[0]!.severity).toBe('info');
    expectQuote('auth/pkce-s256-missing', null, 'Mandatory To Implement (MTI) on the server', 'info');
  });

  it('S256 listed: none of the three', () => {
    const findings = served('/.well-known/oauth-authorization-server', { ...meta, code_challenge_methods_supported: ['S256'] });
    expect(ids(findings).filter((r) => /pkce/.test(r))).toEqual([]);
  });
});

describe('a session id refused with 400', () => {
  const issue = (id: string) => http({ body: init, status: 200, responseHeaders: [['mcp-session-id', id]] });
  const refuse = (id: string) => http({ headers: [['Mcp-Session-Id', id]], body: list, status: 400, responseBody: noSession });

  it('breaks the 404 MUST when the server issued that id (a session it ended)', () => {
    const findings = lint([issue('s1'), refuse('s1')], HTTP);
    expect(only(findings, 'http/session-status')[0]!.severity).toBe('error');
    expect(ids(findings)).not.toContain('http/unissued-session-status');
    expectQuote('http/session-status', 'MUST', 'after which it MUST respond to requests containing that session ID with HTTP 404 Not Found', 'error');
  });

  it('is info when the server never issued it: the sentence covers terminated sessions, and the rule says the spec is silent', () => {
    for (const transcript of [[issue('s1'), refuse('made-up')], [refuse('made-up')]]) {
      const findings = lint(transcript, HTTP);
      expect(ids(findings)).not.toContain('http/session-status');
      expect(only(findings, 'http/unissued-session-status')[0]!.severity).toBe('info');
    }
    expectQuote('http/unissued-session-status', null, 'The spec is silent on a session id the server never issued', 'info');
  });

  it('is no finding when the id is malformed (not visible ASCII): refusing it is refusing the client’s fault', () => {
    const findings = lint([issue('s1'), refuse('not a session id')], HTTP);
    expect(ids(findings)).not.toContain('http/unissued-session-status');
    expect(ids(findings)).not.toContain('http/session-status');
  });
});

describe('DNS rebinding, judged on Origin and on Host', () => {
  const post = (headers: [string, string][], status: number, url?: string) => http({ ...(url ? { url } : {}), headers, body: init, status });

  it('a foreign Origin served breaks the Origin MUST (error)', () => {
    const f = only(lint([post([['Origin', 'http://rebinding.mcpscope.invalid']], 200)], HTTP), 'http/foreign-origin-accepted');
    expect(f[0]!.severity).toBe('error');
    expect(f[0]!.message).toContain('http://rebinding.mcpscope.invalid');
    expectQuote(
      'http/foreign-origin-accepted',
      'MUST',
      'Servers MUST validate the Origin header on all incoming connections to prevent DNS rebinding attacks',
      'error',
    );
    expect(RULES['http/foreign-origin-accepted'].quote.text).toContain('servers MUST respond with HTTP 403 Forbidden');
  });

  it('an Origin that may be real (not a reserved name) is not judged: validity is the server’s allow-list', () => {
    expect(ids(lint([post([['Origin', 'https://app.acme.dev']], 200)], HTTP))).not.toContain('http/foreign-origin-accepted');
  });

  it('a foreign Host served by a local server is info, saying the spec names only Origin', () => {
    const f = only(lint([post([['Host', 'rebinding.mcpscope.invalid:3001']], 200)], HTTP), 'http/foreign-host-accepted');
    expect(f[0]!.severity).toBe('info');
    expectQuote('http/foreign-host-accepted', null, 'The spec is silent on the Host header', 'info');
    expect(RULES['http/foreign-host-accepted'].quote.text).toContain('dns-rebinding-protection');
  });

  it('a foreign Host refused, or a loopback Host ([::1], localhost), is no finding', () => {
    expect(ids(lint([post([['Host', 'rebinding.mcpscope.invalid:3001']], 403)], HTTP))).not.toContain('http/foreign-host-accepted');
    expect(ids(lint([post([['Host', '[::1]:3001']], 200, 'http://[::1]:3001/mcp')], HTTP))).not.toContain('http/foreign-host-accepted');
    expect(ids(lint([post([['Host', 'localhost:3001']], 200)], HTTP))).not.toContain('http/foreign-host-accepted');
  });
});
