// The fault lab never touches the session under test: "Run all" goes out on scratch connections (here two side by
// side, each a further instance of the stdio server, recorded as its own session linked back), so the session under
// test keeps its handshake, its engine state and a clean lint, and a tool call made after the run draws no finding.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../shared/archive-api.js';
import { JsonSchemaValidator, lintFrames } from '../../shared/lint/index.js';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { openInspector, type Inspector } from '../helpers/browser.js';
import { STDIO_VERDICTS } from '../helpers/fault-expectations.js';
import { runAllPresets, scratchIds, verdictMismatches } from '../helpers/fault-lab-page.js';
import { callTool, openTab, selectTool, sessionFrames, waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER } from '../helpers/relay-process.js';

let ui: Inspector;
let page: Page;
let underTest: string;

const frames = (id: string) => sessionFrames(ui.relay, id);

beforeAll(async () => {
  ui = await openInspector({ command: [process.execPath, DEMO_SERVER] });
  ({ page } = ui);
  await waitForServer(page);
  underTest = (await ui.relay.api<SessionInfo[]>('/api/sessions')).body[0]!.id;
}, 120_000);
afterAll(() => ui?.close());

describe('fault lab isolation', () => {
  it('runs every preset on two scratch sessions with the verdicts MCP-FACTS documents, sending nothing on the session under test', async () => {
    const before = await frames(underTest);
    expect(verdictMismatches(await runAllPresets(page, 2000, 2), STDIO_VERDICTS)).toEqual([]);
    const after = await frames(underTest);
    // Panels may list on their own meanwhile; the lab itself sends nothing here.
    expect(after.filter((f) => f.dir === 'out' && f.origin === 'lab')).toEqual([]);
    expect(after.filter((f) => f.dir === 'out' && f.method === 'initialize').length).toBe(
      before.filter((f) => f.dir === 'out' && f.method === 'initialize').length,
    );
    const ids = await scratchIds(page);
    expect(ids).toHaveLength(2);
    expect(ids).not.toContain(underTest);
    let lab = 0;
    for (const id of ids) {
      const scratch = await frames(id);
      const own = scratch.filter((f) => f.dir === 'out' && f.origin === 'lab').length;
      expect(own).toBeGreaterThan(5);
      lab += own;
      // Its own handshake came first, as the session under test had one.
      expect(scratch.find((f) => f.dir === 'out')).toMatchObject({ method: 'initialize', origin: 'bookkeeping' });
    }
    expect(lab).toBeGreaterThan(20);
  }, 300_000);

  it('records each scratch session in the history, linked to the session under test, and stops its server after the run', async () => {
    const history = (await ui.relay.api<{ sessions: HistoryEntry[] }>('/api/session-history')).body.sessions;
    for (const id of await scratchIds(page)) expect(history.find((s) => s.id === id)).toMatchObject({ origin: 'scratch', scratchFor: underTest, live: false });
    expect(history.find((s) => s.id === underTest)).toMatchObject({ origin: 'recorded', scratchFor: null, live: true });
  });

  it('leaves a tool call after the run without a finding, and the session without one at all', async () => {
    await selectTool(page, 'echo');
    await page.locator('#args_text').fill('after the lab');
    await callTool(page, 'after the lab');
    const recorded = await frames(underTest);
    const call = recorded.find((f) => f.dir === 'out' && f.method === 'tools/call');
    expect(call?.origin).toBe('panel');
    const findings = lintFrames(recorded, { transport: 'stdio', jsonSchemaValidator: new JsonSchemaValidator() });
    expect(findings.map((f) => `${f.ruleId} #${f.seq}: ${f.message}`)).toEqual([]);
  });

  it('keeps the real handshake on Overview', async () => {
    const initialize = (await frames(underTest)).filter((f) => f.dir === 'out' && f.method === 'initialize');
    expect(initialize.length).toBe(1);
    await openTab(page, 'overview');
    await expect.poll(() => page.getByTestId('session-era').textContent()).toContain(`initialize (#${initialize[0]!.seq}) was answered`);
  });

  it('opens the scratch session from the link, its lab frames in the log', async () => {
    await openTab(page, 'fault-lab');
    await page.getByTestId('fault-scratch-link').first().click();
    await page.locator('[data-testid="log-row"][data-origin="lab"]').first().waitFor({ timeout: 15_000 });
  });

  it('ran without page errors', () => expect(ui.errors).toEqual([]));
});
