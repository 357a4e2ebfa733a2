// Runs axe-core (injected into the page through the DevTools protocol, which the page's CSP does not govern) and returns
// the violations a person would be hurt by: serious or critical, each with the elements it found them on.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface ContrastViolation {
  target: string;
  text: string;
  summary: string;
}

export interface AxeViolation extends ContrastViolation {
  rule: string;
  impact: string;
}

/** Every serious or critical violation on the page as shown now; `rules` narrows the run to those rules. */
export async function seriousViolations(page: Page, rules?: readonly string[]): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (only) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: unknown,
            opts: unknown,
          ): Promise<{
            violations: Array<{
              id: string;
              impact: string | null;
              nodes: Array<{ impact?: string | null; target: unknown[]; html: string; failureSummary?: string }>;
            }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { ...(only ? { runOnly: { type: 'rule', values: only } } : {}), resultTypes: ['violations'] });
    return result.violations
      .flatMap((v) =>
        v.nodes.map((n) => ({
          rule: v.id,
          impact: n.impact ?? v.impact ?? '',
          target: n.target.join(' '),
          text: n.html.slice(0, 160),
          summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 200),
        })),
      )
      .filter((n) => n.impact === 'serious' || n.impact === 'critical');
  }, rules ?? null);
}

/** The contrast violations alone (rule color-contrast), serious or critical. */
export async function seriousContrastViolations(page: Page): Promise<ContrastViolation[]> {
  return (await seriousViolations(page, ['color-contrast'])).map(({ target, text, summary }) => ({ target, text, summary }));
}
