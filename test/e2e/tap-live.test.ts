// Five hosts talk to server-everything through mcpscope tap while the inspector runs on the same data dir: in Chromium
// the tapped sessions appear without a reload, a tapped session's log grows as its host sends, and it is read-only.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchPageErrors } from '../helpers/browser.js';
import { startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { EVERYTHING, connectClient, tapArgs } from '../helpers/tap-process.js';

let relay: RelayHandle;
let browser: Browser;
let page: Page;
let errors: string[];
let hosts: Client[] = [];

beforeAll(async () => {
  [relay, browser] = await Promise.all([startRelay(), launchBrowser()]);
  page = await browser.newPage({ viewport: { width: 1500, height: 900 } });
  errors = watchPageErrors(page);
  await page.goto(relay.url);
  await page.getByTestId('view-tab-sessions').click();
});

afterAll(async () => {
  await Promise.all(hosts.map((c) => c.close()));
  await browser?.close();
  await relay?.stop();
});

const tappedRows = () => page.locator('[data-testid="history-row"][data-origin="tap"]');
const logRows = (method: string) => page.locator(`[data-testid="log-row"][data-dir="out"][data-method="${method}"]`);

describe('tapped sessions in a real browser', () => {
  it('appear in the open Sessions view as five hosts start, without a reload', { timeout: 180_000 }, async () => {
    hosts = (
      await Promise.all(Array.from({ length: 5 }, (_, i) => connectClient([process.execPath, ...tapArgs(relay.dataDir, EVERYTHING, ['--name', `host ${i}`])])))
    ).map((h) => h.client);
    await expect.poll(() => tappedRows().count(), { timeout: 90_000 }).toBe(5);
    expect((await tappedRows().getByTestId('session-name').allTextContents()).sort()).toEqual(['host 0', 'host 1', 'host 2', 'host 3', 'host 4']);
  });

  it("shows a tapped session's log growing as its host sends, read-only", { timeout: 120_000 }, async () => {
    const row = tappedRows().filter({ hasText: 'host 2' });
    await row.getByTestId('session-open').click();
    const badge = page.locator('[data-testid="readonly-badge"][data-tapped="true"]');
    await expect.poll(() => badge.textContent()).toContain('tapped by a host, live');
    await logRows('initialize').first().waitFor();
    expect(await logRows('tools/call').count()).toBe(0);

    await hosts[2]!.callTool({ name: 'echo', arguments: { message: 'first' } });
    await expect.poll(() => logRows('tools/call').count(), { timeout: 15_000 }).toBe(1);
    // Another host's traffic is not this session's.
    await hosts[3]!.callTool({ name: 'echo', arguments: { message: 'elsewhere' } });
    await Promise.all(Array.from({ length: 4 }, (_, i) => hosts[2]!.callTool({ name: 'echo', arguments: { message: `more ${i}` } })));
    await expect.poll(() => logRows('tools/call').count(), { timeout: 15_000 }).toBe(5);
    expect(await page.locator('[data-testid="log-row"][data-dir="in"][data-kind="response"]').count()).toBeGreaterThanOrEqual(6);

    // The composer sends nothing into a session the host owns, and says why.
    await expect.poll(() => page.getByTestId('composer-send').isDisabled()).toBe(true);
    expect(await page.getByText('tapped session: the host owns it').count()).toBeGreaterThan(0);
  });

  it('marks the session ended when its host leaves', { timeout: 60_000 }, async () => {
    await hosts[2]!.close();
    await expect
      .poll(() => page.locator('[data-testid="readonly-badge"][data-tapped="true"]').textContent(), { timeout: 15_000 })
      .toBe('tapped by a host · read-only');
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
