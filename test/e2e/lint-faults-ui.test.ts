// Faults of test/fixtures/faulty-server.mjs caught by their rules in the browser: one relay, one page, and per fault a
// new session started through the token-protected API, picked in the UI's session list while it runs.
// A slice, one fault per rule family and kind of offending row (UI_SLICE below): every fault of the table is caught by
// its rule through the relay in test/integration/lint-faults.test.ts and by `mcpscope call --lint` in
// cli-lint-faults.test.ts, and the page shows what the linter finds, whatever the rule. The whole table in the browser:
// MCPSCOPE_UI_ALL_FAULTS=1 npx vitest run test/e2e/lint-faults-ui.test.ts (about two minutes on a busy machine).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { FAULTS } from '../fixtures/faulty-faults.js';
import { startRelayAndBrowser, watchPageErrors } from '../helpers/browser.js';
import { driveFaultySession, openFaultySession } from '../helpers/faulty-session.js';
import { openTab } from '../helpers/panel-page.js';
import type { RelayHandle } from '../helpers/relay-process.js';

let browser: Browser;
let relay: RelayHandle;
let page: Page;
let errors: string[];

beforeAll(async () => {
  // No launch command: every session comes from the API. A small framing cap, so --oversize needs only 100 KB.
  ({ relay, browser } = await startRelayAndBrowser({ args: ['--max-line-bytes', '65536'] }));
  page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
  errors = watchPageErrors(page);
  await page.goto(relay.url);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await relay?.stop();
});

/** The rule ids the Findings tab groups, sorted. */
const groupRules = () => page.locator('[data-testid="finding-group"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-rule') ?? '').sort());

/** The distinct rule ids on the log rows' badges; with the "has findings" filter on, only flagged rows are rendered. */
const rowRules = () =>
  page
    .locator('[data-testid="log-row"]')
    .evaluateAll((els) => [...new Set(els.flatMap((e) => (e.getAttribute('data-findings') ?? '').split(' ').filter(Boolean)))].sort());

async function showInUi(sessionId: string): Promise<void> {
  const select = page.getByTestId('session-select');
  await select.locator(`option[value="${sessionId}"]`).waitFor({ state: 'attached', timeout: 20_000 });
  await select.selectOption(sessionId);
}

/** The faults the browser is shown, each for the kind of row or rule it puts on the page. */
const UI_SLICE: Record<string, string> = {
  '--noise': 'framing: a line that is not JSON',
  '--bad-utf8': 'framing: raw bytes that are not UTF-8',
  '--oversize': "framing: a line past the relay's cap",
  '--not-object': 'jsonrpc: a JSON value that is no message',
  '--reserved-method': 'two rules (jsonrpc and mcp) on one notification',
  '--invalid-id-type': 'a request from the server',
  '--result-and-error': 'a response that is also an error',
  '--duplicate-response': 'a second answer to one request (related rows)',
  '--unanswered': 'a request of the client never answered (found at the end of the session)',
  '--empty-batch': 'an empty batch from the server',
  '--batch-separate-replies': 'a batch session at 2025-03-26',
  '--old-version-new-fields': 'a field the negotiated version lacks',
  '--capability-not-declared': 'mcp: a capability the client did not declare…',
  '--sampling-without-capability': '…and the same rule again in the next session',
  '--bad-structured-content': 'a tool result checked against its outputSchema',
  '--progress-after-response': 'a notification after the response it belongs to',
  '--declared-capability-unsupported': 'an error answer to a request the client sent',
};
const shown = process.env.MCPSCOPE_UI_ALL_FAULTS ? FAULTS : FAULTS.filter((f) => f.option in UI_SLICE);

describe('faults of the faulty fixture, in the browser', () => {
  it("names only faults of the fixture's table in its slice", () => {
    expect(Object.keys(UI_SLICE).filter((o) => !FAULTS.some((f) => f.option === o))).toEqual([]);
  });

  it('shows exactly its rule on the offending rows and in the Findings tab', async () => {
    const seen: Record<string, { groups: string[]; rows: string[] }> = {};
    // First the fixture without a fault: a clean session shows no finding at all.
    for (const fault of [{ option: null, rules: [] }, ...shown]) {
      const d = await openFaultySession(relay, fault.option);
      await showInUi(d.sessionId);
      if (fault.option === null) {
        // The workbench appears with the first session; the tab and the filter then stay as set for every other.
        await openTab(page, 'findings');
        await page.getByTestId('filter-findings').click();
      }
      await driveFaultySession(d, fault.option);
      await d.stop();
      const expected = [...fault.rules].sort();
      // Two faults in a row can share a rule: make sure the page really shows the new session.
      expect(await page.getByTestId('session-select').inputValue()).toBe(d.sessionId);
      // Wait for the UI to have every frame of the session, the server's exit included, then for the findings.
      await expect.poll(() => page.getByTestId('connection-status').textContent(), { timeout: 20_000 }).toMatch(/exited|stopped/);
      await expect.poll(groupRules, { timeout: 10_000, message: `Findings tab for ${fault.option}` }).toEqual(expected);
      await expect.poll(rowRules, { timeout: 10_000, message: `row badges for ${fault.option}` }).toEqual(expected);
      seen[fault.option ?? 'none'] = { groups: await groupRules(), rows: await rowRules() };
    }
    expect(Object.keys(seen)).toHaveLength(shown.length + 1);
  }, 240_000);

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
