// docs/lint-and-errors.md lists every rule with its severity, grounds and quoted sentence between two markers; this
// keeps that list equal to the rule table. On a mismatch it prints the list to paste.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES, RULE_IDS } from '../../../shared/lint/index.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const DOC = join(ROOT, 'docs', 'lint-and-errors.md');
const START = '<!-- rule-table: start (checked by test/unit/lint/rule-docs.test.ts) -->';
const END = '<!-- rule-table: end -->';

const cell = (text: string) => text.replace(/\|/g, '\\|');

function ruleTable(): string {
  const rows = RULE_IDS.map((id) => {
    const r = RULES[id];
    const grounds = r.quote.keyword ?? (r.quote.basis === 'silent' ? 'spec is silent' : r.quote.basis);
    const from = `${r.spec.source}${r.spec.version ? ` ${r.spec.version}` : ''} · ${r.spec.section}`;
    const quote = r.quote.keyword === null && r.quote.basis === 'silent' ? r.quote.text : `“${r.quote.text}”`;
    return `| \`${id}\` | ${r.severity} | ${grounds} | ${cell(quote)} (${cell(from)}) |`;
  });
  return ['| rule | severity | grounds | the sentence it enforces (where from) |', '|---|---|---|---|', ...rows].join('\n');
}

describe('the rule list in docs/lint-and-errors.md', () => {
  it('is the rule table: every rule, its severity, grounds and sentence', () => {
    const doc = readFileSync(DOC, 'utf8');
    const at = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(at, 'the markers are in the doc').toBeGreaterThan(-1);
    const listed = doc.slice(at + START.length, end).trim();
    const expected = ruleTable();
    if (listed !== expected) console.log(`Paste between the markers:\n${expected}`);
    expect(listed).toBe(expected);
  });

  it('counts the rules as many as there are, in all and per family, here and in the README and architecture', () => {
    const doc = readFileSync(DOC, 'utf8');
    const families = new Map<string, number>();
    for (const id of RULE_IDS) families.set(id.split('/')[0]!, (families.get(id.split('/')[0]!) ?? 0) + 1);
    for (const [family, n] of families) expect(doc, family).toContain(`- \`${family}/*\` (${n}`);
    for (const file of [DOC, join(ROOT, 'README.md'), join(ROOT, 'docs', 'architecture.md')]) {
      const counts = [...readFileSync(file, 'utf8').matchAll(/(?<![\d-])(\d+) rules\b/g)].map((m) => Number(m[1]));
      expect(counts.length, file).toBeGreaterThan(0);
      expect(
        counts.every((n) => n === RULE_IDS.length),
        `${file}: ${counts.join(', ')}`,
      ).toBe(true);
    }
  });
});
