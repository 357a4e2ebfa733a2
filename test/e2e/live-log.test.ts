import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { openInspector, type Inspector } from '../helpers/browser.js';
import { DEMO_SERVER } from '../helpers/relay-process.js';

let ui: Inspector;
let page: Page;
let errors: string[];

beforeAll(async () => {
  ui = await openInspector({ command: [process.execPath, DEMO_SERVER], viewport: { width: 1400, height: 900 } });
  ({ page, errors } = ui);
});

afterAll(() => ui?.close());

const rows = (p: Page, sel = '') => p.locator(`[data-testid="log-row"]${sel}`);

describe('the live log in a real browser', () => {
  it('opens on the printed URL and shows the handshake with its paired, timed response', async () => {
    await rows(page, '[data-dir="out"][data-method="initialize"]').first().waitFor({ timeout: 20_000 });
    const initResponse = rows(page, '[data-dir="in"][data-kind="response"][data-rpc-id="1"]');
    await initResponse.first().waitFor();
    await rows(page, '[data-dir="out"][data-method="notifications/initialized"]').first().waitFor();
    await expect.poll(() => initResponse.first().locator('[data-testid="log-latency"]').textContent()).toMatch(/\d+(\.\d+)?\s*ms/);
    await expect.poll(() => page.getByTestId('connection-status').textContent()).toMatch(/running/i);
    // The token left the address bar once it was read.
    expect(page.url()).not.toContain('token=');
  });

  it('sends tools/list from the raw composer and pairs the response with its latency', async () => {
    await page.getByTestId('template-tools-list').click();
    await page.getByTestId('composer-send').click();
    const request = rows(page, '[data-dir="out"][data-method="tools/list"]').first();
    await request.waitFor();
    const id = await request.getAttribute('data-rpc-id');
    expect(id).toBeTruthy();
    const response = rows(page, `[data-dir="in"][data-kind="response"][data-rpc-id='${id}']`).first();
    await response.waitFor();
    await expect.poll(() => response.locator('[data-testid="log-latency"]').textContent()).toMatch(/\d+(\.\d+)?\s*ms/);
    await response.click();
    const detail = page.getByTestId('detail-pane');
    await expect.poll(() => detail.textContent()).toContain('get_weather');
    await page.getByTestId('goto-pair').click();
    await expect.poll(() => detail.textContent()).toContain('tools/list');
  });

  it('sends invalid JSON on purpose after a warning and shows it as noise', async () => {
    await page.getByTestId('composer-editor').click();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('{"jsonrpc":"2.0", broken');
    await page.getByTestId('composer-send').click();
    await page.getByTestId('composer-send-anyway').click();
    await rows(page, '[data-dir="out"][data-kind="noise"]').first().waitFor();
  });

  it('shows the same history after a reload, without a second handshake', async () => {
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

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
