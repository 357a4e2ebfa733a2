import { freePort } from '../helpers/free-port.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, watchPageErrors } from '../helpers/browser.js';
import { exchangeRows, openExchange, shownHeader } from '../helpers/http-exchange-page.js';
import { callTool, openTab, selectTool, waitForServer } from '../helpers/panel-page.js';
import { startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { EVERYTHING_ON_LOOPBACK, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

interface Setup {
  server: RemoteServer | null;
  relay: RelayHandle;
  page: Page;
  errors: string[];
}
let current: Setup | null = null;
afterEach(async () => {
  await current?.page.close();
  await current?.relay.stop();
  await current?.server?.stop();
  current = null;
});

/** server-everything in `mode` on loopback, the relay pointed at it with `--url`, and the UI open and initialized. */
async function open(mode: 'streamableHttp' | 'sse', path: string, transport: string): Promise<Setup> {
  const server = await startRemoteServer(EVERYTHING_ON_LOOPBACK, [mode]);
  const relay = await startRelay({ args: ['--url', server.url(path), '--transport', transport] });
  const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
  const errors = watchPageErrors(page);
  current = { server, relay, page, errors };
  await page.goto(relay.url);
  await waitForServer(page);
  return current;
}

async function listAndCallEcho(page: Page, text: string): Promise<void> {
  await openTab(page, 'tools');
  await expect.poll(() => page.getByTestId('tool-item').count(), { timeout: 20_000 }).toBeGreaterThan(5);
  await selectTool(page, 'echo');
  await page.locator('#args_message').fill(text);
  await callTool(page, `Echo: ${text}`);
}

describe('the HTTP tab against server-everything', () => {
  it('shows the Streamable HTTP exchanges with status and headers, and jumps from an exchange to its frames and back', async () => {
    const { page, errors } = await open('streamableHttp', '/mcp', 'http');
    await listAndCallEcho(page, 'over streamable http');

    await openTab(page, 'http');
    // The handshake: initialize answered 200, the initialized notification accepted with 202.
    await exchangeRows(page, { method: 'POST', status: 200, carrying: 'initialize' }).first().waitFor({ timeout: 20_000 });
    await exchangeRows(page, { method: 'POST', status: 202, carrying: 'notifications/initialized' }).first().waitFor();
    expect(await page.getByTestId('http-exchange-badge').textContent()).toMatch(/^\d+$/);

    // ↓ moves the selection from the first exchange (initialize) to the next, as in a browser's Network panel.
    const first = page.getByTestId('http-exchange-row').first();
    await first.click();
    await page.keyboard.press('ArrowDown');
    await page.locator('[data-testid="http-exchange-row"][aria-selected="true"]').filter({ hasText: 'notifications/initialized' }).waitFor();

    const detail = await openExchange(page, { method: 'POST', status: 200, carrying: 'tools/call' });
    expect(await detail.getByTestId('http-exchange-status').textContent()).toContain('200');
    expect(await detail.getByTestId('http-exchange-url').textContent()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(await shownHeader(detail, 'request', 'accept')).toBe('application/json, text/event-stream');
    expect(await shownHeader(detail, 'request', 'mcp-session-id')).toMatch(/\S{8,}/);
    expect(await shownHeader(detail, 'request', 'mcp-protocol-version')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await shownHeader(detail, 'response', 'content-type')).toMatch(/text\/event-stream|application\/json/);

    // The request body is the tools/call as sent, pretty-printed JSON.
    await detail.getByTestId('http-section-request').click();
    expect(await detail.getByTestId('http-request-body').getAttribute('data-format')).toBe('json');
    expect(await detail.getByTestId('http-request-body').textContent()).toContain('"method": "tools/call"');

    // Frames: the request it carried and the response; a click shows the response in Detail.
    await detail.getByTestId('http-section-frames').click();
    const links = detail.getByTestId('http-frame-link');
    await expect.poll(() => links.count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const responseSeq = await links.last().getAttribute('data-seq');
    await links.last().click();
    await page.locator(`[data-testid="detail-pane"][data-seq="${responseSeq}"]`).waitFor();
    expect(await page.getByTestId('detail-parsed').textContent()).toContain('over streamable http');

    // And back: the Detail tab names the exchange that carried the frame and returns to it.
    const exchangeId = await detail.getAttribute('data-id');
    const back = page.getByTestId('http-exchange-backlink');
    expect(await back.getAttribute('data-exchange')).toBe(exchangeId);
    await back.click();
    await page.locator(`[data-testid="http-exchange-detail"][data-id="${exchangeId}"]`).waitFor();
    expect(await page.getByTestId('tab-http').getAttribute('aria-selected')).toBe('true');
    expect(errors).toEqual([]);
  });

  it('shows the legacy HTTP+SSE exchanges: the GET stream with its endpoint event, and each POST answered 202', async () => {
    const { page, errors } = await open('sse', '/sse', 'sse');
    await listAndCallEcho(page, 'over legacy sse');

    const post = await openExchange(page, { method: 'POST', status: 202, carrying: 'tools/call' });
    expect(await post.getByTestId('http-exchange-url').textContent()).toMatch(/\/message\?sessionId=/);
    await post.getByTestId('http-section-frames').click();
    const sent = post.getByTestId('http-frame-link').first();
    const sentSeq = await sent.getAttribute('data-seq');
    await sent.click();
    await page.locator(`[data-testid="detail-pane"][data-seq="${sentSeq}"]`).waitFor();
    expect(await page.getByTestId('http-exchange-backlink').textContent()).toContain('POST /message');

    // The GET stream stays open while connected, and its events are there already, each as it arrived.
    const stream = await openExchange(page, { method: 'GET' });
    expect(await page.locator('[data-testid="http-exchange-row"][data-method="GET"]').first().getAttribute('data-purpose')).toBe('stream');
    expect(await stream.getAttribute('data-state')).toBe('open');
    expect(await stream.getByTestId('http-exchange-status').textContent()).toContain('200');
    expect(await shownHeader(stream, 'response', 'content-type')).toContain('text/event-stream');
    await stream.getByTestId('http-section-events').click({ timeout: 20_000 });
    const endpoint = stream.locator('[data-testid="sse-event"][data-event="endpoint"]');
    await endpoint.waitFor();
    expect(await endpoint.textContent()).toContain('/message?sessionId=');

    // A call made now shows up in the open stream: its answer is a new `message` event, linked to the frame it became.
    const answersIn = (detail: Locator) => detail.locator('[data-testid="sse-event"][data-event="message"] [data-testid="sse-event-frame"]');
    const before = await answersIn(stream).count();
    expect(before).toBeGreaterThan(0);
    await openTab(page, 'tools');
    await selectTool(page, 'echo');
    await page.locator('#args_message').fill('while the stream is open');
    await callTool(page, 'Echo: while the stream is open');
    const again = await openExchange(page, { method: 'GET' });
    await again.getByTestId('http-section-events').click();
    const answers = answersIn(again);
    await expect.poll(() => answers.count(), { timeout: 20_000 }).toBeGreaterThan(before);
    expect(await again.getAttribute('data-state')).toBe('open');
    const answerSeq = await answers.last().getAttribute('data-seq');
    await answers.last().click();
    await page.locator(`[data-testid="detail-pane"][data-seq="${answerSeq}"]`).waitFor();
    expect(await page.getByTestId('detail-parsed').textContent()).toContain('while the stream is open');
    // And back: the frame names the stream that carried it, still open.
    expect(await page.getByTestId('http-exchange-backlink').textContent()).toContain('GET /sse');
    await page.getByTestId('http-exchange-backlink').click();
    const shown = page.getByTestId('http-exchange-detail');
    await expect.poll(() => shown.getAttribute('data-state'), { timeout: 10_000 }).toBe('open');

    // Stopping the session ends the stream: its final record replaces the live one, with every event kept.
    await page.getByTestId('stop-button').click();
    await expect.poll(() => shown.getAttribute('data-state'), { timeout: 20_000 }).not.toBe('open');
    await shown.getByTestId('http-section-events').click();
    await expect.poll(() => answersIn(shown).count(), { timeout: 10_000 }).toBeGreaterThan(before);
    expect(errors).toEqual([]);
  });

  it('offers a restart when the connection failed, and the restart connects once the server is up', async () => {
    const port = await freePort();
    const relay = await startRelay({ args: ['--url', `http://127.0.0.1:${port}/sse`, '--transport', 'sse'] });
    const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
    const errors = watchPageErrors(page);
    current = { server: null, relay, page, errors };
    await page.goto(relay.url);
    const banner = page.getByTestId('connection-failed-banner');
    await banner.waitFor({ timeout: 20_000 });
    expect(await banner.textContent()).toMatch(/failed|dropped/);

    // The refused GET is an exchange too: no response, and the reason shown.
    const refused = await openExchange(page, { method: 'GET' });
    expect(await refused.getByTestId('http-exchange-failure').textContent()).toMatch(/No response/);

    current.server = await startRemoteServer(EVERYTHING_ON_LOOPBACK, ['sse'], { PORT: String(port) });
    await page.getByTestId('banner-restart-button').click();
    await waitForServer(page);
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await page.getByTestId('connection-status').getAttribute('data-status')).toBe('running');
    expect(errors).toEqual([]);
  });

  it('says when Streamable HTTP cannot reach the server, and a restart connects once it is up', async () => {
    const port = await freePort();
    const relay = await startRelay({ args: ['--url', `http://127.0.0.1:${port}/mcp`, '--transport', 'http'] });
    const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
    const errors = watchPageErrors(page);
    current = { server: null, relay, page, errors };
    await page.goto(relay.url);
    // Streamable HTTP holds no connection, so the session stays "running": the banner is what tells the user.
    const banner = page.getByTestId('request-failed-banner');
    await banner.waitFor({ timeout: 20_000 });
    expect(await banner.textContent()).toContain('connection refused');
    expect(await page.getByTestId('connection-status').getAttribute('data-status')).toBe('running');

    current.server = await startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp'], { PORT: String(port) });
    await page.getByTestId('banner-restart-button').click();
    await waitForServer(page);
    await banner.waitFor({ state: 'detached', timeout: 20_000 });
    // The refused POST and the answered one are both in the HTTP tab, in order.
    await openTab(page, 'http');
    await exchangeRows(page, { method: 'POST', status: 200, carrying: 'initialize' }).first().waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('http-exchange-row').first().getAttribute('data-status-class')).toBe('failed');
    expect(errors).toEqual([]);
  });
});
