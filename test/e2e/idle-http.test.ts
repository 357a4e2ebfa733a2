// An idle Streamable HTTP session stays quiet: the remote fixture writes an SSE comment on its open GET stream every
// 150 ms (FIXTURE_KEEPALIVE_MS; real servers do it every 15 s), and over many such periods the log and the sequence view
// gain no row: the keep-alives are counted on the stream's own row. "hide auto" keeps the handshake.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { launchBrowser, watchPageErrors } from '../helpers/browser.js';
import { sessionFrames, waitForServer } from '../helpers/panel-page.js';
import { startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { REMOTE_FIXTURE, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';

let browser: Browser;
let server: RemoteServer;
let relay: RelayHandle;
let page: Page;
let errors: string[];

beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startRemoteServer(REMOTE_FIXTURE, [], { FIXTURE_KEEPALIVE_MS: '150' })]);
  relay = await startRelay({ args: ['--url', server.url('/mcp'), '--transport', 'http'] });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  errors = watchPageErrors(page);
  await page.goto(relay.url);
  await waitForServer(page);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await relay?.stop();
  await server?.stop();
});

const isKeepAlive = (f: FrameRecord) => f.kind === 'http' && f.text.includes('"state":"progress"') && f.text.includes('keep-alive');

/** The keep-alive records the relay stored so far, once there are at least `n` of them. */
async function keepAlivesRecorded(n: number): Promise<FrameRecord[]> {
  const id = await page.getByTestId('session-select').inputValue();
  let found: FrameRecord[] = [];
  await expect
    .poll(
      async () => {
        found = (await sessionFrames(relay, id)).filter(isKeepAlive);
        return found.length;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBeGreaterThanOrEqual(n);
  return found;
}

/** The filter bar's count, read in one go: the rows the log has, the frames the session has, the keep-alives folded (never a row). */
function counts(): Promise<{ shown: number; total: number; folded: number; text: string }> {
  return page.getByTestId('log-count').evaluate((el) => ({
    shown: Number(el.getAttribute('data-shown')),
    total: Number(el.getAttribute('data-total')),
    folded: Number(el.getAttribute('data-folded')),
    text: el.textContent ?? '',
  }));
}

describe('an idle Streamable HTTP session', () => {
  it('folds the keep-alives of its GET stream into the stream’s row: several periods add no row', async () => {
    const first = await keepAlivesRecorded(4);
    const stream = page.locator('[data-testid="log-row"][data-kind="http"]').filter({ has: page.getByTestId('log-keepalive') });
    await stream.first().waitFor({ timeout: 10_000 });
    const before = await counts();
    // Many more periods: the session grows, the log's rows do not.
    const later = await keepAlivesRecorded(first.length + 8);
    await expect.poll(async () => (await counts()).total, { timeout: 10_000 }).toBeGreaterThanOrEqual(before.total + 8);
    const after = await counts();
    expect(after.shown).toBe(before.shown);
    // The count says how many it folded: every frame is a row or folded into one, and the text says so in words.
    await expect
      .poll(
        async () => {
          const c = await counts();
          return { whole: c.shown + c.folded - c.total, text: c.text === `${c.total} frames · ${c.folded} keep-alives folded` };
        },
        { timeout: 10_000 },
      )
      .toEqual({ whole: 0, text: true });
    expect((await counts()).folded).toBeGreaterThanOrEqual(later.length);
    // The stream's row counts them, and no keep-alive has a row of its own.
    await expect
      .poll(async () => Number(await stream.first().getByTestId('log-keepalive').getAttribute('data-count')), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(later.length);
    const rowSeqs = await page.locator('[data-testid="log-row"]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))));
    expect(rowSeqs.filter((s) => later.some((f) => f.seq === s))).toEqual([]);
  });

  it('shows the stream as one arrow with its count in the sequence view, not a column of "GET · stream" boxes', async () => {
    await page.getByTestId('log-view-sequence').click();
    const counted = page.locator('[data-testid="seq-arrow"][data-kind="http"][data-keepalives]');
    await counted.first().waitFor({ state: 'attached', timeout: 15_000 });
    expect(Number(await counted.first().getAttribute('data-keepalives'))).toBeGreaterThanOrEqual(4);
    const recorded = await keepAlivesRecorded(1);
    const arrowSeqs = await page.locator('[data-testid="seq-arrow"]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))));
    expect(arrowSeqs.filter((s) => recorded.some((f) => f.seq === s))).toEqual([]);
    await page.getByTestId('log-view-log').click();
  });

  it('keeps the handshake when "hide auto" hides what mcpscope sent on its own', async () => {
    const methods = () =>
      page.locator('[data-testid="log-row"]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-dir')} ${e.getAttribute('data-method')}`));
    await page.getByTestId('filter-hide-bookkeeping').click();
    await expect.poll(methods, { timeout: 10_000 }).toEqual(expect.arrayContaining(['out initialize', 'in initialize', 'out notifications/initialized']));
    await page.getByTestId('filter-hide-bookkeeping').click();
    expect(errors).toEqual([]);
  });
});
