// The "pending too long" marker in a real browser: a ping the faulty fixture answers late, then one it never
// answers, with the threshold set to 1 s in the Findings tab.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { startRelayAndBrowser, watchPageErrors } from '../helpers/browser.js';
import { FAULTY_SERVER } from '../helpers/faulty-session.js';
import { openTab } from '../helpers/panel-page.js';
import type { RelayHandle } from '../helpers/relay-process.js';

let browser: Browser;
let relay: RelayHandle;
let page: Page;
let errors: string[];

beforeAll(async () => {
  // The launch session answers ping after 4 s (the relay's environment reaches the server it starts); the page
  // attaches to it and does the handshake on its own.
  // startRelay spawns before its first await, so the variable is read before it is deleted; the browser connects
  // while the relay starts.
  process.env.FAULTY_PING_DELAY_MS = '4000';
  const started = startRelayAndBrowser({ command: [process.execPath, FAULTY_SERVER] });
  delete process.env.FAULTY_PING_DELAY_MS;
  ({ relay, browser } = await started);
  page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
  errors = watchPageErrors(page);
  await page.goto(relay.url);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await relay?.stop();
});

const initialized = () => page.locator('[data-testid="log-row"][data-dir="in"][data-kind="response"]').first().waitFor({ timeout: 20_000 });

/** Starts the fixture through the token-protected API; the UI does the handshake when the session is picked. */
async function connect(args: string[]): Promise<string> {
  const target = { transport: 'stdio', command: process.execPath, args: [FAULTY_SERVER, ...args], env: {} };
  const { status, body } = await relay.api<SessionInfo>('/api/sessions', {
    method: 'POST',
    body: JSON.stringify({ target, protocolVersion: '2025-11-25', handshake: true }),
  });
  expect(status).toBe(201);
  const select = page.getByTestId('session-select');
  await select.locator(`option[value="${body.id}"]`).waitFor({ state: 'attached', timeout: 20_000 });
  await select.selectOption(body.id);
  // The handshake's initialize has its answer: the session is ready for the composer.
  await initialized();
  return body.id;
}

async function sendPing(): Promise<string> {
  await page.getByTestId('template-ping').click();
  await page.getByTestId('composer-send').click();
  const row = page.locator('[data-testid="log-row"][data-dir="out"][data-method="ping"]').last();
  await row.waitFor();
  return (await row.getAttribute('data-seq'))!;
}

const rowOf = (seq: string) => page.locator(`[data-testid="log-row"][data-seq="${seq}"]`);

describe('requests pending too long', () => {
  it('marks a late ping with a ticking clock and a Findings entry, and turns both into a latency note once answered', async () => {
    await initialized();
    await openTab(page, 'findings');
    await page.getByTestId('pending-threshold').fill('1');
    const seq = await sendPing();
    const marker = rowOf(seq).getByTestId('pending-marker');
    await marker.waitFor({ timeout: 10_000 });
    expect(await marker.textContent()).toMatch(/waiting \d+ s/);
    const entry = page.locator(`[data-testid="pending-request"][data-seq="${seq}"]`);
    expect(await entry.textContent()).toMatch(/ping \(id \d+\) from the client has waited \d+ s for an answer/);
    expect(await page.getByTestId('pending-group').getAttribute('data-count')).toBe('1');
    // The clock ticks while the request waits.
    const first = Number(await marker.getAttribute('data-waiting-ms'));
    await expect.poll(async () => Number(await marker.getAttribute('data-waiting-ms')), { timeout: 10_000 }).toBeGreaterThan(first);
    // The answer comes after 4 s: the clock goes, the entry becomes a latency note.
    await expect.poll(() => rowOf(seq).getByTestId('pending-marker').count(), { timeout: 15_000 }).toBe(0);
    const note = page.locator(`[data-testid="pending-settled"][data-seq="${seq}"]`);
    await expect.poll(() => note.textContent(), { timeout: 10_000 }).toMatch(/ping: answered after [34] s/);
    expect(await page.getByTestId('pending-group').getAttribute('data-count')).toBe('0');
    const response = page.locator('[data-testid="log-row"][data-dir="in"][data-method="ping"]').last();
    expect(await response.getByTestId('log-latency').textContent()).toMatch(/[34](\.\d+)? ?s/);
    // The e2e project's 120 s: the waits above add up to 65 s on a loaded machine (a 60 s budget timed out once).
  });

  it('keeps the clock on a ping that is never answered until the server exits, then reports it unanswered', async () => {
    const sessionId = await connect(['--unanswered']);
    const seq = await sendPing();
    await rowOf(seq).getByTestId('pending-marker').waitFor({ timeout: 10_000 });
    await page.locator(`[data-testid="pending-request"][data-seq="${seq}"]`).waitFor();
    await relay.api(`/api/sessions/${sessionId}/stop`, { method: 'POST' });
    await expect.poll(() => rowOf(seq).getAttribute('data-findings'), { timeout: 15_000 }).toBe('jsonrpc/unanswered-request');
    expect(await rowOf(seq).getByTestId('pending-marker').count()).toBe(0);
    await expect.poll(() => page.locator(`[data-testid="pending-settled"][data-seq="${seq}"]`).textContent()).toMatch(/ping: never answered$/);
    expect(await page.locator('[data-testid="finding-group"][data-rule="jsonrpc/unanswered-request"]').count()).toBe(1);
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
