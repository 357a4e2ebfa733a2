import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FAULT_PRESETS } from '../../shared/fault-lab/index.js';
import { launchBrowser, watchPageErrors } from '../helpers/browser.js';
import { STDIO_VERDICTS } from '../helpers/fault-expectations.js';
import { explanationOf, runAllPresets, scratchIds, verdictMismatches } from '../helpers/fault-lab-page.js';
import { openTab, selectTool, waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER, EVERYTHING_SERVER, FIXTURES, startRelay, type RelayHandle } from '../helpers/relay-process.js';

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

  // Every preset from the UI against server-everything, each verdict checked against the table MCP-FACTS backs. The
  // demo server's Run all is test/e2e/fault-lab-isolation.test.ts's, checked against the same table (the two SDK
  // servers behave alike on stdio), on two connections; this one runs on three side by side (a whole run on one takes a
  // minute on a busy machine), and its results still read in the table's order.
  it('runs every fault preset against server-everything on stdio and grades each as MCP-FACTS documents', async () => {
    const { page, errors } = await openOn([process.execPath, EVERYTHING_SERVER, 'stdio']);
    // A request before initialize needs a session nobody initialized.
    await openTab(page, 'fault-lab');
    expect(await page.getByTestId('fault-send-before-initialize').isDisabled()).toBe(true);
    // HTTP presets are raw exchanges on an HTTP endpoint: not offered on stdio.
    expect(await page.getByTestId('fault-send-http-accept-missing').isDisabled()).toBe(true);
    expect(verdictMismatches(await runAllPresets(page, 2000, 3), STDIO_VERDICTS)).toEqual([]);
    expect(new Set(await scratchIds(page)).size).toBe(3);
    const order = await page.getByTestId('fault-result').evaluateAll((els) => els.map((e) => e.getAttribute('data-preset')));
    expect(order).toEqual(FAULT_PRESETS.map((p) => p.id).filter((id) => id in STDIO_VERDICTS));
    expect(await explanationOf(page, 'second-initialize')).toMatch(/silent on a second one: an error and a fresh result are both allowed/);
    expect(await explanationOf(page, 'duplicate-id')).toMatch(/Answered both/);
    await page.getByTestId('fault-copy-markdown').click();
    const markdown = await page.getByTestId('fault-markdown').textContent();
    // The verdict carries what it costs: silence on invalid JSON is owed by no keyword (info), as lint and check say.
    expect(markdown).toMatch(/\| Invalid JSON \| one -32700 parse error with id null \| .* \| \*\*no reply\*\*, info \(no keyword\) \|/);
    expect(markdown).toContain('**as the spec says**');

    // Then a session with the handshake left to us, for the one preset that needs it.
    await page.getByTestId('handshake-checkbox').uncheck();
    await page.getByTestId('connect-button').click();
    const before = page.getByTestId('fault-send-before-initialize');
    await expect.poll(() => before.isEnabled(), { timeout: 20_000 }).toBe(true);
    await before.click();
    const row = page.locator('[data-testid="fault-result"][data-preset="before-initialize"]');
    await row.waitFor({ timeout: 20_000 });
    expect(await row.getAttribute('data-outcome')).toBe('as-spec');
    expect(errors).toEqual([]);
  }, 300_000);

  it('adds a tools/call from the Tools form and a logged request to the batch builder, each with a fresh id', async () => {
    const { page, errors } = await openOn([process.execPath, DEMO_SERVER]);
    await selectTool(page, 'echo');
    await page.locator('#args_text').fill('from the form');
    await page.getByTestId('tool-add-to-batch').click();
    // The workbench switches to the Batch tab, which takes the element.
    const elements = page.getByTestId('batch-element');
    await expect.poll(() => elements.count(), { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() => page.getByTestId('batch-text').textContent())
      .toMatch(/"method":"tools\/call","params":\{"name":"echo","arguments":\{[^}]*"text":"from the form"/);
    // A request from the log: select it, then "add to batch" in its detail.
    await page.locator('[data-testid="log-row"][data-dir="out"][data-method="tools/list"]').first().click();
    await page.getByTestId('add-to-batch').click();
    await expect.poll(() => elements.count(), { timeout: 10_000 }).toBe(2);
    const ids = await page.getByTestId('batch-element-id').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    expect(new Set(ids).size).toBe(2);
    await page.getByTestId('batch-send').click();
    await page.getByTestId('batch-verdict').waitFor({ timeout: 15_000 });
    // The demo server drops batches on stdio; 2025-11-25 has none, so that silence is correct.
    expect(await page.getByTestId('batch-verdict').getAttribute('data-outcome')).toBe('as-spec');
    expect(errors).toEqual([]);
  }, 120_000);

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
