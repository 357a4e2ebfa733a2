// Arguments linted against the listed inputSchema in the browser: the demo server's echo called with "Send anyway".
import { describe, expect } from 'vitest';
import { RULES } from '../../shared/lint/index.js';
import { inspectorTest } from '../helpers/inspector-test.js';
import { callTool, openTab, selectTool, sentRows, waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER } from '../helpers/relay-process.js';
import { inlinePlainText } from '../../web/lib/ui/markdown-subset.js';

const it = inspectorTest({ command: [process.execPath, DEMO_SERVER], context: { viewport: { width: 1400, height: 1000 } } });

describe('tools/call arguments against the tool’s inputSchema', () => {
  it('leaves a valid call clean and flags the one sent anyway, with the rule explained', async ({ page }) => {
    await waitForServer(page);
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
});
