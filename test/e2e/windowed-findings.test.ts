import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTab } from '../helpers/panel-page.js';
import { openWindowedSession, type WindowedSession } from '../helpers/windowed-session.js';

// A session larger than the page's in-memory bound (500 frames by ?memoryFrames) with a malformed request in the gap
// the page does not hold: its findings come from the relay's lint of the whole session.
const FLOOD = 2000;
let w: WindowedSession;
let page: Page;
let errors: string[];
let badSeq: number;
/** A rule the relay found on the malformed request, read from its row's badge. */
let rule: string;

const rows = (sel = '') => page.locator(`[data-testid="log-row"]${sel}`);

beforeAll(async () => {
  w = await openWindowedSession(FLOOD, JSON.stringify({ jsonrpc: '1.0', id: 902, method: 'ping' }));
  ({ page, errors } = w);
  badSeq = w.middleSeq;
}, 90_000);

afterAll(() => w?.close());

describe('findings of a session larger than the in-memory bound', () => {
  it('badges a row in the gap with the findings the relay found', async () => {
    await expect.poll(async () => Number((await page.getByTestId('log-count').textContent())?.split(' ')[0]), { timeout: 30_000 }).toBeGreaterThan(2 * FLOOD);
    const row = rows(`[data-seq="${badSeq}"]`);
    // Scrolled again on each look: a frame the page's own traffic adds while the log still follows the tail may take
    // it back to the bottom before the scroll registers.
    await expect
      .poll(
        async () => {
          await page.getByTestId('log-table').evaluate(
            (el, top) => {
              el.scrollTop = top;
            },
            (badSeq - 4) * 22,
          );
          return row.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    await expect.poll(() => row.getAttribute('data-findings'), { timeout: 30_000 }).toMatch(/\S/);
    rule = (await row.getAttribute('data-findings'))!.split(' ')[0]!;
  });

  it('filters to the frames with findings through the relay, the gap included', async () => {
    await page.getByTestId('filter-findings').click();
    // The log filters in a deferred render: until it has caught up (slow on a loaded machine) the rows on screen are
    // still the unfiltered ones, which a look must not take for the filter's.
    await expect.poll(() => page.getByTestId('filter-findings').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.getByTestId('log-panel').getAttribute('data-filter-stale'), { timeout: 20_000 }).toBe('false');
    // While the relay still lints, the view is counted again each time its lint moves on, and shows no rows until the
    // new count comes: each look reads all the rows at once, until one shows the gap's row, and every look counts.
    const looks: string[][] = [];
    await expect
      .poll(
        async () => {
          const look = await rows().evaluateAll((els) => els.map((e) => `${e.getAttribute('data-seq')}:${e.getAttribute('data-findings') ?? ''}`));
          looks.push(look);
          return look.some((f) => f.startsWith(`${badSeq}:`));
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(looks.flat().filter((f) => f.endsWith(':'))).toEqual([]);
    // No flood notification has a finding: the filtered count, once counted, is far below the session's size.
    const counted = page.locator('[data-testid="log-count"][data-pending="false"]');
    await expect.poll(async () => Number((await counted.textContent({ timeout: 20_000 }))?.split(' ')[0]), { timeout: 20_000 }).toBeLessThan(100);
    await page.getByTestId('filter-findings').click();
  });

  it("lists the relay's findings by rule in the Findings tab, and a click jumps into the gap", async () => {
    await openTab(page, 'findings');
    const group = page.locator(`[data-testid="finding-group"][data-rule="${rule}"]`);
    await group.waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('findings-linting').count(), { timeout: 30_000 }).toBe(0);
    await group.getByTestId('finding-group-toggle').click();
    // Scroll the log away first, so the jump has to bring the gap row back.
    await page.getByTestId('log-table').evaluate((el) => {
      el.scrollTop = 0;
    });
    await group.locator(`[data-testid="finding-frame"][data-seq="${badSeq}"]`).click();
    await expect.poll(() => page.getByTestId('detail-pane').getAttribute('data-seq')).toBe(String(badSeq));
    await expect.poll(() => rows(`[data-seq="${badSeq}"]`).getAttribute('aria-selected'), { timeout: 20_000 }).toBe('true');
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
