import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { openInspector, type Inspector } from '../helpers/browser.js';
import { waitForServer } from '../helpers/panel-page.js';
import { FIXTURES } from '../helpers/relay-process.js';

const TOOLS_ONLY = join(FIXTURES, 'tools-only-server.mjs');
let ui: Inspector;
let page: Page;
let errors: string[];

beforeAll(async () => {
  ui = await openInspector({ command: [process.execPath, TOOLS_ONLY], viewport: { width: 1440, height: 900 } });
  ({ page, errors } = ui);
  await waitForServer(page);
});

afterAll(() => ui?.close());

const sessions = async () => (await ui.relay.api<SessionInfo[]>('/api/sessions')).body;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('servers left running by connecting another target', () => {
  it('says nothing while only the shown server runs', async () => {
    expect(await page.getByTestId('live-sessions').count()).toBe(0);
  });

  it('lists the earlier server with Stop once another is connected, and Stop ends it and its process', async () => {
    const [first] = await sessions();
    await page.getByTestId('connect-button').click();
    await expect.poll(async () => (await sessions()).filter((s) => s.live).length, { timeout: 20_000 }).toBe(2);
    const entry = page.locator(`[data-testid="live-session"][data-session-id="${first!.id}"]`);
    await entry.waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('live-session').count()).toBe(1);
    expect(await page.getByTestId('live-sessions').textContent()).toContain('Another server is still running');
    expect(await entry.textContent()).toContain(`pid ${first!.pid}`);
    expect(alive(first!.pid!)).toBe(true);

    await entry.getByTestId('live-session-stop').click();
    await expect.poll(async () => (await sessions()).find((s) => s.id === first!.id)?.status, { timeout: 15_000 }).toBe('stopped');
    await expect.poll(() => alive(first!.pid!), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => page.getByTestId('live-sessions').count()).toBe(0);
    // The shown session is untouched.
    expect((await sessions()).filter((s) => s.live).length).toBe(1);
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
