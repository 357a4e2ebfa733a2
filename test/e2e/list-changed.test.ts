import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openInspector, type Inspector } from '../helpers/browser.js';
import { callTool, openTab, recordedFrames, selectTool, sentCount, waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER, type RelayHandle } from '../helpers/relay-process.js';

let ui: Inspector;
let relay: RelayHandle;
let page: Page;

beforeAll(async () => {
  ui = await openInspector({ command: [process.execPath, DEMO_SERVER], viewport: { width: 1400, height: 1000 } });
  ({ relay, page } = ui);
  await waitForServer(page);
});

afterAll(() => ui?.close());

async function received(method: string): Promise<number> {
  return (await recordedFrames(relay)).filter((f) => f.dir === 'in' && f.method === method).length;
}

describe('list_changed refreshes the Resources and Prompts panels (demo server add_note)', () => {
  it('lists the resources and prompts once when their tabs open', async () => {
    await openTab(page, 'resources');
    await page.locator('[data-testid="resource-item"][data-uri="demo://readme"]').waitFor({ timeout: 15_000 });
    await openTab(page, 'prompts');
    await page.locator('[data-testid="prompt-item"][data-name="code_review"]').waitFor({ timeout: 15_000 });
    expect(await sentCount(relay, 'resources/list')).toBe(1);
    expect(await sentCount(relay, 'prompts/list')).toBe(1);
    expect(await page.locator('[data-testid="prompt-item"][data-name="note_fresh"]').count()).toBe(0);
  });

  it('shows a resource and a prompt the server adds at run time, listed again on its notifications', async () => {
    await selectTool(page, 'add_note');
    await page.locator('#args_name').fill('fresh');
    await page.locator('#args_text').fill('Remember the milk.');
    await callTool(page, 'Added the resource demo://notes/fresh');
    await expect.poll(() => received('notifications/resources/list_changed'), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => received('notifications/prompts/list_changed'), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);

    await openTab(page, 'resources');
    const note = page.locator('[data-testid="resource-item"][data-uri="demo://notes/fresh"]');
    await note.waitFor({ timeout: 15_000 });
    expect(await sentCount(relay, 'resources/list')).toBeGreaterThanOrEqual(2);
    await note.click();
    await expect.poll(() => page.getByTestId('resource-text').textContent(), { timeout: 15_000 }).toContain('Remember the milk.');

    await openTab(page, 'prompts');
    const prompt = page.locator('[data-testid="prompt-item"][data-name="note_fresh"]');
    await prompt.waitFor({ timeout: 15_000 });
    expect(await sentCount(relay, 'prompts/list')).toBeGreaterThanOrEqual(2);
    await prompt.click();
    await page.getByTestId('prompt-get').click();
    await expect.poll(() => page.getByTestId('prompt-message').first().textContent(), { timeout: 15_000 }).toContain('Remember the milk.');
  });

  it('ran without page errors', () => {
    expect(ui.errors).toEqual([]);
  });
});
