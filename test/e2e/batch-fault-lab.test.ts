import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, watchPageErrors } from '../helpers/browser.js';
import { openTab, waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER, FIXTURES, startRelay, type RelayHandle } from '../helpers/relay-process.js';

let browser: Browser;
/** The page on the batch-answering stdio server, reused by the composer history test. */
let scripted: Page;
const relays: RelayHandle[] = [];

async function openOn(command: string[]): Promise<{ page: Page; errors: string[] }> {
  const relay = await startRelay({ command });
  relays.push(relay);
  const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
  const errors = watchPageErrors(page);
  await page.goto(relay.url);
  await waitForServer(page);
  return { page, errors };
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(relays.map((r) => r.stop()));
});

describe('the batch builder and the fault lab in a real browser', () => {
  it('sends a three-element batch as one frame to a stdio server that answers batches and shows each element’s response', async () => {
    const { page, errors } = await openOn([process.execPath, join(FIXTURES, 'scripted-server.mjs'), '--batches']);
    scripted = page;
    await openTab(page, 'batch');
    await page.getByTestId('batch-preset-three').click();
    await expect.poll(() => page.getByTestId('batch-element').count()).toBe(3);
    // Reordering changes the frame: tools/call moves to the front.
    await page.locator('[data-testid="batch-element"][data-index="2"]').getByLabel('move up').click();
    await page.locator('[data-testid="batch-element"][data-index="1"]').getByLabel('move up').click();
    await expect.poll(() => page.getByTestId('batch-text').textContent()).toMatch(/^\[\{[^[]*"method":"tools\/call"/);
    await page.getByTestId('batch-send').click();
    const verdict = page.getByTestId('batch-verdict');
    await verdict.waitFor({ timeout: 15_000 });
    expect(await verdict.getAttribute('data-outcome')).toBe('as-spec');
    const rows = page.getByTestId('batch-result-row');
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(['answered', 'answered', 'answered']);
    const responses = await page.getByTestId('batch-result-response').allTextContents();
    expect(responses[0]).toMatch(/error -32601/);
    expect(responses[2]).toContain('echo');
    // The whole batch went out as one recorded frame.
    await page.locator('[data-testid="log-row"][data-dir="out"][data-kind="batch"]').first().waitFor();
    expect(errors).toEqual([]);
  });

  it('runs every fault preset against the demo server and grades what it does as MCP-FACTS documents', async () => {
    const { page, errors } = await openOn([process.execPath, DEMO_SERVER]);
    await openTab(page, 'fault-lab');
    await page.getByTestId('fault-wait').fill('1500');
    const runnable = await page.locator('[data-testid^="fault-send-"]:enabled').count();
    expect(runnable).toBeGreaterThan(20);
    // A request before initialize needs a session nobody initialized.
    expect(await page.getByTestId('fault-send-before-initialize').isDisabled()).toBe(true);
    await page.getByTestId('fault-run-all').click();
    const results = page.getByTestId('fault-result');
    await expect.poll(() => results.count(), { timeout: 90_000 }).toBe(runnable);
    const outcome = (id: string) => page.locator(`[data-testid="fault-result"][data-preset="${id}"]`).getAttribute('data-outcome');
    // The SDK's stdio server drops non-JSON lines, null ids and batches without a word.
    expect(await outcome('invalid-json')).toBe('no-reply');
    expect(await outcome('null-id')).toBe('no-reply');
    expect(await outcome('batch-one-invalid')).toBe('no-reply');
    expect(await outcome('batch-empty')).toBe('no-reply');
    // What it does answer, it answers as the spec says.
    expect(await outcome('unknown-method')).toBe('as-spec');
    expect(await outcome('cancel-unknown')).toBe('as-spec');
    expect(await outcome('batch-notifications')).toBe('as-spec');
    await page.getByTestId('fault-copy-markdown').click();
    const markdown = await page.getByTestId('fault-markdown').textContent();
    expect(markdown).toMatch(/\| Invalid JSON \| one -32700 parse error with id null \| .* \| \*\*no reply\*\* \|/);
    expect(markdown).toContain('**as the spec says**');
    expect(errors).toEqual([]);
  }, 150_000);

  it('keeps composer sends in a history that resends with a fresh id, saves snippets and survives a reload', async () => {
    const page = scripted;
    const requests = page.locator('[data-testid="log-row"][data-dir="out"][data-method="ping"][data-kind="request"]');
    await page.getByTestId('template-ping').click();
    await page.getByTestId('composer-send').click();
    await expect.poll(() => requests.count()).toBe(1);
    await page.getByTestId('composer-history-toggle').click();
    const entries = page.getByTestId('composer-history-entry');
    await expect.poll(() => entries.count()).toBe(1);
    await entries.first().getByTestId('history-resend').click();
    await expect.poll(() => requests.count()).toBe(2);
    const ids = await requests.evaluateAll((els) => els.map((e) => e.getAttribute('data-rpc-id')));
    expect(new Set(ids).size).toBe(2);
    await entries.first().getByTestId('history-save').click();
    await expect.poll(() => page.getByTestId('composer-snippet').textContent()).toContain('ping');
    await page.reload();
    await page.getByTestId('composer-history-toggle').click();
    await expect.poll(() => page.getByTestId('composer-snippet').count()).toBe(1);
    expect(await page.getByTestId('composer-history-entry').count()).toBeGreaterThanOrEqual(1);
  });
});
