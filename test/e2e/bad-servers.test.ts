import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { inspectorTest } from '../helpers/inspector-test.js';
import { FIXTURES } from '../helpers/relay-process.js';

// A server that writes a stray line, a 20 MB line, then crashes on tools/list: each must be shown clearly. The crash
// test restarts it, and the restarted server does the same, so the tests pass in any order.
const BIG = 20 * 1024 * 1024;
const it = inspectorTest({
  command: [process.execPath, join(FIXTURES, 'scripted-server.mjs'), '--noise', '--big-line', String(BIG), '--crash-on', 'tools/list'],
});

const row = (page: Page, sel: string) => page.locator(`[data-testid="log-row"]${sel}`).first();

describe('a misbehaving server in the browser', () => {
  it('shows a non-JSON stdout line as a noise row with its text', async ({ page }) => {
    const noise = row(page, '[data-kind="noise"][data-dir="in"]');
    await noise.waitFor({ timeout: 20_000 });
    expect(await noise.textContent()).toContain('this is not json, just a stray log line');
  });

  it('shows a 20 MB line as an oversize row, says only its head is kept, and stays connected', async ({ page }) => {
    const over = row(page, '[data-kind="oversize"]');
    await over.waitFor({ timeout: 20_000 });
    await over.click();
    const detail = page.getByTestId('detail-pane');
    await expect.poll(() => detail.textContent()).toMatch(/20(\.0)?\s*MB|20,?971,?520/);
    await expect.poll(() => detail.textContent()).toMatch(/head/i);
    await row(page, '[data-method="notifications/initialized"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('connection-status').getAttribute('data-status')).toBe('running');
  });

  it('shows the crash with its exit code and stderr, and the relay stays up for a restart', async ({ page }) => {
    await row(page, '[data-method="notifications/initialized"]').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('connection-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('running');
    await page.getByTestId('template-tools-list').click();
    await page.getByTestId('composer-send').click();
    const status = page.getByTestId('connection-status');
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 20_000 }).toBe('exited');
    expect(await status.textContent()).toContain('code 3');
    await row(page, '[data-kind="stderr"]').waitFor();
    expect(await page.locator('[data-testid="log-row"][data-kind="stderr"]').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('crashing on tools/list')]),
    );
    const exited = row(page, '[data-kind="event"][data-method="exited"]');
    await exited.waitFor();
    expect(await exited.textContent()).toMatch(/3/);
    await page.getByTestId('exit-banner').getByTestId('banner-restart-button').click();
    await expect.poll(() => status.getAttribute('data-status'), { timeout: 20_000 }).toBe('running');
  });
});
