// Runs axe-core (injected into the page through the DevTools protocol, which the page's CSP does not govern) and returns
// the contrast violations a person would be hurt by: serious or critical, each with the elements and their colours.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface ContrastViolation {
  target: string;
  text: string;
  summary: string;
}

export async function seriousContrastViolations(page: Page): Promise<ContrastViolation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: Array<{ impact: string | null; nodes: Array<{ impact?: string | null; target: unknown[]; html: string; failureSummary?: string }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'rule', values: ['color-contrast'] }, resultTypes: ['violations'] });
    return result.violations
      .flatMap((v) => v.nodes.map((n) => ({ impact: n.impact ?? v.impact, target: n.target.join(' '), text: n.html.slice(0, 160), summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200) })))
      .filter((n) => n.impact === 'serious' || n.impact === 'critical')
      .map(({ target, text, summary }) => ({ target, text, summary }));
  });
}
