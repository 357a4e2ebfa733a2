// Presentation mode in a real browser against a bearer-protected Streamable HTTP server: larger type, credentials
// masked on screen while the recording keeps them, the log centred on the newest frame, stepping by exchange, contrast.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousContrastViolations } from '../helpers/axe-page.js';
import { openInspector, pageText as textOf, type Inspector } from '../helpers/browser.js';
import { openExchange, shownHeader } from '../helpers/http-exchange-page.js';
import { callTool, openTab, selectTool, sessionFrames, waitForServer } from '../helpers/panel-page.js';
import { waitFor, type RelayHandle } from '../helpers/relay-process.js';
import { REMOTE_FIXTURE, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { isKeepAliveRecord } from '../../web/lib/log/keep-alive-fold.js';

const BEARER = 'sk-present-header-5e0c7a91d2b34f68';
// The fixture's show_credentials tool logs and returns `Authorization: Bearer <token>` and `"access_token": "<token>-at"`.
const TOKEN_IN_FRAME = 'pres9f3c1a7e5b2d4c68aa';
let server: RemoteServer;
let inspector: Inspector;
let relay: RelayHandle;
let page: Page;

beforeAll(async () => {
  server = await startRemoteServer(REMOTE_FIXTURE, [], { FIXTURE_BEARER: BEARER, FIXTURE_LEAKED_TOKEN: TOKEN_IN_FRAME });
  inspector = await openInspector({
    args: ['--url', server.url('/mcp'), '--transport', 'http', '--header', `Authorization: Bearer ${BEARER}`],
    viewport: { width: 1500, height: 950 },
  });
  ({ relay, page } = inspector);
  await waitForServer(page);
});

afterAll(async () => {
  await inspector?.close();
  await server?.stop();
});

const presenting = () => page.evaluate(() => document.documentElement.classList.contains('present'));

async function setPresenting(on: boolean) {
  if ((await presenting()) !== on) await page.getByTestId('present-toggle').click();
  expect(await presenting()).toBe(on);
}

/** The font size a log row's text is drawn at, zoom included (getComputedStyle gives the size before zoom). */
function drawnFontSize(): Promise<number> {
  return page
    .locator('[data-testid="log-row"]')
    .first()
    .evaluate((el) => parseFloat(getComputedStyle(el).fontSize) * ((el as HTMLElement & { currentCSSZoom?: number }).currentCSSZoom ?? 1));
}

async function sessionId(): Promise<string> {
  return (await relay.api<{ id: string }[]>('/api/sessions')).body[0]!.id;
}

/**
 * The frames the log shows as rows: an HTTP record that brought only events without a message (a stream's priming
 * event or keep-alive) is folded into its exchange's row. Whether a priming event comes as a record of its own or with
 * the message depends on how the bytes were read, so a test that walks rows must not count on either.
 */
async function rowFrames(): Promise<FrameRecord[]> {
  const frames = await sessionFrames(relay, await sessionId());
  return frames.filter((f) => f.kind !== 'http' || !isKeepAliveRecord(JSON.parse(f.text)));
}

const selectedRow = () => page.locator('[data-testid="log-row"][aria-selected="true"]');

describe('presentation mode, in a real browser', () => {
  it('is switched on by ?present without starting anything, draws the type larger, and the toggle is remembered', async () => {
    await setPresenting(false);
    const normal = await drawnFontSize();
    const before = (await relay.api<unknown[]>('/api/sessions')).body.length;
    await page.goto(relay.url.replace('/#', '/?present#'));
    await waitForServer(page);
    expect(await presenting()).toBe(true);
    expect(await drawnFontSize()).toBeGreaterThanOrEqual(normal * 1.2);
    // The URL only changed the view: no session was started for it.
    expect((await relay.api<unknown[]>('/api/sessions')).body.length).toBe(before);

    // Off by the toggle, back on by the toggle, and on again after a reload without the parameter.
    await setPresenting(false);
    expect(await drawnFontSize()).toBeCloseTo(normal, 1);
    await setPresenting(true);
    await page.goto(relay.url);
    await waitForServer(page);
    expect(await presenting()).toBe(true);
  });

  it('masks a bearer token, an access_token and the Authorization header on screen (log, detail, HTTP tab) while the recording keeps them', async () => {
    await setPresenting(true);
    await selectTool(page, 'show_credentials');
    await callTool(page, 'credentials follow');

    // The log message's row: its summary is the text, masked before it is cut short.
    const logged = page.locator('[data-testid="log-row"][data-dir="in"][data-method="notifications/message"]').last();
    await expect.poll(() => logged.textContent()).toContain('Bearer [REDACTED]');
    expect(await logged.textContent()).not.toContain(TOKEN_IN_FRAME);
    const response = page.locator('[data-testid="log-row"][data-dir="in"][data-method="tools/call"]').last();
    await response.click();
    const detail = page.getByTestId('detail-pane');
    await expect.poll(() => detail.getByTestId('detail-parsed').textContent()).toContain('Bearer [REDACTED]');
    expect(await detail.getByTestId('detail-parsed').textContent()).toContain('"access_token": "[REDACTED]"');

    const exchange = await openExchange(page, { method: 'POST', carrying: 'tools/call' });
    expect(await shownHeader(exchange, 'request', 'authorization')).toBe('Bearer ••••');
    await exchange.getByTestId('http-section-response').click();
    const body = exchange.getByTestId('http-response-body');
    await expect.poll(() => body.textContent()).toContain('Bearer [REDACTED]');
    expect(await body.textContent()).not.toContain(TOKEN_IN_FRAME);

    const shown = await textOf(page);
    for (const secret of [TOKEN_IN_FRAME, BEARER]) expect(shown).not.toContain(secret);

    // The recording has the frames as they were sent: masking is on the screen only.
    const recorded = (await sessionFrames(relay, await sessionId())).map((f) => f.text).join('\n');
    expect(recorded).toContain(`Bearer ${TOKEN_IN_FRAME}`);
    expect(recorded).toContain(`${TOKEN_IN_FRAME}-at`);

    // And the same row shows them again once the mode is off (the mask was the mode's doing).
    await setPresenting(false);
    await expect.poll(() => logged.textContent()).toContain(TOKEN_IN_FRAME);
    await setPresenting(true);
  });

  it('follows the newest frame with it centred in the log as frames arrive', async () => {
    await setPresenting(true);
    await openTab(page, 'overview');
    // Following resumes with "jump to latest" (or End) after an earlier test scrolled to a selection.
    const jump = page.getByTestId('log-jump-latest');
    if (await jump.isVisible()) await jump.click();
    await jump.waitFor({ state: 'hidden' });
    const table = page.getByTestId('log-table');
    const pongs = async () => (await sessionFrames(relay, await sessionId())).filter((f) => f.dir === 'in' && f.method === null && f.kind === 'response');
    for (let i = 0; i < 16; i++) {
      const before = (await pongs()).length;
      await page.getByTestId('ping').click();
      const newest = await waitFor(async () => {
        const frames = await rowFrames();
        return (await pongs()).length > before && Math.max(...frames.map((f) => f.seq));
      }, 'the ping answered');
      // Measured in one go: the newest row the log shows (frames may still be arriving) against the table's box.
      await page.locator(`[data-testid="log-row"][data-seq="${newest}"]`).waitFor();
      const { box, at } = await table.evaluate((t) => {
        const rows = [...t.querySelectorAll<HTMLElement>('[data-testid="log-row"]')];
        const last = rows.reduce((a, b) => (Number(b.dataset.seq) > Number(a.dataset.seq) ? b : a));
        return { box: t.getBoundingClientRect().toJSON() as DOMRect, at: last.getBoundingClientRect().toJSON() as DOMRect };
      });
      expect(at.y).toBeGreaterThanOrEqual(box.y);
      expect(at.y + at.height).toBeLessThanOrEqual(box.y + box.height);
      // Once the log is longer than half its height, the newest row sits in the middle (within a row and a half).
      if (i >= 12) expect(Math.abs(at.y + at.height / 2 - (box.y + box.height / 2))).toBeLessThan(at.height * 1.5);
      await page.getByTestId('ping').and(page.locator(':enabled')).waitFor();
    }
  });

  for (const scheme of ['dark', 'light'] as const) {
    it(`has no serious or critical contrast violation (axe-core) in the ${scheme} theme`, async () => {
      await setPresenting(true);
      await page.emulateMedia({ colorScheme: scheme });
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
      await page.locator('[data-testid="log-row"][data-dir="in"][data-kind="response"]').first().click();
      await page.getByTestId('detail-pane').waitFor();
      expect(await seriousContrastViolations(page)).toEqual([]);
      await selectTool(page, 'show_credentials');
      expect(await seriousContrastViolations(page)).toEqual([]);
    });
  }

  it('steps through the recorded session exchange by exchange with j/k from the page, the detail following', async () => {
    await setPresenting(true);
    await page.getByTestId('stop-button').click();
    await page.getByTestId('readonly-badge').waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Home');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    const frames = await rowFrames();
    const bySeq = new Map(frames.map((f) => [f.seq, f]));
    const visited: number[] = [];
    let previous = -1;
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('j');
      await expect.poll(async () => Number(await selectedRow().getAttribute('data-seq'))).toBeGreaterThan(previous);
      const seq = Number(await selectedRow().getAttribute('data-seq'));
      const frame = bySeq.get(seq)!;
      // An exchange begins with a request (or a frame on its own), never with the response that ends one.
      expect(['response', 'error']).not.toContain(frame.kind);
      // Every frame stepped over is the response that ended the previous exchange.
      for (const f of frames.filter((f) => f.seq > previous && f.seq < seq && previous >= 0)) expect(['response', 'error']).toContain(f.kind);
      await expect.poll(() => page.getByTestId('detail-pane').getAttribute('data-seq')).toBe(String(seq));
      if (frame.kind === 'request') {
        // Its response is marked with it: the pair is the selection.
        const paired = page.locator('[data-testid="log-row"][data-paired="true"]');
        await expect.poll(() => paired.getAttribute('data-rpc-id')).toBe(frame.rpcId);
        expect(await paired.getAttribute('data-kind')).toMatch(/^(response|error)$/);
      }
      visited.push(seq);
      previous = seq;
    }
    expect(visited.some((s) => bySeq.get(s)!.kind === 'request')).toBe(true);

    // k walks back the same way.
    for (const seq of visited.slice(0, -1).reverse().slice(0, 3)) {
      await page.keyboard.press('k');
      await expect.poll(async () => Number(await selectedRow().getAttribute('data-seq'))).toBe(seq);
      await expect.poll(() => page.getByTestId('detail-pane').getAttribute('data-seq')).toBe(String(seq));
    }
    expect(inspector.errors).toEqual([]);
  });
});
