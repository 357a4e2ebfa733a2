import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openWindowedSession, type WindowedSession } from '../helpers/windowed-session.js';

// About 10,000 frames, larger than the page's in-memory bound (lowered to 500 by ?memoryFrames): the sequence view
// reads the windowed log through the same interface as the table and draws only the rows in view.
const FLOOD = 5000;
let w: WindowedSession;
let page: Page;

beforeAll(async () => {
  w = await openWindowedSession(FLOOD, JSON.stringify({ jsonrpc: '2.0', id: 902, method: 'ping' }));
  page = w.page;
  await page.getByTestId('log-view-sequence').click();
}, 120_000);
afterAll(() => w?.close());

const arrows = () => page.locator('[data-testid="seq-arrow"]');
const shownSeqs = () => arrows().evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))));

describe('the sequence view of a 10,000-frame session', () => {
  it('counts every frame but keeps only the arrows in view in the page', async () => {
    expect(w.lastSeq).toBeGreaterThanOrEqual(2 * FLOOD);
    await expect
      .poll(async () => Number(await page.getByTestId('sequence-view').getAttribute('data-count')), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(w.lastSeq);
    await arrows().first().waitFor({ timeout: 20_000 });
    const height = await page.getByTestId('sequence-scroll').evaluate((el) => el.clientHeight);
    // The rows a viewport holds (24 px each), plus the overscan of ten each side and a partial row at each edge.
    const bound = Math.ceil(height / 24) + 2 * 10 + 2;
    expect(await arrows().count()).toBeLessThanOrEqual(bound);
    expect(await arrows().count()).toBeGreaterThan(5);
  });

  it('scrolls to the end and shows the last frame', async () => {
    await page.getByTestId('sequence-scroll').evaluate((el) => (el.scrollTop = 0));
    await expect.poll(shownSeqs, { timeout: 20_000 }).toContain(1);
    await page.getByTestId('sequence-scroll').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect.poll(shownSeqs, { timeout: 20_000 }).toContain(w.lastSeq);
    expect(Math.min(...(await shownSeqs()))).toBeGreaterThan(w.lastSeq - 100);
  });

  it('reads the rows in the gap the page does not hold, and a click there selects the frame', async () => {
    const target = 2500;
    await page.getByTestId('sequence-scroll').evaluate((el, top) => (el.scrollTop = top), (target - 5) * 24);
    const a = page.locator(`[data-testid="seq-arrow"][data-seq="${target}"]`);
    await a.waitFor({ timeout: 20_000 });
    expect(await a.getAttribute('data-method')).toBe('notifications/message');
    await a.dispatchEvent('click');
    await expect.poll(() => page.getByTestId('detail-pane').getAttribute('data-seq')).toBe(String(target));
    expect(w.errors).toEqual([]);
  });
});
