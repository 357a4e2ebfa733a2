// The page's half of the remote gate: Replay of a bundle whose recipe is a URL shows the URL, the headers masked and
// the auth settings (a bidi override escaped), and the server (a real one on 127.0.0.1 that records every request)
// hears nothing before Connect.
import { afterAll, describe, expect } from 'vitest';
import { recordDemoBundle } from '../helpers/crafted-bundle.js';
import { remoteBundle, startRecordingServer } from '../helpers/hostile-recipe.js';
import { inspectorTest } from '../helpers/inspector-test.js';

const server = await startRecordingServer();
afterAll(() => server.close());
const file = remoteBundle(await recordDemoBundle(), {
  transport: 'http',
  url: server.url('/mcp'),
  headers: { Authorization: 'Bearer file-chosen-token' },
  auth: { type: 'oauth', clientId: 'their-client', clientSecret: 'their-secret', scope: 'read\u202egnp.exe' },
});
// The relay refuses to connect before the person says yes (a 428), which the browser logs as a console error.
const it = inspectorTest({ leading: ['open', file], context: { viewport: { width: 1500, height: 900 } }, expectedErrors: /428/ });

describe('Replay of an imported remote bundle in a real browser', () => {
  it('shows the URL, the masked header and the auth settings, and connects only on "Connect"', async ({ page }) => {
    await page.getByTestId('view-tab-sessions').click();
    const row = page.locator('[data-testid="history-row"][data-origin="imported"]');
    await row.getByTestId('session-replay').click();
    const gate = row.getByTestId('recipe-gate');
    await gate.waitFor();
    expect(await gate.getByTestId('recipe-url').textContent()).toBe(server.url('/mcp'));
    expect(await gate.getByTestId('recipe-header').allTextContents()).toEqual(['Authorization: Bearer [REDACTED]']);
    // A right-to-left override would make the scope read backwards: it is shown as an escape, as on the terminal.
    expect(await gate.getByTestId('recipe-auth').allTextContents()).toEqual([
      'type=oauth',
      'clientId=their-client',
      'clientSecret=[REDACTED]',
      'scope=read\\u202egnp.exe',
    ]);
    expect(await gate.textContent()).toContain('Nothing has been sent to this server.');
    expect(await page.content()).not.toMatch(/file-chosen-token|their-secret/);
    expect(server.requests).toEqual([]);

    await gate.getByTestId('recipe-confirm').click();
    await expect.poll(() => server.requests.length, { timeout: 30_000 }).toBeGreaterThan(0);
    await row.getByTestId('recipe-gate').waitFor({ state: 'detached' });
  });
});
