import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, watchPageErrors } from '../helpers/browser.js';
import { openExchange } from '../helpers/http-exchange-page.js';
import { startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { REMOTE_FIXTURE, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';

let server: RemoteServer;
let relay: RelayHandle;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startRemoteServer(REMOTE_FIXTURE), launchBrowser()]);
  // /html-error answers every request with a 500 and an HTML page: the initialize POST gets one.
  relay = await startRelay({ args: ['--url', server.url('/html-error'), '--transport', 'http'] });
  page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
  errors = watchPageErrors(page);
  await page.goto(relay.url);
});

afterAll(async () => {
  await browser?.close();
  await relay?.stop();
  await server?.stop();
});

describe('an HTTP error with a body that is not JSON, in the HTTP tab', () => {
  it('shows the 500 in its colour and the HTML body as text, never rendered', async () => {
    const detail = await openExchange(page, { method: 'POST', status: 500 });
    const row = page.locator('[data-testid="http-exchange-row"][data-status="500"]').first();
    expect(await row.getAttribute('data-status-class')).toBe('server-error');
    expect(await row.getByTestId('http-exchange-carried').textContent()).toBe('initialize');
    expect(await detail.getByTestId('http-exchange-status').textContent()).toContain('500 Internal Server Error');
    expect(await detail.textContent()).toContain('not a JSON-RPC error');
    await detail.getByTestId('http-section-response').click();
    const body = detail.getByTestId('http-response-body');
    expect(await body.getAttribute('data-format')).toBe('text');
    expect(await body.textContent()).toContain('<h1>500 Internal Server Error</h1>');
    expect(await body.textContent()).toContain('text/html');
    // Text, not markup: the page has no element the server's HTML would have made.
    expect(await page.locator('[data-testid="http-exchanges-panel"] h1').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
