// Secrets stay off the screen: a server started with `--api-key V` and `--env API_KEY=V` shows neither value anywhere
// on the page (session name, connection form, the log's spawned event), while the server still got both.
import { describe, expect } from 'vitest';
import { inspectorTest } from '../helpers/inspector-test.js';
import { DEMO_SERVER } from '../helpers/relay-process.js';

const FLAG_SECRET = 'flag-secret-on-screen-81f2';
const ENV_SECRET = 'env-secret-on-screen-c07d';
const it = inspectorTest({ args: ['--env', `SERVICE_API_KEY=${ENV_SECRET}`], command: [process.execPath, DEMO_SERVER, '--api-key', FLAG_SECRET] });

describe('a server started with secrets, in a real browser', () => {
  // The fixture fails the test on any page or console error.
  it('shows the session with its secrets masked, in the log and in every view', async ({ page }) => {
    await page.locator('[data-testid="log-row"][data-method="spawned"]').first().waitFor();
    await page.locator('[data-testid="log-row"][data-method="spawned"]').first().click();
    const html = await page.content();
    expect(html).toContain('--api-key');
    expect(html).not.toContain(FLAG_SECRET);
    expect(html).not.toContain(ENV_SECRET);
    await page.getByTestId('view-tab-sessions').click();
    await page.locator('[data-testid="history-row"]').first().waitFor();
    expect(await page.locator('[data-testid="history-row"]').first().textContent()).toContain('--api-key [REDACTED]');
    const all = await page.content();
    expect(all).not.toContain(FLAG_SECRET);
    expect(all).not.toContain(ENV_SECRET);
  });
});
