// The Fuzz tab runs `mcpscope fuzz` in the relay on scratch connections to the session's own target: against the
// fragile fixture it shows its progress, then the crash with the same shrunk input the CLI finds with the same seed,
// and a link that opens the failure's repro session; the session under test sees none of the campaign's frames.
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import type { FuzzReport } from '../../shared/fuzz/fuzz-report.js';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { inspectorTest } from '../helpers/inspector-test.js';
import { openTab, sessionFrames, waitForServer } from '../helpers/panel-page.js';
import { FIXTURES } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';

const FRAGILE = [process.execPath, join(FIXTURES, 'fragile-server.mjs')];

const it = inspectorTest({ command: FRAGILE });

describe('the Fuzz tab on the fragile server', () => {
  it('finds the crash with the shrunk input the CLI finds, and opens its repro session', async ({ page, inspector: { relay } }) => {
    await waitForServer(page);
    const underTest = (await relay.api<SessionInfo[]>('/api/sessions')).body[0]!.id;
    const before = await sessionFrames(relay, underTest);
    const cli = runCli([
      'fuzz',
      '--json',
      '--no-record',
      '--tools',
      'pair',
      '--runs',
      '30',
      '--seed',
      '14',
      '--timeout',
      '5000',
      '--out',
      join(relay.dataDir, 'fuzz-out'),
      '--',
      ...FRAGILE,
    ]);
    await openTab(page, 'fuzz');
    await page.getByTestId('fuzz-tools').fill('pair');
    await page.getByTestId('fuzz-runs').fill('30');
    await page.getByTestId('fuzz-seed').fill('14');
    await page.getByTestId('fuzz-run').click();
    await page.getByTestId('fuzz-progress').waitFor({ timeout: 30_000 });
    await page
      .getByTestId('fuzz-summary')
      .waitFor({ timeout: 180_000 })
      .catch(async (err: Error) => {
        throw new Error(`${err.message}\nthe tab showed: ${await page.getByTestId('fuzz-panel').textContent()}`);
      });
    const row = page.locator('[data-testid="fuzz-failure"][data-oracle="crash"][data-subject="pair"]');
    expect(await row.getByTestId('fuzz-input').textContent()).toBe('{"mode":"sync","count":501}');
    const report = JSON.parse((await cli).stdout) as FuzzReport;
    expect(report.failures.map((f) => [f.oracle, f.subject, f.input])).toEqual([['crash', 'pair', { mode: 'sync', count: 501 }]]);
    expect(await page.getByTestId('fuzz-summary').textContent()).toMatch(/^1 failure in 30 runs .*seed 14$/);
    // Nothing went out on the session under test.
    const after = await sessionFrames(relay, underTest);
    expect(after.filter((f) => f.dir === 'out' && f.origin === 'fuzz')).toEqual([]);
    expect(after.length - before.length).toBeLessThan(5);
    const link = row.getByTestId('fuzz-repro-link');
    const repro = await link.getAttribute('data-session-id');
    expect(repro).not.toBe(underTest);
    await link.click();
    const call = page.locator('[data-testid="log-row"][data-dir="out"][data-method="tools/call"]');
    await call.first().waitFor({ timeout: 15_000 });
    const frames = await sessionFrames(relay, repro!);
    expect(frames.find((f) => f.dir === 'out' && f.method === 'tools/call')).toMatchObject({
      origin: 'fuzz',
      text: expect.stringContaining('"arguments":{"mode":"sync","count":501}'),
    });
    expect(frames.some((f) => f.dir === 'relay' && f.method === 'exited')).toBe(true);
  }, 240_000);
});
