// Arguments linted against the listed inputSchema in the browser: the demo server's echo called with "Send anyway".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RULES } from '../../shared/lint/index.js';
import { openInspector, type Inspector } from '../helpers/browser.js';
import { callTool, openTab, selectTool, sentRows, waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER } from '../helpers/relay-process.js';
import { inlinePlainText } from '../../web/lib/ui/markdown-subset.js';

let ui: Inspector;
let page: Page;

beforeAll(async () => {
  ui = await openInspector({ command: [process.execPath, DEMO_SERVER], viewport: { width: 1400, height: 1000 } });
  page = ui.page;
  await waitForServer(page);
}, 60_000);

afterAll(() => ui?.close());

describe('tools/call arguments against the tool’s inputSchema', () => {
  it('leaves a valid call clean and flags the one sent anyway, with the rule explained', async () => {
    await selectTool(page, 'echo');
    await page.locator('#args_text').fill('fine');
    await callTool(page, 'fine');
    const valid = sentRows(page, 'tools/call').last();
    await valid.waitFor();
    expect(await valid.getAttribute('data-findings')).toBe('');

    await page.locator('#args_text').fill('too many');
    await page.locator('#args_times').fill('50');
    await callTool(page, /Input validation error|times/, 'tool-send-anyway');
    const invalid = sentRows(page, 'tools/call').last();
    await expect.poll(() => invalid.getAttribute('data-findings')).toBe('mcp/tool-arguments-schema');
    expect(await invalid.getByTestId('finding-badge').getAttribute('data-severity')).toBe('info');
    await invalid.click();
    await openTab(page, 'detail');
    const finding = page.locator('[data-testid="detail-finding"][data-rule="mcp/tool-arguments-schema"]');
    await finding.waitFor();
    expect(await finding.textContent()).toMatch(/times/);
    expect(await finding.getByTestId('rule-explanation').textContent()).toBe(inlinePlainText(RULES['mcp/tool-arguments-schema'].explanation));
  });

  it('ran without page errors', () => {
    expect(ui.errors).toEqual([]);
  });
});
