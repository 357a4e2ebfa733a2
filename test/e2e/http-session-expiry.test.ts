import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, pageText, savedDownload, watchPageErrors } from '../helpers/browser.js';
import { exchangeRows, openExchange, shownHeader } from '../helpers/http-exchange-page.js';
import { callTool, openTab, selectTool, sentRows, waitForServer } from '../helpers/panel-page.js';
import { startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { REMOTE_FIXTURE, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';

// The fixture answers 401 to any request without exactly this bearer token, so a working session proves it arrived.
const BEARER = 'sk-ui4-7d1e93c0b24a4f6e8c55';
let server: RemoteServer;
let relay: RelayHandle;
let browser: Browser;
let page: Page;
let errors: string[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startRemoteServer(REMOTE_FIXTURE, [], { FIXTURE_BEARER: BEARER }), launchBrowser()]);
  relay = await startRelay({ args: ['--url', server.url('/mcp'), '--transport', 'http', '--header', `Authorization: Bearer ${BEARER}`] });
  const context = await browser.newContext({ viewport: { width: 1500, height: 950 }, acceptDownloads: true });
  page = await context.newPage();
  errors = watchPageErrors(page);
  await page.goto(relay.url);
  await waitForServer(page);
});

afterAll(async () => {
  await browser?.close();
  await relay?.stop();
  await server?.stop();
});

describe('a bearer-protected Streamable HTTP server that forgets its session, in the browser', () => {
  it('sends the bearer header to the server and shows it only masked', async () => {
    // Without the token the fixture refuses: the initialized session below is the server-side proof it arrived.
    expect((await fetch(server.url('/mcp'), { method: 'POST', body: '{}' })).status).toBe(401);
    const init = await openExchange(page, { method: 'POST', status: 200, carrying: 'initialize' });
    expect(await shownHeader(init, 'request', 'authorization')).toBe('Bearer ••••');
    await page.getByTestId('target-toggle').click();
    await page.getByTestId('target-headers').waitFor();
    const text = await pageText(page);
    expect(text).toContain('Bearer ••••');
    expect(text).not.toContain(BEARER);
    await page.getByTestId('target-toggle').click();
  });

  it('offers to re-initialize after a 404 on the session, explains the error in the 404 body, and works again after', async () => {
    await selectTool(page, 'forget_session');
    await callTool(page, 'forgotten');
    // The fixture forgets the session just after answering and says so; the next request carries the forgotten id.
    await server.waitOutput(/forgot session /);
    await openTab(page, 'overview');
    await page.getByTestId('ping').click();
    const banner = page.getByTestId('session-expired-banner');
    await banner.waitFor({ timeout: 20_000 });
    expect(await banner.textContent()).toContain('HTTP 404');

    const notFound = await openExchange(page, { method: 'POST', status: 404 });
    expect(await notFound.getByTestId('http-exchange-error-explainer').textContent()).toContain('-32001');
    await notFound.getByTestId('http-section-response').click();
    expect(await notFound.getByTestId('http-response-body').getAttribute('data-format')).toBe('json');
    expect(await notFound.getByTestId('http-response-body').textContent()).toContain('Session not found');

    await page.getByTestId('reinitialize-button').click();
    await expect.poll(() => sentRows(page, 'initialize').count(), { timeout: 20_000 }).toBe(2);
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => page.getByTestId('handshake-status').getAttribute('data-phase'), { timeout: 20_000 }).toBe('done');
    // The fresh initialize went out without the old session id, and still with the bearer (or the fixture would 401).
    await openTab(page, 'http');
    await expect.poll(() => exchangeRows(page, { method: 'POST', status: 200, carrying: 'initialize' }).count(), { timeout: 20_000 }).toBe(2);
    const second = exchangeRows(page, { method: 'POST', status: 200, carrying: 'initialize' }).last();
    await second.click();
    const detail = page.locator(`[data-testid="http-exchange-detail"][data-id="${await second.getAttribute('data-id')}"]`);
    expect(await shownHeader(detail, 'request', 'mcp-session-id')).toBeNull();
    expect(await shownHeader(detail, 'request', 'authorization')).toBe('Bearer ••••');

    await selectTool(page, 'echo');
    await page.locator('#args_message').fill('after the 404');
    await callTool(page, 'after the 404');
    expect(errors).toEqual([]);
  });

  it('refuses to connect a new session with the masked header instead of sending the mask', async () => {
    const before = (await relay.api<unknown[]>('/api/sessions')).body.length;
    await page.getByTestId('connect-button').click();
    await expect.poll(() => page.getByTestId('connection-error').textContent(), { timeout: 10_000 }).toContain('Authorization header is masked');
    expect((await relay.api<unknown[]>('/api/sessions')).body.length).toBe(before);
    await page.getByTestId('target-toggle').click();
  });

  it('leaves the bearer out of the page, the relay config it reads, and the exported bundle', async () => {
    expect(JSON.stringify((await relay.api('/api/config')).body)).not.toContain(BEARER);
    // A new profile starts from the relay's default target: shown masked too.
    await page.getByTestId('view-tab-sessions').click();
    await page.getByTestId('profile-new').click();
    expect(await page.getByTestId('profile-editor-target').inputValue()).toContain('Bearer ••••');
    // Saved as is, the mask would become the token: the editor refuses, names the header, and saves nothing.
    await page.getByTestId('profile-editor-name').fill('with the mask');
    await page.getByTestId('profile-editor-save').click();
    await expect.poll(() => page.getByTestId('profile-editor-error').textContent(), { timeout: 10_000 }).toContain('Authorization header is masked');
    expect((await relay.api<Array<{ name: string }>>('/api/profiles')).body.map((p) => p.name)).not.toContain('with the mask');
    expect(await pageText(page)).not.toContain(BEARER);
    const sessions = await relay.api<{ id: string }[]>('/api/sessions');
    const sid = sessions.body[0]!.id;
    const row = page.locator(`[data-testid="history-row"][data-session-id="${sid}"]`);
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByTestId('session-export').click()]);
    const bundle = readFileSync(await savedDownload(download), 'utf8');
    expect(bundle).toContain('"format":"mcpscope-bundle"');
    expect(bundle).toContain('forget_session');
    expect(bundle).not.toContain(BEARER);
    expect(errors).toEqual([]);
  });
});
