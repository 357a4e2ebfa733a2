// Collections in the page against the demo server: a composer history entry and a Tools-panel call saved into one
// collection, run from the Collections tab (a pass and a failing assertion, whose frame link opens the run's recorded
// session at that frame), exported, and the exported file run headless by `mcpscope run` with the same verdicts.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../shared/collections/index.js';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { openInspector, savedDownload, type Inspector } from '../helpers/browser.js';
import { openComposer, openTab, selectTool, waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';

describe('collections in the page', () => {
  let ui: Inspector;
  let underTest: string;
  beforeAll(async () => {
    ui = await openInspector({ command: [process.execPath, DEMO_SERVER] });
    await waitForServer(ui.page);
    underTest = (await ui.relay.api<SessionInfo[]>('/api/sessions')).body[0]!.id;
  }, 120_000);
  afterAll(() => ui?.close());

  it('saves a composer history entry and a Tools-panel call into a collection', async () => {
    const { page } = ui;
    await openComposer(page);
    await page.getByTestId('template-ping').click();
    await page.getByTestId('composer-send').click();
    await page.getByTestId('composer-history-toggle').click();
    const entry = page.getByTestId('composer-history-entry').first();
    await entry.getByTestId('history-save-collection').click();
    await entry.getByTestId('save-collection-name').fill('e2e calls');
    await entry.getByTestId('save-collection-confirm').click();
    await expect.poll(() => entry.getByTestId('save-collection-note').textContent()).toBe('saved to e2e calls (1 steps)');

    const detail = await selectTool(page, 'divide');
    await page.locator('#args_a').fill('1');
    await page.locator('#args_b').fill('0');
    await detail.getByTestId('tool-save-collection').click();
    await detail.getByTestId('save-collection-target').selectOption({ label: 'e2e calls' });
    await detail.getByTestId('save-collection-confirm').click();
    await expect.poll(() => detail.getByTestId('save-collection-note').textContent()).toBe('saved to e2e calls (2 steps)');
  }, 120_000);

  it('runs it on a connection of its own: a pass, and a failing assertion whose frame link opens the run at that frame', async () => {
    const { page } = ui;
    await openTab(page, 'collections');
    await page.getByTestId('collection-run').click();
    await expect
      .poll(() => page.getByTestId('collection-run-summary').textContent(), { timeout: 60_000 })
      .toBe('2 steps: 1 passed, 1 failed, 0 could not run, 0 skipped');
    expect(
      await page.locator('[data-testid="run-step"]').evaluateAll((els) => els.map((e) => [e.getAttribute('data-step'), e.getAttribute('data-status')])),
    ).toEqual([
      ['ping', 'pass'],
      ['tools-call-divide', 'fail'],
    ]);
    const failed = page.locator('[data-testid="run-step"][data-status="fail"]');
    expect(await failed.locator('[data-testid="run-assertion"][data-pass="false"]').textContent()).toContain(
      'the tool answered isError: true: "Cannot divide 1 by zero."',
    );
    const link = failed.getByTestId('run-frame-link').first();
    const [id, seq] = [await link.getAttribute('data-session-id'), await link.getAttribute('data-seq')];
    expect(id).not.toBe(underTest);
    await link.click();
    const row = page.locator(`[data-testid="log-row"][data-seq="${seq}"][aria-selected="true"]`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getAttribute('data-method')).toBe('tools/call');
    const history = (await ui.relay.api<{ sessions: { id: string; origin: string; scratchFor: string | null }[] }>('/api/session-history')).body.sessions;
    expect(history.find((s) => s.id === id)).toMatchObject({ origin: 'scratch', scratchFor: underTest });
  }, 120_000);

  it('exports the file, which `mcpscope run` runs headless with the same verdicts (exit 1)', async () => {
    const { page } = ui;
    await openTab(page, 'collections');
    await page.getByTestId('collection-export').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('collection-export').click()]);
    const file = await savedDownload(download);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      version: 1,
      name: 'e2e calls',
      steps: [
        { name: 'ping', method: 'ping' },
        { name: 'tools-call-divide', assert: [{ isError: false }] },
      ],
    });
    const run = await runCli(['run', file, '--json', '--', process.execPath, DEMO_SERVER]);
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(run.stdout) as RunReport;
    expect(report.steps.map((s) => [s.name, s.status])).toEqual([
      ['ping', 'pass'],
      ['tools-call-divide', 'fail'],
    ]);
    // The same file imported back is a second collection; a file that is not one is refused with the reason.
    await page.getByTestId('collection-import-input').setInputFiles(file);
    await expect.poll(() => page.getByTestId('collection-note').textContent()).toBe('imported e2e calls');
    await expect.poll(() => page.getByTestId('collection-select').locator('option').count()).toBe(2);
    await page
      .getByTestId('collection-import-input')
      .setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"version": 1, "name": "x", "steps": []}') });
    await expect.poll(() => page.getByTestId('collection-note').textContent()).toMatch(/^bad\.json is not a collection: steps: /);
  }, 120_000);

  it('ran without page errors', () => expect(ui.errors).toEqual([]));
});
