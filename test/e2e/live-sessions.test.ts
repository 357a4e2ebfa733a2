import { join } from 'node:path';
import { describe, expect } from 'vitest';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { inspectorTest } from '../helpers/inspector-test.js';
import { waitForServer } from '../helpers/panel-page.js';
import { FIXTURES, type RelayHandle } from '../helpers/relay-process.js';

const TOOLS_ONLY = join(FIXTURES, 'tools-only-server.mjs');
// Either test leaves one live session, the shown one, so they pass in either order.
const it = inspectorTest({ command: [process.execPath, TOOLS_ONLY], context: { viewport: { width: 1440, height: 900 } } });

const sessions = async (relay: RelayHandle) => (await relay.api<SessionInfo[]>('/api/sessions')).body;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('servers left running by connecting another target', () => {
  it('says nothing while only the shown server runs', async ({ page, inspector: { relay } }) => {
    await waitForServer(page);
    expect((await sessions(relay)).filter((s) => s.live)).toHaveLength(1);
    expect(await page.getByTestId('live-sessions').count()).toBe(0);
  });

  it('lists the earlier server with Stop once another is connected, and Stop ends it and its process', async ({ page, inspector: { relay } }) => {
    await waitForServer(page);
    const [first] = (await sessions(relay)).filter((s) => s.live);
    await page.getByTestId('connect-button').click();
    await expect.poll(async () => (await sessions(relay)).filter((s) => s.live).length, { timeout: 20_000 }).toBe(2);
    const entry = page.locator(`[data-testid="live-session"][data-session-id="${first!.id}"]`);
    await entry.waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('live-session').count()).toBe(1);
    expect(await page.getByTestId('live-sessions').textContent()).toContain('Another server is still running');
    expect(await entry.textContent()).toContain(`pid ${first!.pid}`);
    expect(alive(first!.pid!)).toBe(true);

    await entry.getByTestId('live-session-stop').click();
    await expect.poll(async () => (await sessions(relay)).find((s) => s.id === first!.id)?.status, { timeout: 15_000 }).toBe('stopped');
    await expect.poll(() => alive(first!.pid!), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => page.getByTestId('live-sessions').count()).toBe(0);
    // The shown session is untouched.
    expect((await sessions(relay)).filter((s) => s.live).length).toBe(1);
  });
});
