// The authorization rules grade like the spec: each quotes one sentence, and its severity is that sentence's keyword.
import { describe, expect, it } from 'vitest';
import { AUTH_RULES } from '../../../shared/lint/auth-rules.js';

const ERROR_KEYWORDS = new Set(['MUST', 'MUST NOT', 'REQUIRED']);

describe('the authorization lint rules', () => {
  for (const [id, rule] of Object.entries(AUTH_RULES)) {
    it(`${id} quotes a sentence with its keyword, and is an error because that keyword is MUST, MUST NOT or REQUIRED`, () => {
      expect(rule.quote.text).toContain(rule.quote.keyword);
      expect(ERROR_KEYWORDS.has(rule.quote.keyword)).toBe(true);
      expect(rule.severity).toBe('error');
      expect(rule.explanation).not.toContain(rule.quote.text);
    });
  }
});
