import { describe, expect, it } from 'vitest';
import { RULES, RULE_IDS, SEVERITIES } from '../../../shared/lint/index.js';
import { lint, ruleIds } from './frames.js';
import { JSONRPC_CASES } from './jsonrpc-cases.js';
import { FRAMING_CASES } from './framing-cases.js';
import { MCP_CASES } from './mcp-cases.js';
import { HTTP_CASES } from './http-cases.js';
import { REQUEST_CASES } from './request-cases.js';
import { AUTH_CASES } from './auth-cases.js';
import { TRACE_CASES } from './trace-cases.js';

const CASES = [...JSONRPC_CASES, ...FRAMING_CASES, ...MCP_CASES, ...REQUEST_CASES, ...HTTP_CASES, ...AUTH_CASES, ...TRACE_CASES];

for (const rule of RULE_IDS) {
  describe(rule, () => {
    for (const c of CASES.filter((x) => x.rule === rule)) {
      it(`flags ${c.fails}`, () => {
        const findings = lint(c.bad, c.options);
        expect(ruleIds(findings)).toContain(rule);
        const f = findings.find((x) => x.ruleId === rule)!;
        expect(f.severity).toBe(RULES[rule].severity);
        expect(f.message.length).toBeGreaterThan(0);
      });
      it(`stays quiet on ${c.passes}`, () => {
        expect(ruleIds(lint(c.good, { ...c.options, ...c.goodOptions }))).not.toContain(rule);
      });
    }
  });
}

describe('the rule catalogue', () => {
  it('has a failing and a passing example for every rule', () => {
    const covered = new Set(CASES.map((c) => c.rule));
    expect(RULE_IDS.filter((id) => !covered.has(id))).toEqual([]);
  });

  it('gives every rule a severity, title, explanation, spec reference and fix', () => {
    for (const id of RULE_IDS) {
      const r = RULES[id];
      expect(SEVERITIES).toContain(r.severity);
      expect(id).toMatch(/^(jsonrpc|framing|mcp|http|auth)\/[a-z0-9-]+$/);
      for (const text of [r.title, r.explanation, r.fix, r.spec.section]) expect(text.length).toBeGreaterThan(0);
      if (r.spec.url) expect(r.spec.url).toMatch(/^https:\/\//);
    }
  });
});
