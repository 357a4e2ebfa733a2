import { afterAll, describe, expect } from 'vitest';
import { inspectorTest } from '../helpers/inspector-test.js';
import { waitForServer } from '../helpers/panel-page.js';
import { EVERYTHING_ON_LOOPBACK, startRemoteServer } from '../helpers/remote-server.js';

// server-everything over Streamable HTTP, started before the file's relay, which is pointed at it.
const server = await startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp']);
afterAll(() => server.stop());

const it = inspectorTest({ args: ['--url', server.url('/mcp'), '--transport', 'http'], context: { viewport: { width: 1440, height: 900 } } });

describe('the sequence view of a Streamable HTTP session (server-everything)', () => {
  it('gives the POSTs and the GET stream lanes of their own, each frame on the lane of the exchange that carried it', async ({ page }) => {
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
  });
});
