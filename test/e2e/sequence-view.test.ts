import { readFile } from 'node:fs/promises';
import { describe, expect } from 'vitest';
import type { Download, Page } from 'playwright-core';
import type { FrameRecord, RelayConfig } from '../../shared/relay-protocol.js';
import { seriousContrastViolations } from '../helpers/axe-page.js';
import { savedDownload } from '../helpers/browser.js';
import { inspectorTest } from '../helpers/inspector-test.js';
import { waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER, type RelayHandle } from '../helpers/relay-process.js';

const it = inspectorTest({ command: [process.execPath, DEMO_SERVER] });

const arrow = (page: Page, seq: number) => page.locator(`[data-testid="seq-arrow"][data-seq="${seq}"]`);
const laneX = (page: Page, lane: string) => page.locator(`[data-testid="seq-lane"][data-lane="${lane}"]`).getAttribute('x').then(Number);

interface Sent {
  request: FrameRecord;
  answer: FrameRecord;
}

/** Sends `text` as another client of the relay would, and waits for the server's answer to id `id` (`answered` false: only for the request). */
async function send(relay: RelayHandle, text: string, id: number, answered = true): Promise<Sent> {
  const sid = (await relay.api<RelayConfig>('/api/config')).body.launchSessionId!;
  const sock = await relay.socket();
  try {
    sock.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
    sock.send({ type: 'send', sessionId: sid, text });
    const key = String(id);
    const request = await sock.frame(sid, (f) => f.dir === 'out' && f.rpcId === key, `request ${id}`);
    const answer = answered ? await sock.frame(sid, (f) => f.dir === 'in' && f.rpcId === key, `the answer to ${id}`) : request;
    return { request, answer };
  } finally {
    sock.close();
  }
}

async function openSequence(page: Page): Promise<void> {
  // The page remembers the view chosen last: the handshake is awaited in the log, whichever test ran before.
  await page.getByTestId('log-view-log').click();
  await waitForServer(page);
  await page.getByTestId('log-view-sequence').click();
  await page.getByTestId('sequence-view').waitFor();
}

async function downloaded(page: Page, button: string): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download') as Promise<Download>, page.getByTestId(button).click()]);
  return readFile(await savedDownload(download));
}

describe('the sequence view of a stdio session', () => {
  it("draws a lane per party, mcpscope's own handshake from its lane, and a request joined to its answer with the latency", async ({ page, inspector }) => {
    await openSequence(page);
    expect(await page.getByTestId('seq-lane').evaluateAll((els) => els.map((e) => e.getAttribute('data-lane')))).toEqual(['client', 'mcpscope', 'server']);
    const ping = await send(inspector.relay, JSON.stringify({ jsonrpc: '2.0', id: 904, method: 'ping' }), 904);
    await arrow(page, ping.answer.seq).waitFor({ timeout: 10_000 });
    // The answer runs server → client, and a bar joins it to its request, labelled with the time between them.
    expect(Number(await arrow(page, ping.answer.seq).getAttribute('data-from-x'))).toBe(await laneX(page, 'server'));
    expect(Number(await arrow(page, ping.answer.seq).getAttribute('data-to-x'))).toBe(await laneX(page, 'client'));
    await page.locator(`[data-testid="seq-join"][data-from="${ping.request.seq}"][data-to="${ping.answer.seq}"]`).waitFor({ state: 'attached' });
    expect(await arrow(page, ping.answer.seq).getByTestId('seq-latency').textContent()).toMatch(/· \d+(\.\d+)? (ms|s)$/);

    // initialize was mcpscope's bookkeeping: its arrow starts on the mcpscope lane, tagged as such.
    await page.getByTestId('sequence-scroll').evaluate((el) => (el.scrollTop = 0));
    const init = page.locator('[data-testid="seq-arrow"][data-method="initialize"][data-kind="request"]').first();
    await init.waitFor();
    expect(await init.getAttribute('data-origin')).toBe('bookkeeping');
    expect(Number(await init.getAttribute('data-from-x'))).toBe(await laneX(page, 'mcpscope'));
    expect(Number(await init.getAttribute('data-to-x'))).toBe(await laneX(page, 'server'));
    expect(await init.textContent()).toContain('auto ·');
  });

  it('draws an error answer in red and marks a frame with findings', async ({ page, inspector }) => {
    await openSequence(page);
    const unknown = await send(inspector.relay, JSON.stringify({ jsonrpc: '2.0', id: 903, method: 'no/such_method' }), 903);
    // Not JSON-RPC 2.0: a finding on the request, whatever the server makes of it.
    const bad = await send(inspector.relay, JSON.stringify({ jsonrpc: '1.0', id: 902, method: 'ping' }), 902, false);
    const error = arrow(page, unknown.answer.seq);
    await error.waitFor({ timeout: 10_000 });
    expect(await error.getAttribute('data-tone')).toBe('error');
    const stroke = await error.locator('line').evaluate((el) => getComputedStyle(el).stroke);
    const [r, g, b] = (stroke.match(/\d+/g) ?? []).map(Number);
    // Red in either theme (light #b91c1c, dark #f87171): red well above green and blue.
    expect(r! - Math.max(g!, b!), `stroke ${stroke}`).toBeGreaterThan(100);
    const marked = arrow(page, bad.request.seq);
    await marked.getByTestId('seq-finding').waitFor({ timeout: 10_000 });
    expect(await marked.getAttribute('data-findings')).toMatch(/\S/);
  });

  it('selects the frame of a clicked arrow, and the detail shows it', async ({ page, inspector }) => {
    await openSequence(page);
    const ping = await send(inspector.relay, JSON.stringify({ jsonrpc: '2.0', id: 905, method: 'ping' }), 905);
    const target = arrow(page, ping.request.seq);
    await target.waitFor({ timeout: 10_000 });
    await target.click();
    await expect.poll(() => page.getByTestId('detail-pane').getAttribute('data-seq')).toBe(String(ping.request.seq));
    expect(await target.getAttribute('aria-selected')).toBe('true');
    // ↓ moves the selection to the next frame, as in the log, and the detail follows.
    await page.getByTestId('sequence-scroll').press('ArrowDown');
    await expect.poll(() => page.getByTestId('detail-pane').getAttribute('data-seq')).toBe(String(ping.request.seq + 1));
    await page.getByTestId('sequence-scroll').press('ArrowUp');
    await expect.poll(() => page.getByTestId('detail-pane').getAttribute('data-seq')).toBe(String(ping.request.seq));
    // The same selection as the log's: switching back shows that row selected.
    await page.getByTestId('log-view-log').click();
    expect(await page.locator(`[data-testid="log-row"][data-seq="${ping.request.seq}"]`).getAttribute('aria-selected')).toBe('true');
  });

  it('exports a valid SVG with the methods in it, and a PNG drawn from it', async ({ page, inspector }) => {
    await openSequence(page);
    await send(inspector.relay, JSON.stringify({ jsonrpc: '2.0', id: 906, method: 'no/such_export' }), 906);
    await page.locator('[data-testid="seq-arrow"][data-method="no/such_export"]').first().waitFor({ timeout: 10_000 });
    const svg = (await downloaded(page, 'seq-export-svg')).toString('utf8');
    expect(svg.startsWith('<?xml')).toBe(true);
    for (const method of ['initialize', 'notifications/initialized', 'no/such_export']) expect(svg).toContain(method);
    // Well-formed SVG by the browser's own XML parser.
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      return {
        root: doc.documentElement.nodeName,
        ns: doc.documentElement.namespaceURI,
        errors: doc.getElementsByTagName('parsererror').length,
        arrows: doc.querySelectorAll('[data-testid="seq-arrow"]').length,
      };
    }, svg);
    expect(parsed).toMatchObject({ root: 'svg', ns: 'http://www.w3.org/2000/svg', errors: 0 });
    expect(parsed.arrows).toBeGreaterThan(5);

    const png = await downloaded(page, 'seq-export-png');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // IHDR: the width the SVG declares, drawn at twice the pixels.
    const width = Number(/<svg[^>]* width="(\d+)"/.exec(svg)?.[1]);
    expect(png.readUInt32BE(16)).toBe(width * 2);
  });

  for (const scheme of ['light', 'dark'] as const) {
    // axe-core judges the HTML around the diagram (the switch, the lane header's buttons); it does not rate SVG text.
    it(`has no serious or critical contrast violation (axe-core) around the diagram in the ${scheme} theme`, async ({ page, inspector }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(scheme);
      await openSequence(page);
      const id = scheme === 'light' ? 910 : 911;
      const unknown = await send(inspector.relay, JSON.stringify({ jsonrpc: '2.0', id, method: 'no/such_contrast' }), id);
      await arrow(page, unknown.answer.seq).waitFor({ timeout: 10_000 });
      expect(await seriousContrastViolations(page)).toEqual([]);
    });
  }
});
