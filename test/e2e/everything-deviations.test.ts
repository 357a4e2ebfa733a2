// server-everything's known deviations (docs/lint-and-errors.md, "Known deviations") as the browser shows them: each on
// its row with the rule the doc names, and the rule's explanation (and the error explainer) in the Detail tab.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { RULES, type RuleId } from '../../shared/lint/index.js';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { launchBrowser, watchPageErrors } from '../helpers/browser.js';
import { openTab } from '../helpers/panel-page.js';
import { EVERYTHING_SERVER, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import type { RelaySocket } from '../helpers/relay-socket.js';
import { EVERYTHING_ON_LOOPBACK, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { inlinePlainText } from '../../web/lib/ui/markdown-subset.js';

let browser: Browser;
let relay: RelayHandle;
let http: RemoteServer;
let page: Page;
let errors: string[];
let sock: RelaySocket;
let stdioId: string;

beforeAll(async () => {
  [relay, http] = await Promise.all([
    startRelay({ command: [process.execPath, EVERYTHING_SERVER, 'stdio'] }),
    startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp']),
  ]);
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
  errors = watchPageErrors(page);
  await page.goto(relay.url);
  // The page attaches to the launch session and does the handshake; the test then talks through the relay's socket.
  stdioId = (await relay.api<SessionInfo[]>('/api/sessions')).body[0]!.id;
  await page.locator('[data-testid="log-row"][data-dir="in"][data-kind="response"]').first().waitFor({ timeout: 30_000 });
  sock = await relay.socket();
  await page.getByTestId('filter-findings').click();
}, 90_000);

afterAll(async () => {
  sock?.close();
  await browser?.close();
  await relay?.stop();
  await http?.stop();
});

const send = (msg: Record<string, unknown>) => sock.send({ type: 'send', sessionId: stdioId, text: JSON.stringify({ jsonrpc: '2.0', ...msg }) });
const flagged = (rule: string) => page.locator(`[data-testid="log-row"][data-findings~="${rule}"]`);

/** Selects the first row the rule flagged and checks the Detail tab explains it with the rule's own text. */
async function expectExplained(rule: RuleId): Promise<void> {
  const row = flagged(rule).first();
  await row.waitFor({ timeout: 20_000 });
  await row.click();
  await openTab(page, 'detail');
  const finding = page.locator(`[data-testid="detail-finding"][data-rule="${rule}"]`);
  await finding.waitFor();
  expect(await finding.getByTestId('rule-explanation').textContent()).toBe(inlinePlainText(RULES[rule].explanation));
  expect(await finding.getByTestId('rule-fix').textContent()).toContain(inlinePlainText(RULES[rule].fix));
  // The sentence the rule enforces, and the keyword that sets its severity.
  expect(await finding.getByTestId('rule-quote').textContent()).toContain(RULES[rule].quote.text);
  expect(await finding.getByTestId('rule-grounds').textContent()).toMatch(new RegExp(`→ ${RULES[rule].severity}$`));
}

describe("server-everything's known deviations in the browser", () => {
  it('an unknown tool answered with an isError result: mcp/unknown-tool-as-result', async () => {
    // The tools must be known for a name to be unknown.
    send({ id: 'dev-0', method: 'tools/list' });
    send({ id: 'dev-1', method: 'tools/call', params: { name: 'no-such-tool', arguments: {} } });
    await expectExplained('mcp/unknown-tool-as-result');
    expect(await flagged('mcp/unknown-tool-as-result').first().getAttribute('data-rpc-id')).toBe('"dev-1"');
  });

  it('an invalid log level answered -32603: jsonrpc/invalid-params-as-internal-error, and the explainer says -32602 was due', async () => {
    send({ id: 'dev-2', method: 'logging/setLevel', params: { level: 'loud' } });
    await expectExplained('jsonrpc/invalid-params-as-internal-error');
    const explainer = page.getByTestId('detail-error-explainer');
    expect(await explainer.getByTestId('error-explanation').getAttribute('data-code')).toBe('-32603');
    expect(await explainer.textContent()).toContain('-32602');
  });

  it('progress after notifications/cancelled: mcp/message-after-cancel', async () => {
    // Long enough that the cancellation lands mid-run on a loaded machine (0.6 s in 6 steps once ran out before the
    // poll below saw its first progress and the cancellation went out): progress every half second for 10 s.
    const params = { name: 'trigger-long-running-operation', arguments: { duration: 10, steps: 20 }, _meta: { progressToken: 'op' } };
    send({ id: 'dev-3', method: 'tools/call', params });
    // With the findings filter on, progress rows are hidden until flagged: wait on the relay's record instead.
    await expect
      .poll(
        async () =>
          (await relay.api<{ frames: { method: string | null }[] }>(`/api/sessions/${stdioId}/frames?afterSeq=0&limit=10000`)).body.frames.some(
            (f) => f.method === 'notifications/progress',
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    send({ method: 'notifications/cancelled', params: { requestId: 'dev-3', reason: 'test' } });
    await expectExplained('mcp/message-after-cancel');
  });

  it('Streamable HTTP: an Mcp-Session-Id the server never issued, refused with 400 (http/unissued-session-status), with an id-less error body', async () => {
    const target = { transport: 'http', url: http.url('/mcp'), overrides: { sessionId: 'no-such-session' } };
    const { body } = await relay.api<SessionInfo>('/api/sessions', {
      method: 'POST',
      body: JSON.stringify({ target, protocolVersion: '2025-11-25', handshake: false }),
    });
    const select = page.getByTestId('session-select');
    await select.locator(`option[value="${body.id}"]`).waitFor({ state: 'attached', timeout: 20_000 });
    await select.selectOption(body.id);
    // initialize is allowed to carry a stale session id; any other request is what the 400-vs-404 rules are about.
    sock.send({ type: 'send', sessionId: body.id, text: JSON.stringify({ jsonrpc: '2.0', id: 'dev-4', method: 'tools/list' }) });
    await expectExplained('http/unissued-session-status');
    // The error body of that 400 has no id member at all, which Streamable HTTP allows on an error status: no finding.
    expect(await flagged('jsonrpc/unmatched-response').count()).toBe(0);
  });

  it('ran without page errors', () => {
    // The 400s of the unknown session are the point of the last test; anything else is a fault.
    expect(errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  });
});
