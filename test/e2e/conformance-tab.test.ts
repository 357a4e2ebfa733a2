// The Conformance tab runs `mcpscope check` in the relay on scratch connections to the session's own target: against
// the demo server everything passes, against the faulty fixture the check its fault belongs to fails, and in both the
// results (id and status) equal `mcpscope check --json` on the same target. A result's frame opens the scratch session
// at that frame; the JSON export is the CLI's report.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckReport } from '../../shared/check/index.js';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { openInspector, savedDownload, type Inspector } from '../helpers/browser.js';
import { FAULTY_SERVER } from '../helpers/faulty-session.js';
import { openTab, sessionFrames, waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';

type Verdicts = Record<string, string>;

async function cliVerdicts(args: string[]): Promise<Verdicts> {
  const run = await runCli(['check', '--json', '--no-robustness', ...args]);
  const report = JSON.parse(run.stdout) as CheckReport;
  return Object.fromEntries(report.results.map((r) => [r.id, r.status]));
}

/** Runs the check from the tab (robustness presets off, as the CLI run it is compared with) and reads the verdicts shown. */
async function runTab(page: Page, o: { allTools: boolean }): Promise<Verdicts> {
  await openTab(page, 'conformance');
  await page.getByTestId('check-robustness').uncheck();
  if (o.allTools) await page.getByTestId('check-all-tools').check();
  await page.getByTestId('check-run').click();
  await page.getByTestId('check-summary').waitFor({ timeout: 90_000 });
  const rows = page.getByTestId('check-result');
  const pairs = await rows.evaluateAll((els) => els.map((e) => [e.getAttribute('data-check')!, e.getAttribute('data-status')!]));
  return Object.fromEntries(pairs);
}

describe('the Conformance tab on the demo server', () => {
  let ui: Inspector;
  let underTest: string;
  beforeAll(async () => {
    ui = await openInspector({ command: [process.execPath, DEMO_SERVER] });
    await waitForServer(ui.page);
    underTest = (await ui.relay.api<SessionInfo[]>('/api/sessions')).body[0]!.id;
  }, 120_000);
  afterAll(() => ui?.close());

  it('shows every check passing or skipped (an isError answer to an unknown tool is info, as lint says), as mcpscope check --json does', async () => {
    const before = await sessionFrames(ui.relay, underTest);
    const [tab, cli] = await Promise.all([runTab(ui.page, { allTools: false }), cliVerdicts(['--', process.execPath, DEMO_SERVER])]);
    expect(Object.entries(tab).filter(([, s]) => s === 'fail')).toEqual([]);
    expect(tab['lifecycle/ping']).toBe('pass');
    expect(tab['tools/call']).toBe('pass');
    expect(tab).toEqual(cli);
    // Nothing went out on the session under test.
    const after = await sessionFrames(ui.relay, underTest);
    expect(after.filter((f) => f.dir === 'out' && f.origin === 'check')).toEqual([]);
    expect(after.filter((f) => f.dir === 'out' && f.method === 'initialize').length).toBe(
      before.filter((f) => f.dir === 'out' && f.method === 'initialize').length,
    );
    await expect
      .poll(() => ui.page.locator('[data-testid="check-group"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-group'))))
      .toEqual(expect.arrayContaining(['lifecycle', 'tools', 'resources', 'prompts']));
  }, 180_000);

  it('exports the report as JSON in the CLI report shape, with each connection recorded as a session linked back', async () => {
    const [download] = await Promise.all([ui.page.waitForEvent('download'), ui.page.getByTestId('check-export-json').click()]);
    const report = JSON.parse(readFileSync(await savedDownload(download), 'utf8')) as CheckReport;
    expect(report.results.find((r) => r.id === 'lifecycle/ping')).toMatchObject({ status: 'pass', session: 'check' });
    const main = report.sessions.find((s) => s.name === 'check')!;
    expect(main.id).toBeTruthy();
    const history = (await ui.relay.api<{ sessions: { id: string; origin: string; scratchFor: string | null; live: boolean }[] }>('/api/session-history')).body
      .sessions;
    expect(history.find((s) => s.id === main.id)).toMatchObject({ origin: 'scratch', scratchFor: underTest, live: false });
    // The recorded frames are the ones the report points at, then the connection's closing events.
    const frames = await sessionFrames(ui.relay, main.id!);
    expect(frames.slice(main.frames).map((f) => f.dir)).toEqual(frames.slice(main.frames).map(() => 'relay'));
    const ping = report.results.find((r) => r.id === 'lifecycle/ping')!;
    expect(frames.find((f) => f.seq === ping.frames[0])).toMatchObject({ dir: 'out', method: 'ping', origin: 'check' });
  });

  it("opens a result's frame in the scratch session it was recorded in", async () => {
    const ping = ui.page.locator('[data-testid="check-result"][data-check="lifecycle/ping"]');
    await ping.getByRole('button').first().click();
    const link = ping.getByTestId('check-frame-link').first();
    const [id, seq] = [await link.getAttribute('data-session-id'), await link.getAttribute('data-seq')];
    await link.click();
    await ui.page.locator(`[data-testid="log-row"][data-seq="${seq}"][aria-selected="true"]`).waitFor({ timeout: 15_000 });
    expect(await ui.page.locator(`[data-testid="log-row"][data-seq="${seq}"]`).getAttribute('data-method')).toBe('ping');
    expect(id).not.toBe(underTest);
  });

  it('opens the frame a `mcpscope check --record` result links to (#session=<id>&seq=<n>) while the relay runs', async () => {
    const run = await runCli([
      'check',
      '--json',
      '--record',
      '--data-dir',
      ui.relay.dataDir,
      '--only',
      'lifecycle',
      '--no-robustness',
      '--',
      process.execPath,
      DEMO_SERVER,
    ]);
    const report = JSON.parse(run.stdout) as CheckReport;
    const ping = report.results.find((r) => r.id === 'lifecycle/ping')!;
    const id = report.sessions.find((s) => s.name === ping.session)!.id!;
    await ui.page.goto(`${ui.relay.url}&session=${id}&seq=${ping.frames[0]}`);
    const row = ui.page.locator(`[data-testid="log-row"][data-seq="${ping.frames[0]}"][aria-selected="true"]`);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getAttribute('data-method')).toBe('ping');
    // Taken once: the address bar no longer names the frame, so a reload stays where the user went.
    expect(await ui.page.evaluate(() => window.location.hash)).not.toMatch(/session=/);
  }, 120_000);

  it('ran without page errors', () => expect(ui.errors).toEqual([]));
});

describe('the Conformance tab on the faulty fixture', () => {
  let ui: Inspector;
  const command = [process.execPath, FAULTY_SERVER, '--bad-structured-content'];
  beforeAll(async () => {
    ui = await openInspector({ command });
    await waitForServer(ui.page);
  }, 120_000);
  afterAll(() => ui?.close());

  it('fails tools/call (structuredContent against its outputSchema), as mcpscope check --json does', async () => {
    const [tab, cli] = await Promise.all([runTab(ui.page, { allTools: true }), cliVerdicts(['--allow-tools', 'all', '--', ...command])]);
    expect(tab['tools/call']).toBe('fail');
    expect(tab).toEqual(cli);
    // A failure opens by itself, with its sentence and its fix.
    const detail = ui.page.locator('[data-testid="check-result"][data-check="tools/call"] [data-testid="check-result-detail"]');
    await expect.poll(() => detail.textContent()).toMatch(/MUST.*conform to this schema.*Fix:/s);
  }, 180_000);

  it('ran without page errors', () => expect(ui.errors).toEqual([]));
});
