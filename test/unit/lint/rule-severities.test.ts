// Every rule's severity and the keyword of the sentence it quotes, written out: a severity that drifts from the
// spec's words fails here. Policy (shared/lint/lint-types.ts): MUST / MUST NOT / REQUIRED / SHALL → error,
// SHOULD / SHOULD NOT / RECOMMENDED → warning, MAY, keyword-free guidance, version drift, silence → info.
import { describe, expect, it } from 'vitest';
import { KEYWORDS, RULES, RULE_IDS, severityFor, type Keyword, type RuleId, type Severity } from '../../../shared/lint/index.js';

type Grounds = Keyword | 'guidance' | 'version-drift' | 'silent';

const TABLE: Record<RuleId, readonly [Severity, Grounds]> = {
  'jsonrpc/not-json': ['error', 'MUST'],
  'jsonrpc/not-object': ['error', 'MUST'],
  'jsonrpc/missing-version': ['error', 'MUST'],
  'jsonrpc/wrong-version': ['error', 'MUST'],
  'jsonrpc/method-not-string': ['error', 'MUST'],
  'jsonrpc/reserved-method': ['error', 'MUST NOT'],
  'jsonrpc/params-not-structured': ['error', 'MUST'],
  'jsonrpc/invalid-id-type': ['error', 'MUST'],
  'jsonrpc/null-id': ['error', 'MUST NOT'],
  'jsonrpc/fractional-id': ['error', 'MUST'],
  'jsonrpc/result-and-error': ['error', 'MUST NOT'],
  'jsonrpc/no-result-or-error': ['error', 'MUST'],
  'jsonrpc/error-object-shape': ['error', 'MUST'],
  'jsonrpc/reserved-error-code': ['info', 'guidance'],
  'jsonrpc/invalid-params-as-internal-error': ['warning', 'SHOULD'],
  'jsonrpc/response-to-notification': ['error', 'MUST NOT'],
  'jsonrpc/unmatched-response': ['error', 'MUST'],
  'jsonrpc/duplicate-response': ['error', 'MUST'],
  'jsonrpc/unanswered-request': ['error', 'MUST'],
  'jsonrpc/id-reused-in-flight': ['error', 'MUST NOT'],
  'jsonrpc/empty-batch': ['error', 'MUST'],
  'jsonrpc/notification-batch-answered': ['error', 'MUST NOT'],
  'jsonrpc/batch-missing-response': ['warning', 'SHOULD'],
  'jsonrpc/batch-extra-response': ['info', 'guidance'],
  'jsonrpc/batch-reply-not-array': ['info', 'guidance'],
  'framing/stdout-noise': ['error', 'MUST NOT'],
  'framing/embedded-newline': ['error', 'MUST NOT'],
  'framing/oversize': ['info', 'silent'],
  'framing/invalid-utf8': ['error', 'MUST'],
  'mcp/request-before-initialize': ['error', 'MUST'],
  'mcp/request-during-initialize': ['warning', 'SHOULD NOT'],
  'mcp/initialized-before-result': ['error', 'MUST'],
  'mcp/client-request-before-initialized': ['info', 'silent'],
  'mcp/request-before-initialized': ['warning', 'SHOULD NOT'],
  'mcp/initialize-twice': ['info', 'silent'],
  'mcp/initialize-cancelled': ['error', 'MUST NOT'],
  'mcp/unknown-protocol-version': ['info', 'silent'],
  'mcp/method-not-in-version': ['error', 'MUST'],
  'mcp/unknown-method': ['info', 'silent'],
  'mcp/unknown-method-in-mcp-namespace': ['info', 'silent'],
  'mcp/field-not-in-version': ['info', 'version-drift'],
  'mcp/missing-request-meta': ['error', 'MUST'],
  'mcp/missing-result-type': ['error', 'MUST'],
  'mcp/params-not-object': ['error', 'MUST'],
  'mcp/id-reused': ['error', 'MUST NOT'],
  'mcp/capability-not-declared': ['error', 'MUST'],
  'mcp/declared-capability-unsupported': ['info', 'silent'],
  'mcp/unknown-tool-method-not-found': ['info', 'guidance'],
  'mcp/result-schema': ['error', 'MUST'],
  'mcp/structured-content-schema': ['error', 'MUST'],
  'mcp/tool-failure-channel': ['warning', 'SHOULD'],
  'mcp/unknown-tool-as-result': ['info', 'guidance'],
  'mcp/progress-unknown-token': ['error', 'MUST'],
  'mcp/progress-after-response': ['error', 'MUST'],
  'mcp/progress-not-increasing': ['error', 'MUST'],
  'mcp/message-after-cancel': ['warning', 'SHOULD'],
  'mcp/error-code-not-in-version': ['error', 'MUST NOT'],
  'mcp/error-code-unallocated': ['error', 'MUST NOT'],
  'mcp/error-code-from-other-version': ['info', 'version-drift'],
  'mcp/batch-not-in-version': ['error', 'MUST'],
  'mcp/initialize-in-batch': ['error', 'MUST NOT'],
  'mcp/tool-arguments-schema': ['info', 'guidance'],
  'mcp/prompt-arguments-missing': ['info', 'guidance'],
  'mcp/request-pending': ['info', 'silent'],
  'mcp/slow-response': ['info', 'silent'],
  'http/accepted-expected': ['error', 'MUST'],
  'http/session-status': ['error', 'MUST'],
  'http/unissued-session-status': ['info', 'silent'],
  'http/foreign-origin-accepted': ['error', 'MUST'],
  'http/foreign-host-accepted': ['info', 'silent'],
  'http/session-missing-status': ['warning', 'SHOULD'],
  'http/missing-protocol-version': ['error', 'MUST'],
  'http/protocol-version-mismatch': ['warning', 'SHOULD'],
  'http/protocol-version-meta-mismatch': ['error', 'MUST'],
  'auth/401-without-challenge': ['error', 'MUST'],
  'auth/resource-metadata-fields': ['error', 'MUST'],
  'auth/server-metadata-fields': ['error', 'REQUIRED'],
  'auth/pkce-methods-missing': ['warning', 'RECOMMENDED'],
  'auth/oidc-pkce-methods-missing': ['error', 'MUST'],
  'auth/pkce-s256-missing': ['info', 'guidance'],
  'auth/token-in-query': ['error', 'MUST NOT'],
  'auth/token-response-fields': ['error', 'REQUIRED'],
  'auth/metadata-issuer-mismatch': ['error', 'MUST'],
  'auth/iss-missing': ['error', 'MUST'],
  'auth/iss-mismatch': ['error', 'MUST'],
  'auth/iss-not-advertised': ['error', 'MUST'],
  'auth/redirect-uri-insecure': ['error', 'MUST'],
  'mcp/traceparent-malformed': ['error', 'MUST'],
  'mcp/tracestate-malformed': ['error', 'MUST'],
  'mcp/baggage-malformed': ['error', 'MUST'],
  'mcp/trace-context-malformed-legacy': ['info', 'version-drift'],
  'mcp/trace-context-unrelated': ['info', 'guidance'],
};

/** The keyword as a whole word in capitals; MUST and SHOULD do not count when they are the start of MUST NOT / SHOULD NOT. */
function says(text: string, keyword: Keyword): boolean {
  const negatable = keyword === 'MUST' || keyword === 'SHOULD' || keyword === 'SHALL';
  return new RegExp(`(^|[^A-Z])${keyword}(?![A-Z])${negatable ? '(?! NOT)' : ''}`).test(text);
}

describe('the rule severity table', () => {
  it('lists every rule, and only rules that exist', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...RULE_IDS].sort());
  });

  for (const id of RULE_IDS) {
    it(`${id}: ${TABLE[id][0]}, from ${TABLE[id][1]}`, () => {
      const rule = RULES[id];
      const [severity, grounds] = TABLE[id];
      expect(rule.severity).toBe(severity);
      expect(rule.quote.keyword ?? (rule.quote as { basis: string }).basis).toBe(grounds);
      // The severity is the keyword's, whatever the table says.
      expect(rule.severity).toBe(severityFor(rule.quote.keyword));
      if (rule.quote.keyword !== null) {
        expect(says(rule.quote.text, rule.quote.keyword), rule.quote.text).toBe(true);
      } else {
        // No keyword: the quote carries none in capitals either, so nothing looks stronger than the rule is.
        for (const k of KEYWORDS) expect(says(rule.quote.text, k), `${k} in: ${rule.quote.text}`).toBe(false);
        if (rule.quote.basis === 'silent') expect(rule.quote.text).toMatch(/^The spec is silent on /);
      }
      expect(rule.quote.text.length).toBeGreaterThan(20);
      // An MCP quote names the revision it comes from; JSON-RPC has one.
      if (rule.spec.source === 'MCP') expect(rule.spec.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });
  }
});

describe('severityFor', () => {
  it('maps each RFC 2119 keyword to the severity the policy gives it', () => {
    const got = Object.fromEntries(KEYWORDS.map((k) => [k, severityFor(k)]));
    expect(got).toEqual({
      'MUST NOT': 'error',
      MUST: 'error',
      REQUIRED: 'error',
      'SHALL NOT': 'error',
      SHALL: 'error',
      'SHOULD NOT': 'warning',
      SHOULD: 'warning',
      RECOMMENDED: 'warning',
      MAY: 'info',
      OPTIONAL: 'info',
    });
    expect(severityFor(null)).toBe('info');
  });
});
