import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayConfig } from '../../shared/relay-protocol.js';
import { startRelayAndBrowser, watchPageErrors } from '../helpers/browser.js';
import { waitForServer } from '../helpers/panel-page.js';
import { FIXTURES, type RelayHandle } from '../helpers/relay-process.js';
import type { RelaySocket } from '../helpers/relay-socket.js';

// A session that grows past the page's in-memory bound while it is open (200 head + 300 tail frames by
// ?memoryFrames=300): floods arrive live, and the page must drop the middle instead of keeping every frame.
const FLOOD = 400;
let relay: RelayHandle;
let browser: Browser;
let page: Page;
let errors: string[];
let sock: RelaySocket;
let sid: string;

const rows = (sel = '') => page.locator(`[data-testid="log-row"]${sel}`);
const count = async () => Number((await page.getByTestId('log-count').textContent())?.split(' ')[0]);
/** Both of the panel's counts in one look: read one at a time, a frame arriving between the reads re-renders them. */
const heldAndTotal = () =>
  page.getByTestId('log-panel').evaluate((el) => ({ held: Number(el.getAttribute('data-held')), total: Number(el.getAttribute('data-total')) }));

async function flood(id: number): Promise<number> {
  sock.send({ type: 'send', sessionId: sid, text: JSON.stringify({ jsonrpc: '2.0', id, method: 'flood' }) });
  return (await sock.frame(sid, (f) => f.dir === 'in' && f.rpcId === String(id), `flood ${id} answered`, 30_000)).seq;
}

beforeAll(async () => {
  ({ relay, browser } = await startRelayAndBrowser({ command: [process.execPath, join(FIXTURES, 'scripted-server.mjs'), '--flood', String(FLOOD)] }));
  sid = (await relay.api<RelayConfig>('/api/config')).body.launchSessionId!;
  sock = await relay.socket();
  sock.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  errors = watchPageErrors(page);
  await page.goto(relay.url.replace('/#', '/?memoryFrames=300#'));
  // The page's own handshake first: sent while a flood is written, its frames would land just after the flood.
  await waitForServer(page);
}, 90_000);

afterAll(async () => {
  sock?.close();
  await browser?.close();
  await relay?.stop();
});

describe('a live session growing past the in-memory bound', () => {
  it('holds it whole while it is small', async () => {
    const last = await flood(901);
    await expect.poll(count, { timeout: 30_000 }).toBeGreaterThanOrEqual(last);
    // Every frame of the session is held in the page. A page that dropped one would stay short of the total: a log
    // turned windowed never holds the whole session again.
    await expect.poll(heldAndTotal, { timeout: 20_000 }).toSatisfy(({ held, total }) => total >= last && held === total);
  });

  it('drops the middle as a flood grows it, keeping the scroll position and the selection', async () => {
    // Scroll to row 250 and select it: past the head, so it is one of the frames the page will drop.
    await page.getByTestId('log-table').evaluate((el) => {
      el.scrollTop = 245 * 22;
    });
    await rows('[data-seq="250"]').click();
    await expect.poll(() => page.getByTestId('detail-pane').getAttribute('data-seq')).toBe('250');
    const top = await page.getByTestId('log-table').evaluate((el) => el.scrollTop);
    let last = 0;
    for (const id of [902, 903, 904]) last = await flood(id);
    await expect.poll(count, { timeout: 30_000 }).toBeGreaterThanOrEqual(last);
    // The page holds less than the session: the rest is read through the relay.
    await expect.poll(heldAndTotal).toSatisfy(({ held, total }) => held < total);
    // The bound (200 + 300) plus at most one step of slack; the session has over 1,600 frames.
    expect((await heldAndTotal()).held).toBeLessThanOrEqual(200 + 300 + 100 + FLOOD);
    expect(last).toBeGreaterThan(1600);
    expect(await page.getByTestId('log-table').evaluate((el) => el.scrollTop)).toBe(top);
    await expect.poll(() => rows('[data-seq="250"]').getAttribute('aria-selected'), { timeout: 20_000 }).toBe('true');
    expect(await page.getByTestId('detail-pane').getAttribute('data-seq')).toBe('250');
  });

  it('reads the dropped rows back from the relay and reaches the end', async () => {
    await page.getByTestId('log-table').evaluate((el) => {
      el.scrollTop = 700 * 22;
    });
    await expect.poll(() => rows('[data-seq="702"]').getAttribute('data-method'), { timeout: 20_000 }).toBe('notifications/message');
    await page.getByTestId('log-table').focus();
    await page.keyboard.press('End');
    const last = await count();
    await rows(`[data-seq="${last}"]`).waitFor({ timeout: 20_000 });
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
