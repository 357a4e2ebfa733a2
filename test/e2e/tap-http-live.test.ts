// The HTTP tap seen live: an SDK client talks Streamable HTTP to server-everything through `mcpscope tap --url` on a
// fixed free port, with the inspector running on the same data dir; in Chromium the tapped session appears and its
// log grows as the client sends, without a reload.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchPageErrors } from '../helpers/browser.js';
import { startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { EVERYTHING_ON_LOOPBACK, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { freePort } from '../helpers/free-port.js';
import { startHttpTap, type HttpTapHandle } from '../helpers/tap-process.js';

let relay: RelayHandle;
let browser: Browser;
let page: Page;
let errors: string[];
let server: RemoteServer;
let tap: HttpTapHandle | null = null;
let host: Client | null = null;

beforeAll(async () => {
  [relay, browser, server] = await Promise.all([startRelay(), launchBrowser(), startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp'])]);
  page = await browser.newPage({ viewport: { width: 1500, height: 900 } });
  errors = watchPageErrors(page);
  await page.goto(relay.url);
  await page.getByTestId('view-tab-sessions').click();
});

afterAll(async () => {
  await host?.close();
  tap?.proc.kill('SIGTERM');
  await tap?.exited;
  await browser?.close();
  await relay?.stop();
  await server?.stop();
});

const tappedRows = () => page.locator('[data-testid="history-row"][data-origin="tap"]');
const logRows = (method: string) => page.locator(`[data-testid="log-row"][data-dir="out"][data-method="${method}"]`);

describe('an HTTP-tapped session in a real browser', () => {
  it('appears in the open Sessions view once a client connects through the tap on a fixed port', { timeout: 120_000 }, async () => {
    const port = await freePort();
    tap = await startHttpTap(relay.dataDir, server.url('/mcp'), `127.0.0.1:${port}`);
    expect(tap.listen).toBe(`http://127.0.0.1:${port}/mcp`);
    host = new Client({ name: 'http-tap-e2e-host', version: '1.0.0' });
    await host.connect(new StreamableHTTPClientTransport(new URL(tap.listen)));
    await expect.poll(() => tappedRows().count(), { timeout: 60_000 }).toBe(1);
  });

  it("shows the session's log growing live as the client calls tools through the tap, read-only", { timeout: 120_000 }, async () => {
    await tappedRows().first().getByTestId('session-open').click();
    await expect.poll(() => page.locator('[data-testid="readonly-badge"][data-tapped="true"]').textContent()).toContain('tapped by a host, live');
    await logRows('initialize').first().waitFor();
    expect(await logRows('tools/call').count()).toBe(0);

    const echo = await host!.callTool({ name: 'echo', arguments: { message: 'through the http tap' } });
    expect(echo.content).toEqual([{ type: 'text', text: 'Echo: through the http tap' }]);
    await expect.poll(() => logRows('tools/call').count(), { timeout: 15_000 }).toBe(1);
    await host!.callTool({ name: 'get-sum', arguments: { a: 2, b: 3 } });
    await expect.poll(() => logRows('tools/call').count(), { timeout: 15_000 }).toBe(2);
    // The answers are in the log too, carried back through the tap.
    await expect
      .poll(() => page.locator('[data-testid="log-row"][data-dir="in"][data-kind="response"]').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(3);
    await expect.poll(() => page.getByTestId('composer-send').isDisabled()).toBe(true);
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
