import { describe, expect } from 'vitest';
import { inspectorTest } from '../helpers/inspector-test.js';
import { callTool, openTab, selectTool, waitForServer } from '../helpers/panel-page.js';
import { EVERYTHING_SERVER } from '../helpers/relay-process.js';

// Each test waits for the server and opens the tab it reads (selectTool opens Tools): they pass in any order.
const it = inspectorTest({ command: [process.execPath, EVERYTHING_SERVER, 'stdio'], context: { viewport: { width: 1400, height: 1000 } } });

describe('the tools panel against server-everything', () => {
  it('lists its tools and explains its capabilities, tasks included', async ({ page }) => {
    await waitForServer(page);
    await openTab(page, 'overview');
    await expect.poll(() => page.getByTestId('server-identity').textContent()).toContain('mcp-servers/everything');
    expect(await page.locator('[data-capability="tasks"]').textContent()).toContain('tasks/cancel');
    await openTab(page, 'tools');
    await expect.poll(() => page.getByTestId('tool-item').count()).toBeGreaterThan(8);
    for (const name of ['echo', 'get-sum', 'get-tiny-image', 'get-structured-content']) {
      expect(await page.locator(`[data-testid="tool-item"][data-name="${name}"]`).count()).toBe(1);
    }
  });

  it('calls echo and get-sum from their forms', async ({ page }) => {
    await waitForServer(page);
    await selectTool(page, 'echo');
    await page.locator('#args_message').fill('hello everything');
    await callTool(page, 'Echo: hello everything');
    await selectTool(page, 'get-sum');
    await page.locator('#args_a').fill('2.5');
    await page.locator('#args_b').fill('4');
    await callTool(page, '6.5');
  });

  it('checks get-structured-content against its outputSchema and renders get-tiny-image as an image', async ({ page }) => {
    await waitForServer(page);
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

  it('opens a resource link and an embedded resource from a tool result in the Resources tab, which reads that URI', async ({ page }) => {
    await waitForServer(page);
    await selectTool(page, 'get-resource-links');
    await page.locator('#args_count').fill('2');
    const result = await callTool(page, 'Here are 2 resource links');
    const links = result.getByTestId('open-in-resources');
    expect(await links.count()).toBe(2);
    const uri = (await links.nth(1).getAttribute('data-uri'))!;
    await links.nth(1).click();
    const reader = page.locator(`[data-testid="resource-reader"][data-uri="${uri}"]`);
    await reader.waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByTestId('resources-panel').isVisible()).toBe(true);
    // The read is a real request in the log, for exactly that URI.
    const read = page.locator('[data-testid="log-row"][data-dir="out"][data-method="resources/read"]');
    await expect.poll(() => read.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => reader.textContent(), { timeout: 10_000 }).toContain('Resource 2');

    await selectTool(page, 'get-resource-reference');
    const embedded = (await callTool(page, /Resource 1|resource/i)).getByTestId('open-in-resources');
    const embeddedUri = (await embedded.first().getAttribute('data-uri'))!;
    await embedded.first().click();
    await page.locator(`[data-testid="resource-reader"][data-uri="${embeddedUri}"]`).waitFor({ timeout: 10_000 });
  });
});
