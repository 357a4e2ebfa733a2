import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { inspectorTest } from '../helpers/inspector-test.js';
import { fillCodeEditor, openComposer, recordedFrames } from '../helpers/panel-page.js';
import { DEMO_SERVER, waitFor, type RelayHandle } from '../helpers/relay-process.js';

const it = inspectorTest({ command: [process.execPath, DEMO_SERVER] });

const rows = (p: Page, sel = '') => p.locator(`[data-testid="log-row"]${sel}`);

/** Sends tools/list from the composer's template and returns its answer's row: this test's own, whatever ran before. */
async function sendToolsList(page: Page, relay: RelayHandle) {
  const sent = (await recordedFrames(relay)).filter((f) => f.dir === 'out' && f.method === 'tools/list').length;
  await page.getByTestId('template-tools-list').click();
  await page.getByTestId('composer-send').click();
  const request = await waitFor(async () => (await recordedFrames(relay)).filter((f) => f.dir === 'out' && f.method === 'tools/list')[sent], 'the tools/list request');
  const response = rows(page, `[data-dir="in"][data-kind="response"][data-rpc-id='${request.rpcId}']`).first();
  await response.waitFor();
  return response;
}

describe('the live log in a real browser', () => {
  it('opens on the printed URL and shows the handshake with its paired, timed response', async ({ page }) => {
    await rows(page, '[data-dir="out"][data-method="initialize"]').first().waitFor({ timeout: 20_000 });
    const initResponse = rows(page, '[data-dir="in"][data-kind="response"][data-rpc-id="1"]');
    await initResponse.first().waitFor();
    await rows(page, '[data-dir="out"][data-method="notifications/initialized"]').first().waitFor();
    await expect.poll(() => initResponse.first().locator('[data-testid="log-latency"]').textContent()).toMatch(/\d+(\.\d+)?\s*ms/);
    await expect.poll(() => page.getByTestId('connection-status').textContent()).toMatch(/running/i);
    // The token left the address bar once it was read.
    expect(page.url()).not.toContain('token=');
  });

  it('sends tools/list from the raw composer and pairs the response with its latency', async ({ page, inspector }) => {
    const response = await sendToolsList(page, inspector.relay);
    await expect.poll(() => response.locator('[data-testid="log-latency"]').textContent()).toMatch(/\d+(\.\d+)?\s*ms/);
    await response.click();
    const detail = page.getByTestId('detail-pane');
    await expect.poll(() => detail.textContent()).toContain('get_weather');
    await page.getByTestId('goto-pair').click();
    await expect.poll(() => detail.textContent()).toContain('tools/list');
  });

  it('sends invalid JSON on purpose after a warning and shows it as noise', async ({ page }) => {
    await openComposer(page);
    await fillCodeEditor(page, page.getByTestId('composer-editor'), '{"jsonrpc":"2.0", broken');
    await page.getByTestId('composer-send').click();
    await page.getByTestId('composer-send-anyway').click();
    await rows(page, '[data-dir="out"][data-kind="noise"]').first().waitFor();
  });

  it('shows the same history after a reload, without a second handshake', async ({ page, inspector }) => {
    await sendToolsList(page, inspector.relay);
    const before = await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-seq')));
    // The reloaded page performs a handshake only for a session the relay lists as still waiting for one.
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/sessions' && r.request().method() === 'GET', { timeout: 20_000 });
    await page.reload();
    const sessions = (await (await listed).json()) as SessionInfo[];
    expect(sessions.map((x) => x.handshakePending)).toEqual([false]);
    await rows(page, '[data-method="tools/list"]').first().waitFor({ timeout: 20_000 });
    const after = await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-seq')));
    expect(after.slice(0, before.length)).toEqual(before);
    expect(await rows(page, '[data-dir="out"][data-method="initialize"]').count()).toBe(1);
  });
});
