import { afterAll, describe, expect } from 'vitest';
import { openExchange } from '../helpers/http-exchange-page.js';
import { inspectorTest } from '../helpers/inspector-test.js';
import { REMOTE_FIXTURE, startRemoteServer } from '../helpers/remote-server.js';

// /html-error answers every request with a 500 and an HTML page: the initialize POST gets one. Started before the
// file's relay, which is pointed at it.
const server = await startRemoteServer(REMOTE_FIXTURE);
afterAll(() => server.stop());

const it = inspectorTest({ args: ['--url', server.url('/html-error'), '--transport', 'http'], context: { viewport: { width: 1500, height: 950 } } });

describe('an HTTP error with a body that is not JSON, in the HTTP tab', () => {
  it('shows the 500 in its colour and the HTML body as text, never rendered', async ({ page }) => {
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
  });
});
