// The log past the browser's height cap, made small: ?scrollCap lowers the scroll extent to 20,000 px, so a windowed
// session of about 4,000 frames (88,000 px of rows) scrolls on a scaled extent, as a 3-million-frame one does under
// the real cap. Every row must still be reachable by the scrollbar and by the keyboard.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWindowedSession, type WindowedSession } from '../helpers/windowed-session.js';

const CAP = 20_000;
let w: WindowedSession;
let page: Page;

beforeAll(async () => {
  w = await openWindowedSession(2000, JSON.stringify({ jsonrpc: '2.0', id: 902, method: 'ping' }), `&scrollCap=${CAP}`);
  page = w.page;
  await page.waitForFunction((n) => Number(document.querySelector('[data-testid="log-count"]')?.textContent?.split(' ')[0]) >= n, w.lastSeq, {
    timeout: 30_000,
  });
}, 90_000);

afterAll(() => w?.close());

const table = () => page.getByTestId('log-table');
const selected = () => page.locator('[data-testid="log-row"][aria-selected="true"]').getAttribute('data-seq');

/** Whether the row of `seq` is rendered wholly inside the table's viewport. */
async function inView(seq: number): Promise<boolean> {
  const row = page.locator(`[data-testid="log-row"][data-seq="${seq}"]`);
  if ((await row.count()) === 0) return false;
  const [r, t] = await Promise.all([row.boundingBox(), table().boundingBox()]);
  return !!r && !!t && r.y >= t.y - 0.5 && r.y + r.height <= t.y + t.height + 0.5;
}

describe('the log on a scaled scroll extent', () => {
  it('keeps the scroll extent under the cap while counting every frame', async () => {
    const { height, scale } = await table().evaluate((el) => ({ height: el.scrollHeight, scale: Number(el.getAttribute('data-scroll-scale')) }));
    expect(height).toBeLessThanOrEqual(CAP);
    expect(scale).toBeGreaterThan(4);
  });

  it('shows the last frame at the bottom of the scrollbar and the first at its top', async () => {
    await table().evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await expect.poll(() => inView(w.lastSeq), { timeout: 20_000 }).toBe(true);
    await table().evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect.poll(() => inView(1), { timeout: 20_000 }).toBe(true);
  });

  it('jumps into the middle of the gap by the scrollbar and reads those rows from the relay', async () => {
    for (const seq of [1234, 2001, 3456]) {
      // Three rows above it at the top: a scroll position is whole pixels, each several pixels of rows here.
      await table().evaluate((el, seq) => {
        el.scrollTop = ((seq - 4) * 22) / Number(el.getAttribute('data-scroll-scale'));
      }, seq);
      await expect.poll(() => inView(seq), { timeout: 20_000 }).toBe(true);
    }
  });

  it('moves the selection with the keyboard and keeps it in view, to the end, row by row, and home', async () => {
    await table().focus();
    await page.keyboard.press('End');
    await expect.poll(() => inView(w.lastSeq), { timeout: 20_000 }).toBe(true);
    const last = Number(await selected());
    for (let i = 1; i <= 30; i++) {
      await page.keyboard.press('ArrowUp');
      await expect.poll(selected, { timeout: 20_000 }).toBe(String(last - i));
    }
    await expect.poll(() => inView(last - 30), { timeout: 20_000 }).toBe(true);
    await page.keyboard.press('Home');
    await expect.poll(selected, { timeout: 20_000 }).toBe('1');
    await expect.poll(() => inView(1), { timeout: 20_000 }).toBe(true);
    expect(w.errors).toEqual([]);
  });
});
