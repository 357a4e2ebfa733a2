// The lab's last results survive a reload, read from the relay's store: the fault lab's results and its connection
// choices (wait, connections), and the Conformance tab's last report for the session; its scratch sessions stay out of
// the way (under their session in the history, out of the connection bar's picker).
import { describe, expect } from 'vitest';
import type { CheckReport } from '../../shared/check/index.js';
import { SAVED_TEXT_CHARS, type SavedFaultLab } from '../../shared/panel-results.js';
import type { RelayConfig } from '../../shared/relay-protocol.js';
import { inspectorTest } from '../helpers/inspector-test.js';
import { openTab, waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER } from '../helpers/relay-process.js';

const base = inspectorTest({ command: [process.execPath, DEMO_SERVER] });
const it = base.extend('page', async ({ page }) => {
  await waitForServer(page);
  return page;
});

describe('the lab after a reload', () => {
  it('brings back the fault lab’s results and its wait and connections, a megabyte preset’s text cut to what is kept', async ({
    page,
    inspector: { relay },
  }) => {
    await openTab(page, 'fault-lab');
    await page.getByTestId('fault-wait').fill('700');
    await page.getByTestId('fault-lanes').fill('3');
    for (const preset of ['crlf', 'oversized']) {
      await page.getByTestId(`fault-send-${preset}`).click();
      await page.locator(`[data-testid="fault-result"][data-preset="${preset}"]`).waitFor({ timeout: 30_000 });
    }
    const before = await page.getByTestId('fault-result').evaluateAll((els) => els.map((e) => [e.getAttribute('data-preset'), e.getAttribute('data-outcome')]));
    const explanation = await page.locator('[data-testid="fault-result"][data-preset="crlf"] [data-testid="fault-explanation"]').textContent();
    // Saved in the relay's store once the runs settled (a reload before that would find the earlier state).
    const id = await page.getByTestId('session-select').inputValue();
    await expect
      .poll(async () => (await relay.api<SavedFaultLab>(`/api/sessions/${id}/results/fault-lab`)).body.state, { timeout: 10_000 })
      .toMatchObject({ waitMs: 700, lanes: 3, runs: [{ presetId: 'crlf' }, { presetId: 'oversized' }] });
    const saved = (await relay.api<SavedFaultLab>(`/api/sessions/${id}/results/fault-lab`)).body.state!;
    expect(saved.runs[1]!.sent.length).toBeLessThanOrEqual(SAVED_TEXT_CHARS);
    expect(saved.runs[1]!.sent).toMatch(/characters; the whole text is in the scratch session's log\)$/);
    expect(await page.getByTestId('fault-save-error').count()).toBe(0);

    await page.reload();
    await waitForServer(page);
    await openTab(page, 'fault-lab');
    await expect.poll(() => page.getByTestId('fault-result').count(), { timeout: 15_000 }).toBe(before.length);
    expect(
      await page.getByTestId('fault-result').evaluateAll((els) => els.map((e) => [e.getAttribute('data-preset'), e.getAttribute('data-outcome')])),
    ).toEqual(before);
    expect(await page.locator('[data-testid="fault-result"][data-preset="crlf"] [data-testid="fault-explanation"]').textContent()).toBe(explanation);
    expect(await page.getByTestId('fault-wait').inputValue()).toBe('700');
    expect(await page.getByTestId('fault-lanes').inputValue()).toBe('3');
    // The last run's scratch session is linked again.
    expect(await page.getByTestId('fault-scratch-link').count()).toBeGreaterThan(0);
  });

  it('brings back the Conformance tab’s last report for the session, marked as the last run', async ({ page, inspector: { relay } }) => {
    const id = (await relay.api<RelayConfig>('/api/config')).body.launchSessionId!;
    // The run itself, as the tab's button makes it (only lifecycle, to be quick); the relay keeps its report.
    const run = await relay.api<CheckReport>(`/api/sessions/${id}/check`, { method: 'POST', body: JSON.stringify({ only: ['lifecycle'], robustness: false }) });
    expect(run.status).toBe(200);
    await page.reload();
    await waitForServer(page);
    await openTab(page, 'conformance');
    await page.getByTestId('check-saved-at').waitFor({ timeout: 15_000 });
    const shown = await page.getByTestId('check-result').evaluateAll((els) => els.map((e) => [e.getAttribute('data-check'), e.getAttribute('data-status')]));
    expect(shown).toEqual(run.body.results.map((r) => [r.id, r.status]));
  });

  it('lists a lab run’s scratch session under the session it ran for, collapsed, tagged lab and named by what it ran', async ({ page }) => {
    await openTab(page, 'fault-lab');
    await page.getByTestId('fault-send-crlf').click();
    await page.locator('[data-testid="fault-result"][data-preset="crlf"]').waitFor({ timeout: 30_000 });
    const underTest = await page.getByTestId('session-select').inputValue();
    const scratch = (await page.getByTestId('fault-scratch-link').first().getAttribute('data-session-id'))!;
    // The connection bar's picker keeps it out (it lists the sessions a person made) and says how many it left out.
    const picker = page.getByTestId('session-select');
    await expect.poll(async () => Number(await picker.getAttribute('data-left-out')), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    const options = await picker.locator('option').evaluateAll((els) => els.map((e) => (e as HTMLOptionElement).value));
    expect(options).toContain(underTest);
    expect(options).not.toContain(scratch);
    await page.getByTestId('view-tab-sessions').click();
    const list = page.getByTestId('history-list');
    // The session a person made is a top-level row; the lab's is folded under it until opened.
    await list.locator(`[data-testid="history-row"][data-session-id="${underTest}"]`).waitFor({ timeout: 15_000 });
    const group = list.locator(`[data-testid="history-children"][data-parent="${underTest}"]`);
    await expect.poll(() => group.getByTestId('history-children-toggle').textContent(), { timeout: 15_000 }).toMatch(/made for it: \d+ lab/);
    expect(await group.getAttribute('data-open')).toBe('false');
    expect(await list.locator(`[data-testid="history-row"][data-session-id="${scratch}"]`).count()).toBe(0);
    const tops = await list.locator(':scope > [data-testid="history-row"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-origin')));
    expect(tops[0]).toBe('recorded');
    await group.getByTestId('history-children-toggle').click();
    const row = group.locator(`[data-testid="history-row"][data-session-id="${scratch}"]`);
    await row.waitFor();
    expect(await row.getByTestId('history-maker').getAttribute('data-maker')).toBe('lab');
    await expect.poll(() => row.getByTestId('session-name').textContent(), { timeout: 10_000 }).toMatch(/fault lab: preset crlf$/);
    await page.getByTestId('view-tab-inspect').click();
  });
});
