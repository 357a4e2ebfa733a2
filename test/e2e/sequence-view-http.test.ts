import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, watchPageErrors } from '../helpers/browser.js';
import { waitForServer } from '../helpers/panel-page.js';
import { startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { EVERYTHING_ON_LOOPBACK, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';

let browser: Browser;
let server: RemoteServer;
let relay: RelayHandle;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp'])]);
  relay = await startRelay({ args: ['--url', server.url('/mcp'), '--transport', 'http'] });
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await relay?.stop();
  await server?.stop();
});

describe('the sequence view of a Streamable HTTP session (server-everything)', () => {
  it('gives the POSTs and the GET stream lanes of their own, each frame on the lane of the exchange that carried it', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = watchPageErrors(page);
    await page.goto(relay.url);
    await waitForServer(page);
    await page.getByTestId('log-view-sequence').click();
    const lane = (http: string) => page.locator(`[data-testid="seq-lane"][data-http="${http}"]`);
    // The standalone GET stream opens once the handshake is done: its lane appears beside the POST lane.
    await lane('get').first().waitFor({ timeout: 20_000 });
    const postX = Number(await lane('post').first().getAttribute('x'));
    const getX = Number(await lane('get').first().getAttribute('x'));
    expect(getX).not.toBe(postX);
    expect(await page.getByTestId('seq-lane').evaluateAll((els) => els.map((e) => e.getAttribute('data-lane')))).toEqual(
      expect.arrayContaining(['client', 'mcpscope', 'post:0', 'get:0']),
    );

    await page.getByTestId('sequence-scroll').evaluate((el) => (el.scrollTop = 0));
    // initialize went out in a POST and its answer came back in that POST's response.
    const init = page.locator('[data-testid="seq-arrow"][data-method="initialize"]');
    await init.first().waitFor();
    expect(await init.evaluateAll((els) => els.map((e) => [e.getAttribute('data-kind'), e.getAttribute('data-from-x'), e.getAttribute('data-to-x')]))).toEqual(
      expect.arrayContaining([
        ['request', expect.any(String), String(postX)],
        ['response', String(postX), expect.any(String)],
      ]),
    );
    // The relay's record of the GET exchange is a note on the GET lane.
    const getNote = page.locator('[data-testid="seq-arrow"][data-kind="http"]').filter({ hasText: /^.*GET/ });
    await getNote.first().waitFor({ state: 'attached', timeout: 20_000 });
    expect(await getNote.first().getAttribute('data-from-x')).toBe(String(getX));
    expect(errors).toEqual([]);
    await page.close();
  });
});
