// The authorization rules grade like the spec: each quotes one sentence, and its severity is that sentence's keyword.
import { describe, expect, it } from 'vitest';
import { AUTH_RULES } from '../../../shared/lint/auth-rules.js';
import { severityFor } from '../../../shared/lint/index.js';

describe('the authorization lint rules', () => {
  for (const [id, rule] of Object.entries(AUTH_RULES)) {
    it(`${id} quotes its sentence, and its severity is that sentence's keyword`, () => {
      if (rule.quote.keyword !== null) expect(rule.quote.text).toContain(rule.quote.keyword);
      expect(rule.severity).toBe(severityFor(rule.quote.keyword));
      expect(rule.explanation).not.toContain(rule.quote.text);
    });
  }

  it('never grades an authorization server by a sentence that binds the client', () => {
    // "MCP clients MUST refuse to proceed" is the client's duty; the three PKCE rules judge the server.
    for (const id of ['auth/pkce-methods-missing', 'auth/oidc-pkce-methods-missing', 'auth/pkce-s256-missing'] as const) {
      expect(AUTH_RULES[id].quote.text, id).not.toMatch(/MCP clients MUST/);
    }
  });
});
