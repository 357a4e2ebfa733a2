import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { openWindowedSession, type WindowedSession } from '../helpers/windowed-session.js';

// A session larger than the page's in-memory bound (lowered to 500 frames by ?memoryFrames), so the log is windowed:
// the page holds the first 200 and the last 500 frames and reads the rest from the relay as it scrolls.
const FLOOD = 2000;
let w: WindowedSession;
let page: Page;
let errors: string[];
let lastSeq: number;
let pingSeq: number;
/** Not always pingSeq + 1: a flood notification can land between the ping and its answer. */
let pongSeq: number;

const req = (id: number, method: string) => JSON.stringify({ jsonrpc: '2.0', id, method });
const rows = (sel = '') => page.locator(`[data-testid="log-row"]${sel}`);

beforeAll(async () => {
  // The ping lands in the middle of the session: in the gap the page does not hold.
  w = await openWindowedSession(FLOOD, req(902, 'ping'));
  ({ page, errors } = w);
  ({ middleSeq: pingSeq, lastSeq } = w);
  const sid = (await w.relay.api<{ id: string }[]>('/api/sessions')).body[0]!.id;
  const after = await w.relay.api<{ frames: FrameRecord[] }>(`/api/sessions/${sid}/frames?afterSeq=${pingSeq}&limit=500`);
  pongSeq = after.body.frames.find((f) => f.dir === 'in' && f.rpcId === '902')!.seq;
}, 90_000);

afterAll(() => w?.close());

/** Scrolls the log so that row `index` is near the top, as a user dragging the scrollbar would. */
const scrollToRow = (index: number) =>
  page.getByTestId('log-table').evaluate((el, top) => {
    el.scrollTop = top;
  }, index * 22);

describe('a session larger than the in-memory bound', () => {
  beforeEach(async () => {
    await page.getByTestId('filter-text').fill('');
    await page.getByTestId('filter-method').fill('');
  });

  it('counts every frame of the session, not only those the page holds', async () => {
    await expect
      .poll(async () => Number((await page.getByTestId('log-count').textContent())?.split(' ')[0]), { timeout: 30_000 })
      .toBeGreaterThanOrEqual(lastSeq);
  });

  it('opens at its end without reading the rows at its top, which are not shown', async () => {
    await rows(`[data-seq="${lastSeq}"]`).waitFor({ timeout: 30_000 });
    // Every page the log has asked the relay for so far: none starts at the first frame (those rows are held anyway,
    // and the view has not been there); the rows on screen are the session's last.
    const reads = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => n.includes('/frame-page?')),
    );
    expect(reads.filter((n) => /[?&]fromSeq=1&/.test(n))).toEqual([]);
    expect(await rows('[data-seq="1"]').count()).toBe(0);
  });

  it('scrolls into the gap and reads those rows from the relay', async () => {
    const target = 1234;
    await scrollToRow(target - 3);
    const row = rows(`[data-seq="${target}"]`);
    await row.waitFor({ timeout: 20_000 });
    expect(await row.getAttribute('data-method')).toBe('notifications/message');
    await row.click();
    await expect.poll(() => page.getByTestId('detail-pane').getAttribute('data-seq')).toBe(String(target));
    await expect.poll(() => page.getByTestId('detail-pane').textContent()).toContain('notifications/message');
  });

  it('asks the relay for the rows a scroll shows from the scroll event, before their placeholders are rendered', async () => {
    // Each page read the log starts notes its range and how many placeholder rows the page shows at that moment; the
    // read itself goes on to the relay untouched.
    await page.evaluate(() => {
      const w = window as unknown as { __reads: { from: number; to: number; placeholders: number }[]; __fetch: typeof fetch };
      w.__reads = [];
      w.__fetch = window.fetch;
      window.fetch = (input, init) => {
        const url = new URL(String(input instanceof Request ? input.url : input), location.href);
        if (url.pathname.endsWith('/frame-page')) {
          const placeholders = document.querySelectorAll('[data-testid="log-row-pending"]').length;
          w.__reads.push({ from: Number(url.searchParams.get('fromSeq')), to: Number(url.searchParams.get('toSeq')), placeholders });
        }
        return w.__fetch.call(window, input, init);
      };
    });
    try {
      // A part of the gap no other test reads.
      const target = 2600;
      await scrollToRow(target - 3);
      await rows(`[data-seq="${target}"]`).waitFor({ timeout: 20_000 });
      const reads = await page.evaluate(() => (window as unknown as { __reads: { from: number; to: number; placeholders: number }[] }).__reads);
      // The scroll's own read: other reads may come first (the relay's lint moving on re-reads the pages it passed, and
      // on a loaded machine that can land after the scroll's placeholders are up).
      const own = reads.find((r) => r.from <= target && target <= r.to);
      expect(own, JSON.stringify(reads)).toBeDefined();
      // Asked for during the render instead, the read would start once the render had put the placeholders on the page.
      expect(own!.placeholders).toBe(0);
    } finally {
      await page.evaluate(() => (window.fetch = (window as unknown as { __fetch: typeof fetch }).__fetch));
    }
  });

  it('filters by text over the whole session, gap included', async () => {
    // Notification number 777 of each flood (one in the gap, one in the tail) are the only frames with that data.
    await page.getByTestId('filter-text').fill('"777 x');
    await expect.poll(() => page.getByTestId('log-count').textContent(), { timeout: 20_000 }).toMatch(/^2 \/ \d+ frames/);
    await expect
      .poll(() => rows().evaluateAll((els) => els.map((e) => e.getAttribute('data-seq'))), { timeout: 20_000 })
      .toEqual([String(777 + 2), String(pingSeq + 2 + 777)]);
    await page.getByTestId('filter-text').fill('');
  });

  it('filters by method, pairs a request in the gap with its response, and goes to it', async () => {
    await page.getByTestId('filter-method').fill('ping');
    // Our ping and its response, plus any ping the page itself sends to the live server.
    await expect.poll(() => page.getByTestId('log-count').textContent(), { timeout: 20_000 }).toMatch(/^([2-9]|\d\d+) \/ \d+ frames/);
    await expect.poll(() => rows().evaluateAll((els) => [...new Set(els.map((e) => e.getAttribute('data-method')))])).toEqual(['ping']);
    const request = rows(`[data-seq="${pingSeq}"]`);
    await request.waitFor();
    // Dispatched on the row itself: a coordinate click can land on its neighbour when a page of the window arrives and
    // the virtualized rows move between the scroll and the click.
    await request.dispatchEvent('click');
    await expect.poll(() => page.getByTestId('detail-pane').getAttribute('data-seq')).toBe(String(pingSeq));
    await page.getByTestId('goto-pair').click();
    await expect.poll(() => page.getByTestId('detail-pane').getAttribute('data-seq')).toBe(String(pongSeq));
    await expect.poll(() => rows(`[data-seq="${pongSeq}"]`).getAttribute('data-method')).toBe('ping');
    await expect.poll(() => rows(`[data-seq="${pongSeq}"]`).locator('[data-testid="log-latency"]').count()).toBe(1);
    await page.getByTestId('filter-method').fill('');
  });

  it('jumps to the end with the keyboard and back to the first frame', async () => {
    await page.getByTestId('log-table').focus();
    await page.keyboard.press('End');
    await rows(`[data-seq="${lastSeq}"]`).waitFor({ timeout: 20_000 });
    await page.keyboard.press('Home');
    await rows('[data-seq="1"]').waitFor({ timeout: 20_000 });
  });

  it('selects a filtered row whose page has not been read yet once it arrives (End)', async () => {
    await page.getByTestId('filter-method').fill('notifications/message');
    await expect.poll(() => page.getByTestId('log-count').textContent(), { timeout: 20_000 }).toMatch(new RegExp(`^${2 * FLOOD} / `));
    await page.getByTestId('log-table').focus();
    // The last match is the second flood's last notification, in a page of the filtered window not read yet.
    await page.keyboard.press('End');
    await expect.poll(() => page.getByTestId('detail-pane').getAttribute('data-seq'), { timeout: 20_000 }).toBe(String(lastSeq - 1));
    await page.getByTestId('filter-method').fill('');
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
