import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { inspectorTest } from '../helpers/inspector-test.js';
import { FIXTURES } from '../helpers/relay-process.js';

// A server that cannot start: two stderr lines, a fatal one with HTML-like text, exit code 3 before it reads a byte.
// Each test waits for the banner first; a restart ends the same way, so they pass in any order.
const it = inspectorTest({
  command: [process.execPath, join(FIXTURES, 'scripted-server.mjs'), '--stderr', '2', '--exit-at-start', '3'],
  context: { viewport: { width: 1024, height: 768 } },
});

describe('a server that exits at start-up', () => {
  it('gets a banner with its exit code, its last stderr lines as text, and Restart', async ({ page }) => {
    const banner = page.getByTestId('exit-banner');
    await banner.waitFor({ timeout: 20_000 });
    expect(await banner.getAttribute('data-exit-code')).toBe('3');
    expect(await banner.getByTestId('exit-summary').textContent()).toMatch(/^The server exited with code 3 at start-up, before it wrote anything on stdout\./);
    // Exactly what the server wrote, in order; the angle brackets stay text.
    expect(await banner.getByTestId('exit-stderr').textContent()).toBe('stderr line 1\nstderr line 2\nfatal: cannot open <config.json> & giving up');
    expect(await banner.locator('[data-testid="exit-stderr"] *').count()).toBe(0);
  });

  it('shows the status pill in the bar whole at 1024 px, not cut to its first letters', async ({ page }) => {
    await page.getByTestId('exit-banner').waitFor({ timeout: 20_000 });
    const pill = page.getByTestId('connection-status');
    expect(await pill.textContent()).toBe('exited (code 3)');
    const clipped = await pill.evaluate((el) => {
      const box = el.getBoundingClientRect();
      // Clipped by an ancestor: the element at the pill's right edge is not the pill.
      const atEnd = document.elementFromPoint(box.right - 2, box.top + box.height / 2);
      return el.scrollWidth > el.clientWidth + 1 || !(atEnd === el || el.contains(atEnd));
    });
    expect(clipped).toBe(false);
    // ...and the whole pill does not push the bar's own buttons off the page.
    // One Restart on screen, the banner's: the bar does not offer a second for the same thing.
    expect(await page.getByTestId('restart-button').count()).toBe(0);
    expect(await page.getByTestId('banner-restart-button').count()).toBe(1);
    for (const id of ['connect-button', 'stop-button', 'banner-restart-button']) {
      const own = await page.getByTestId(id).evaluate((el) => {
        const box = el.getBoundingClientRect();
        return document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2) === el && box.right <= window.innerWidth;
      });
      expect(own, id).toBe(true);
    }
  });

  it('restarts from the banner: the new process exits the same way and the banner comes back for it', async ({ page }) => {
    await page.getByTestId('exit-banner').waitFor({ timeout: 20_000 });
    const spawnedBefore = await page.locator('[data-testid="log-row"][data-kind="event"][data-method="spawned"]').count();
    const exitedBefore = await page.locator('[data-testid="log-row"][data-kind="event"][data-method="exited"]').count();
    await page.getByTestId('exit-banner').getByTestId('banner-restart-button').click();
    await expect
      .poll(() => page.locator('[data-testid="log-row"][data-kind="event"][data-method="spawned"]').count(), { timeout: 20_000 })
      .toBe(spawnedBefore + 1);
    await expect
      .poll(() => page.locator('[data-testid="log-row"][data-kind="event"][data-method="exited"]').count(), { timeout: 20_000 })
      .toBe(exitedBefore + 1);
    // The banner speaks of the new process only: three stderr lines, not six.
    await expect
      .poll(() => page.getByTestId('exit-stderr').textContent(), { timeout: 10_000 })
      .toBe('stderr line 1\nstderr line 2\nfatal: cannot open <config.json> & giving up');
    await page.screenshot({ path: '/tmp/loop/exit.png' });
  });
});
