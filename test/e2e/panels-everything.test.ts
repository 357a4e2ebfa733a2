import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openInspector, type Inspector } from '../helpers/browser.js';
import { callTool, openTab, selectTool, waitForServer } from '../helpers/panel-page.js';
import { EVERYTHING_SERVER } from '../helpers/relay-process.js';

let ui: Inspector;
let page: Page;
let errors: string[];

beforeAll(async () => {
  ui = await openInspector({ command: [process.execPath, EVERYTHING_SERVER, 'stdio'], viewport: { width: 1400, height: 1000 } });
  ({ page, errors } = ui);
  await waitForServer(page);
});

afterAll(() => ui?.close());

describe('the tools panel against server-everything', () => {
  it('lists its tools and explains its capabilities, tasks included', async () => {
    await openTab(page, 'overview');
    await expect.poll(() => page.getByTestId('server-identity').textContent()).toContain('mcp-servers/everything');
    expect(await page.locator('[data-capability="tasks"]').textContent()).toContain('tasks/cancel');
    await openTab(page, 'tools');
    await expect.poll(() => page.getByTestId('tool-item').count()).toBeGreaterThan(8);
    for (const name of ['echo', 'get-sum', 'get-tiny-image', 'get-structured-content']) {
      expect(await page.locator(`[data-testid="tool-item"][data-name="${name}"]`).count()).toBe(1);
    }
  });

  it('calls echo and get-sum from their forms', async () => {
    await selectTool(page, 'echo');
    await page.locator('#args_message').fill('hello everything');
    await callTool(page, 'Echo: hello everything');
    await selectTool(page, 'get-sum');
    await page.locator('#args_a').fill('2.5');
    await page.locator('#args_b').fill('4');
    await callTool(page, '6.5');
  });

  it('checks get-structured-content against its outputSchema and renders get-tiny-image as an image', async () => {
    await selectTool(page, 'get-structured-content');
    await page.locator('#args_location').selectOption('Chicago');
    const structured = await callTool(page, /temperature/);
    await structured.getByTestId('structured-valid').waitFor();
    await selectTool(page, 'get-tiny-image');
    const image = await callTool(page, /image/i);
    const img = image.locator('[data-testid="content-block"][data-type="image"] img');
    await img.waitFor();
    expect(await img.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
