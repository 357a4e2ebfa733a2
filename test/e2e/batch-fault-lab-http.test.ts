import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { launchBrowser, watchPageErrors } from '../helpers/browser.js';
import { HTTP_VERDICTS } from '../helpers/fault-expectations.js';
import { explainMismatches, explanationOf, runAllPresets, scratchFrames, verdictMismatches } from '../helpers/fault-lab-page.js';
import { openTab, waitForServer } from '../helpers/panel-page.js';
import { startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { EVERYTHING_ON_LOOPBACK, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';

let server: RemoteServer;
let relay: RelayHandle;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp']), launchBrowser()]);
  relay = await startRelay({ args: ['--url', server.url('/mcp'), '--transport', 'http'] });
  page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
  errors = watchPageErrors(page);
  await page.goto(relay.url);
  await waitForServer(page);
});

afterAll(async () => {
  await browser?.close();
  await relay?.stop();
  await server?.stop();
});

describe('the batch builder and the fault lab against server-everything over Streamable HTTP', () => {
  it('sends a three-element batch as one POST body and matches every response to its element', async () => {
    await openTab(page, 'batch');
    await page.getByTestId('batch-preset-three').click();
    await page.getByTestId('batch-send').click();
    const rows = page.getByTestId('batch-result-row');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(3);
    expect(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).toEqual(['answered', 'answered', 'answered']);
    expect(await page.getByTestId('batch-verdict').getAttribute('data-outcome')).toBe('as-spec');
  });

  it('grades invalid JSON and an unknown method as the spec says, and stdio framing faults as not applicable', async () => {
    await openTab(page, 'fault-lab');
    expect(await page.getByTestId('fault-send-crlf').isDisabled()).toBe(true);
    await page.getByTestId('fault-send-unknown-method').click();
    await page.getByTestId('fault-send-invalid-json').click();
    const result = (id: string) => page.locator(`[data-testid="fault-result"][data-preset="${id}"]`);
    await result('invalid-json').waitFor({ timeout: 15_000 });
    expect(await result('unknown-method').getAttribute('data-outcome')).toBe('as-spec');
    expect(await result('invalid-json').getAttribute('data-outcome')).toBe('as-spec');
    expect(errors).toEqual([]);
  });

  it('edits an HTTP preset’s headers before sending: a correct Accept is accepted, on which the spec is silent', async () => {
    await openTab(page, 'fault-lab');
    await page.getByTestId('fault-edit-http-accept-wrong').click();
    const headers = page.getByTestId('fault-editor-headers');
    expect(await headers.inputValue()).toBe('{"Accept":"text/html"}');
    await headers.fill('{"Accept": 1}');
    expect(await page.getByTestId('fault-editor-send').isDisabled()).toBe(true);
    await headers.fill('{"Accept":"application/json, text/event-stream"}');
    await page.getByTestId('fault-editor-send').click();
    const row = page.locator('[data-testid="fault-result"][data-preset="http-accept-wrong"]');
    await row.waitFor({ timeout: 15_000 });
    // MCP asks the client for Accept and names no answer to a wrong one: the edit shows in what came back (200, not 406).
    expect(await row.getAttribute('data-outcome')).toBe('spec-silent');
    expect(await explanationOf(page, 'http-accept-wrong')).toMatch(/^Answered 200 OK.*says nothing of the server's answer/);
  });

  // On two connections (fresh HTTP sessions on the endpoint, side by side), each a slice of the table in order: the
  // second holds the raw exchanges, DELETE last, which ends its own session only.
  it('runs every preset, the raw HTTP exchanges included, on two connections, and grades each as MCP-FACTS documents (DELETE last)', async () => {
    const mismatches = verdictMismatches(await runAllPresets(page, 2000, 2), HTTP_VERDICTS);
    expect(mismatches, await explainMismatches(page, mismatches)).toEqual([]);
    expect(await explanationOf(page, 'http-accept-missing')).toMatch(
      /406 Not Acceptable and JSON-RPC error -32000\. MCP requires the client's Accept header and says nothing/,
    );
    expect(await explanationOf(page, 'http-session-unknown')).toMatch(/^Answered 400 Bad Request.*silent on an id it never issued/);
    expect(await explanationOf(page, 'http-host-foreign')).toMatch(/^Answered 200 OK.*silent on Host/);
    // Each raw exchange is recorded as an http frame of its own, like the transport's exchanges, in the scratch session.
    const scratches = await scratchFrames(page, relay);
    expect(scratches).toHaveLength(2);
    const faultsOf = (frames: FrameRecord[]) => frames.filter((f) => f.kind === 'http' && (JSON.parse(f.text) as { purpose?: string }).purpose === 'fault');
    const raw = faultsOf(scratches[1]!.frames);
    expect(raw.map((f) => f.method)).toEqual(expect.arrayContaining(['PUT', 'GET', 'DELETE', 'POST']));
    expect(raw.at(-1)?.method).toBe('DELETE');
    expect(errors).toEqual([]);
  }, 300_000);
});
