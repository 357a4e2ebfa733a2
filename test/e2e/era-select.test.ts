// The connection bar's era selector: legacy by default (initialize first, as every other test expects), remembered
// across loads, and auto's probe visible in the log and explained in the Overview when a legacy server refuses it.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openInspector, type Inspector } from '../helpers/browser.js';
import { openTab, recordedFrames, waitForServer } from '../helpers/panel-page.js';
import { join } from 'node:path';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { DEMO_SERVER, FIXTURES } from '../helpers/relay-process.js';

let ui: Inspector;
let page: Page;

beforeAll(async () => {
  ui = await openInspector({ command: [process.execPath, DEMO_SERVER] });
  ({ page } = ui);
  await waitForServer(page);
});
afterAll(() => ui?.close());

describe('the era selector', () => {
  it('defaults to legacy: the first request is initialize, and the title explains each era', async () => {
    const select = page.getByTestId('era-select');
    expect(await select.inputValue()).toBe('legacy');
    expect(await select.getAttribute('title')).toMatch(/legacy: initialize[\s\S]*modern: 2026-07-28[\s\S]*server\/discover[\s\S]*auto: probe/);
    const first = (await recordedFrames(ui.relay)).find((f) => f.dir === 'out' && f.kind === 'request');
    expect(first?.method).toBe('initialize');
    await openTab(page, 'overview');
    await page
      .getByTestId('session-era')
      .filter({ hasText: /^Era legacy — initialize \(#\d+\) was answered/ })
      .waitFor();
    expect(await page.getByTestId('era-probe').count()).toBe(0);
  });

  it('remembers the era picked across a reload, while the selector shows the era of the session attached', async () => {
    await page.getByTestId('era-select').selectOption('auto');
    await page.reload();
    await waitForServer(page);
    // The launch session was initialized in legacy, and the selector says so; the pick stays stored for the next one.
    await expect.poll(() => page.getByTestId('era-select').inputValue(), { timeout: 15_000 }).toBe('legacy');
    expect(await page.evaluate(() => localStorage.getItem('mcpscope.era'))).toBe('auto');
  });

  it('with auto, probes with server/discover, falls back to initialize on the error, and says so', async () => {
    await page.getByTestId('era-select').selectOption('auto');
    await page.getByTestId('connect-button').click();
    const sent = (method: string) => page.locator(`[data-testid="log-row"][data-dir="out"][data-method="${method}"]`);
    // The log switches to the new session: its first request is the probe.
    await sent('server/discover').first().waitFor({ timeout: 20_000 });
    await sent('notifications/initialized').first().waitFor({ timeout: 20_000 });
    expect(await sent('server/discover').count()).toBe(1);
    const discoverSeq = Number(await sent('server/discover').first().getAttribute('data-seq'));
    const initializeSeq = Number(await sent('initialize').first().getAttribute('data-seq'));
    expect(discoverSeq).toBeLessThan(initializeSeq);
    await expect
      .poll(() => page.getByTestId('handshake-status').textContent(), { timeout: 15_000 })
      .toMatch(/^initialized: .* \(auto: server\/discover was answered -32601/);
    await openTab(page, 'overview');
    const probe = page.getByTestId('era-probe');
    await probe.waitFor({ timeout: 15_000 });
    expect(await probe.textContent()).toMatch(/server\/discover \(#\d+\) was answered with error -32601 .*fell back to initialize/);
  });

  it('reads "auto" on an auto-negotiated session and "legacy" on a legacy one when switching between them', async () => {
    const select = page.getByTestId('session-select');
    const auto = await select.inputValue();
    // This browser's pick is now legacy; the auto session still reads as what it is.
    await page.getByTestId('era-select').selectOption('legacy');
    const sessions = (await ui.relay.api<SessionInfo[]>('/api/sessions')).body;
    const launch = sessions.find((s) => s.id !== auto)!;
    await select.selectOption(launch.id);
    await expect.poll(() => page.getByTestId('era-select').inputValue(), { timeout: 15_000 }).toBe('legacy');
    await select.selectOption(auto);
    await expect.poll(() => page.getByTestId('era-select').inputValue(), { timeout: 15_000 }).toBe('auto');
    expect(await page.evaluate(() => localStorage.getItem('mcpscope.era'))).toBe('legacy');
  });

  it('with modern, Connect starts a 2026-07-28 session with server/discover, whatever legacy version is picked', async () => {
    await page.getByTestId('era-select').selectOption('modern');
    await page.getByTestId('target-toggle').click();
    await page.getByTestId('target-command').fill(process.execPath);
    await page.getByTestId('target-args').fill(`${join(FIXTURES, 'sdk-v2-server.mjs')}\n--stdio`);
    expect(await page.getByTestId('protocol-select').inputValue()).toBe('2025-11-25');
    await page.getByTestId('connect-button').click();
    await expect
      .poll(() => page.getByTestId('handshake-status').textContent(), { timeout: 20_000 })
      .toMatch(/^discovered: sdk-v2-fixture 1\.0\.0 · 2026-07-28$/);
    const sessions = (await ui.relay.api<SessionInfo[]>('/api/sessions')).body;
    const newest = sessions.find((s) => s.target.transport === 'stdio' && s.target.args.includes('--stdio'));
    expect(newest?.protocolVersion).toBe('2026-07-28');
    await openTab(page, 'overview');
    await page
      .getByTestId('session-era')
      .filter({ hasText: /^Era modern/ })
      .waitFor({ timeout: 15_000 });
  });

  it('ran without page errors', () => expect(ui.errors).toEqual([]));
});
