// Traces in the page, in one browser session: the waterfall shows the session's exchanges with their durations, a
// failure in red and a traced request under its trace; a row opens the request in Detail, which shows its trace
// context and filters the log to that trace; the waterfall exports as SVG and PNG.
import { readFile } from 'node:fs/promises';
import { describe, expect } from 'vitest';
import type { Download, Page } from 'playwright-core';
import type { FrameRecord, RelayConfig } from '../../shared/relay-protocol.js';
import { savedDownload } from '../helpers/browser.js';
import { inspectorTest } from '../helpers/inspector-test.js';
import { openTab, recordedFrames, waitForServer } from '../helpers/panel-page.js';
import { parseTraceparent } from '../../shared/trace/trace-context.js';
import { DEMO_SERVER, type RelayHandle } from '../helpers/relay-process.js';

const it = inspectorTest({ command: [process.execPath, DEMO_SERVER] });

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';

async function send(relay: RelayHandle, message: Record<string, unknown>): Promise<FrameRecord> {
  const sid = (await relay.api<RelayConfig>('/api/config')).body.launchSessionId!;
  const sock = await relay.socket();
  try {
    sock.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
    sock.send({ type: 'send', sessionId: sid, text: JSON.stringify({ jsonrpc: '2.0', ...message }) });
    const key = String(message.id);
    await sock.frame(sid, (f) => f.dir === 'out' && f.rpcId === key, `request ${key}`);
    return await sock.frame(sid, (f) => f.dir === 'in' && f.rpcId === key, `the answer to ${key}`);
  } finally {
    sock.close();
  }
}

async function downloaded(page: Page, button: string): Promise<Buffer> {
  const [download] = await Promise.all([page.waitForEvent('download') as Promise<Download>, page.getByTestId(button).click()]);
  return readFile(await savedDownload(download));
}

const row = (page: Page, name: string) => page.locator(`[data-testid="waterfall-row"][data-name="${name}"]`);

describe('the waterfall', () => {
  it('shows the exchanges with durations, errors red, nested by trace; a row opens Detail with the trace context and its filter', async ({
    page,
    inspector,
  }) => {
    await page.getByTestId('log-view-log').click();
    await waitForServer(page);
    await send(inspector.relay, { id: 951, method: 'tools/list', params: { _meta: { traceparent: `00-${TRACE}-00f067aa0ba902b7-01`, baggage: 'team=a b' } } });
    await send(inspector.relay, { id: 952, method: 'no/such_method' });
    await page.getByTestId('log-view-waterfall').click();
    await row(page, 'no/such_method').waitFor({ timeout: 10_000 });

    expect(await row(page, 'initialize').first().getAttribute('data-failed')).toBe('false');
    expect(Number(await row(page, 'initialize').first().getAttribute('data-duration'))).toBeGreaterThan(0);
    expect(await row(page, 'no/such_method').getAttribute('data-failed')).toBe('true');
    const bar = await row(page, 'no/such_method')
      .locator('.wf-bar')
      .evaluate((el) => getComputedStyle(el).fill);
    expect(bar).toMatch(/rgb\((248, 113, 113|220, 38, 38)\)/);
    // The traced request heads its own trace group, the first group.
    const traced = page.locator(`[data-testid="waterfall-row"][data-name="tools/list"][data-trace="${TRACE}"]`);
    await traced.waitFor({ state: 'attached' });
    const traces = await page.getByTestId('waterfall-row').evaluateAll((els) => els.map((e) => e.getAttribute('data-trace')));
    expect(traces[0]).toBe(TRACE);

    await traced.locator('.wf-hit').click();
    await page.getByTestId('detail-trace').waitFor();
    expect(await page.getByTestId('detail-trace-parsed').textContent()).toContain(TRACE);
    // The baggage breaks W3C Baggage (an unencoded space): said in place, and linted (info before 2026-07-28).
    expect(await page.getByTestId('detail-trace-baggage').textContent()).toMatch(/forbids/);

    await page.getByTestId('detail-trace-filter').click();
    await expect.poll(() => page.getByTestId('filter-trace').inputValue()).toBe(TRACE);
    await page.getByTestId('log-view-log').click();
    await expect.poll(() => page.getByTestId('log-count').textContent()).toMatch(/^1 \/ \d+ frames$/);

    await page.getByTestId('log-view-waterfall').click();
    const svg = (await downloaded(page, 'wf-export-svg')).toString('utf8');
    expect(svg.startsWith('<?xml')).toBe(true);
    for (const name of ['initialize', 'tools/list', 'no/such_method']) expect(svg).toContain(name);
    const png = await downloaded(page, 'wf-export-png');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');

    // The connection bar's trace switch: off by default, and nothing the page sent carried trace context…
    const toggle = page.getByTestId('trace-checkbox');
    expect(await toggle.isChecked()).toBe(false);
    const ownTraced = async () =>
      (await recordedFrames(inspector.relay)).filter((f) => f.dir === 'out' && f.origin !== 'user' && f.text.includes('traceparent'));
    expect(await ownTraced()).toEqual([]);
    // …on, the page's own ping carries a valid traceparent of the toggle's trace, and the relay recorded the switch.
    await toggle.check();
    const traceId = await toggle.getAttribute('data-trace-id');
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    await openTab(page, 'overview');
    await page.getByTestId('ping').click();
    await expect.poll(async () => (await ownTraced()).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const ping = (await ownTraced()).at(-1)!;
    const meta = (JSON.parse(ping.text) as { params: { _meta: { traceparent: string; baggage: string } } }).params._meta;
    const parsed = parseTraceparent(meta.traceparent);
    expect(parsed.ok && parsed.parent.traceId).toBe(traceId);
    expect(meta.baggage).toMatch(/^mcpscope\.session=/);
    const events = (await recordedFrames(inspector.relay)).filter((f) => f.dir === 'relay' && f.method === 'trace-context');
    expect(events.map((f) => (JSON.parse(f.text) as { traceId: string }).traceId)).toEqual([traceId]);
  });
});
