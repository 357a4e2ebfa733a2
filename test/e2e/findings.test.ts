// Lint findings and error explanations in a real browser, on the deliberately faulty fixture.
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { LOCAL_ERROR_CODES, WIRE_ERROR_CATALOGUE, explainError } from '../../shared/error-codes/index.js';
import { RULES, RULE_IDS } from '../../shared/lint/index.js';
import { RELAY_ERROR_CODES } from '../../shared/relay-errors.js';
import { inspectorTest } from '../helpers/inspector-test.js';
import { openTab, recordedFrames } from '../helpers/panel-page.js';
import { FIXTURES, waitFor, type RelayHandle } from '../helpers/relay-process.js';
import { inlinePlainText } from '../../web/lib/ui/markdown-subset.js';

// Noise on stdout at start, and ping answered with -32020, a code 2025-11-25 does not define.
const it = inspectorTest({
  command: [process.execPath, join(FIXTURES, 'faulty-server.mjs'), '--noise', '--error-code-from-other-version'],
  context: { viewport: { width: 1500, height: 950 } },
});

const rows = (page: Page, sel = '') => page.locator(`[data-testid="log-row"]${sel}`);

/** The -32020 answers the relay recorded: the log's ground truth (a virtualized table renders only what is in view). */
const errorFrames = async (relay: RelayHandle) => (await recordedFrames(relay)).filter((f) => f.dir === 'in' && f.kind === 'error');

/** Sends a ping from the composer, which this server answers with -32020, and returns the error's row. */
async function pingForError(page: Page, relay: RelayHandle) {
  await expect.poll(() => page.getByTestId('connection-status').textContent()).toMatch(/running/i);
  const before = (await errorFrames(relay)).length;
  await page.getByTestId('template-ping').click();
  await page.getByTestId('composer-send').click();
  const error = await waitFor(async () => (await errorFrames(relay))[before], 'the -32020 answer');
  const row = rows(page, `[data-seq="${error.seq}"]`);
  await row.waitFor();
  return row;
}

describe('lint findings in the browser', () => {
  it('puts a severity badge on the offending row and none on clean ones', async ({ page }) => {
    const noise = rows(page, '[data-kind="noise"]').first();
    await noise.waitFor({ timeout: 20_000 });
    await expect.poll(() => noise.getAttribute('data-findings')).toBe('framing/stdout-noise');
    expect(await noise.getByTestId('finding-badge').getAttribute('data-severity')).toBe('error');
    const initResult = rows(page, '[data-dir="in"][data-kind="response"]').first();
    await initResult.waitFor();
    expect(await initResult.getAttribute('data-findings')).toBe('');
    expect(await initResult.getByTestId('finding-badge').count()).toBe(0);
  });

  it('explains an error response inline, keyed on the negotiated version, with its finding and spec link', async ({ page, inspector: { relay } }) => {
    const error = await pingForError(page, relay);
    await expect.poll(() => error.getAttribute('data-findings')).toBe('mcp/error-code-from-other-version');
    // -32020 is JSON-RPC's implementation-defined range in 2025-11-25: drift between versions, so only a note.
    expect(await error.getByTestId('finding-badge').getAttribute('data-severity')).toBe('info');
    await error.click();
    const explainer = page.getByTestId('detail-error-explainer');
    await explainer.waitFor();
    const text = await explainer.textContent();
    expect(text).toContain('2025-11-25');
    expect(text).toContain('stdio');
    expect(await explainer.getByTestId('error-explanation').getAttribute('data-code')).toBe('-32020');
    expect(await explainer.getByTestId('error-source').textContent()).toMatch(/sent by the peer/);
    // Its full height, not a cramped box scrolling inside the pane: the pane scrolls as a whole instead.
    expect(await explainer.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
    expect(await explainer.evaluate((el) => getComputedStyle(el).overflowY)).toBe('visible');
    const finding = page.locator('[data-testid="detail-finding"][data-rule="mcp/error-code-from-other-version"]');
    expect(await finding.getByTestId('rule-explanation').textContent()).toBeTruthy();
    expect(await finding.getByTestId('rule-fix').textContent()).toMatch(/Fix/);
    const quote = finding.getByTestId('rule-quote');
    expect(await quote.getAttribute('data-keyword')).toBe('version-drift');
    expect(await quote.textContent()).toContain(RULES['mcp/error-code-from-other-version'].quote.text);
    expect(await quote.getByTestId('rule-grounds').textContent()).toBe('version drift → info');
    expect(await finding.locator('[data-testid="spec-reference"] a').getAttribute('href')).toMatch(/^https:\/\//);
  });

  it('groups findings by rule with counts in the Findings tab, and a click jumps to the frame', async ({ page, inspector: { relay } }) => {
    await pingForError(page, relay);
    const noiseSeq = await rows(page, '[data-kind="noise"]').first().getAttribute('data-seq');
    await openTab(page, 'findings');
    const group = page.locator('[data-testid="finding-group"][data-rule="framing/stdout-noise"]');
    await group.waitFor();
    expect(await group.getAttribute('data-count')).toBe('1');
    expect(await group.getByTestId('finding-group-count').textContent()).toBe('1');
    expect(await page.locator('[data-testid="finding-group"][data-rule="mcp/error-code-from-other-version"]').count()).toBe(1);
    await group.getByTestId('finding-group-toggle').click();
    await group.locator(`[data-testid="finding-frame"][data-seq="${noiseSeq}"]`).click();
    await expect.poll(() => page.getByTestId('detail-pane').getAttribute('data-seq')).toBe(noiseSeq);
    expect(await rows(page, `[data-seq="${noiseSeq}"]`).getAttribute('aria-selected')).toBe('true');
  });

  it('filters the log to the frames with findings', async ({ page, inspector: { relay } }) => {
    await pingForError(page, relay);
    const errorsSent = (await errorFrames(relay)).length;
    const total = await rows(page).count();
    await page.getByTestId('filter-findings').click();
    // The noise line, and each -32020 answer (one per ping this file's tests sent), and nothing else.
    await expect.poll(() => rows(page).count()).toBe(1 + errorsSent);
    const flagged = await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-findings')));
    expect(flagged.sort()).toEqual(['framing/stdout-noise', ...Array<string>(errorsSent).fill('mcp/error-code-from-other-version')]);
    await page.getByTestId('filter-findings').click();
    await expect.poll(() => rows(page).count()).toBe(total);
  });

  it('lists every error code and every lint rule in the Reference tab, with an explanation each, and searches them', async ({ page }) => {
    await openTab(page, 'reference');
    const codes = page.getByTestId('reference-error');
    const expected = WIRE_ERROR_CATALOGUE.length + Object.keys(LOCAL_ERROR_CODES).length + Object.keys(RELAY_ERROR_CODES).length;
    await expect.poll(() => codes.count()).toBe(expected);
    const meanings = await codes.evaluateAll((els) => els.map((e) => e.querySelector('[data-testid="error-meaning"]')?.textContent ?? ''));
    expect(meanings.filter((m) => m.length < 10)).toEqual([]);
    // Every catalogued code, each with the explanation the shared explainer gives it (never the generic fallback).
    const shown = await codes.evaluateAll((els) =>
      els.map((e) => [e.getAttribute('data-code') ?? '', e.querySelector('[data-testid="error-meaning"]')?.textContent ?? ''] as const),
    );
    const catalogue = [
      ...WIRE_ERROR_CATALOGUE.map((e) => explainError({ code: e.code })),
      ...[...Object.keys(LOCAL_ERROR_CODES), ...Object.keys(RELAY_ERROR_CODES)].map((code) => explainError({ code, local: true })),
    ];
    // Shown as rendered Markdown: `code` spans lose their backticks, the words stay.
    expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(catalogue.map((x) => [String(x.code), inlinePlainText(x.meaning)])));
    for (const x of catalogue) expect(x.name).not.toMatch(/^Unknown/);
    // And every context-dependent variant of a wire code.
    const variants = WIRE_ERROR_CATALOGUE.reduce((n, e) => n + (e.variants?.length ?? 0), 0);
    expect(variants).toBeGreaterThan(0);
    expect(await page.getByTestId('reference-variant').count()).toBe(variants);
    expect(await page.getByTestId('reference-rule').count()).toBe(RULE_IDS.length);

    await page.getByTestId('reference-search').fill('-32602');
    await expect.poll(() => codes.count()).toBeLessThan(expected);
    expect(await page.locator('[data-testid="reference-error"][data-code="-32602"]').count()).toBe(1);
    await page.getByTestId('reference-search').fill('stdout-noise');
    await expect.poll(() => page.getByTestId('reference-rule').count()).toBe(1);
  });
});
