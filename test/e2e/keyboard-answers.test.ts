// Answering the server's own requests by keyboard: Enter in an elicitation field accepts, Ctrl+Enter in the sampling
// answer's editor sends it (typing nothing), Tab leaves that editor for Send, and Enter in the rejection message rejects.
import { describe, expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { inspectorTest } from '../helpers/inspector-test.js';
import { editorText, focusName } from '../helpers/keyboard-page.js';
import { openTab, selectTool, waitForServer } from '../helpers/panel-page.js';
import { EVERYTHING_SERVER } from '../helpers/relay-process.js';

const base = inspectorTest({ command: [process.execPath, EVERYTHING_SERVER, 'stdio'], context: { viewport: { width: 1400, height: 1000 } } });
const it = base.extend('page', async ({ page }) => {
  await waitForServer(page);
  return page;
});

/** Calls `tool` (the setup, not under test) and returns the card of the request it makes the server send. */
async function pendingRequest(page: Page, tool: string, kind: string): Promise<Locator> {
  await selectTool(page, tool);
  // The sampling tool requires a prompt.
  if (kind === 'sampling') await page.locator('#args_prompt').fill('hello');
  await page.getByTestId('tool-call').click();
  await openTab(page, 'server-requests');
  const card = page.locator(`[data-testid="server-request"][data-kind="${kind}"][data-state="pending"]`);
  await card.waitFor({ timeout: 15_000 });
  return card;
}

async function toolResult(page: Page, text: string | RegExp): Promise<void> {
  await openTab(page, 'tools');
  await page.getByTestId('tool-result').filter({ hasText: text }).waitFor({ timeout: 15_000 });
}

describe('answering server requests by keyboard', () => {
  it('accepts an elicitation with Enter in its name field', async ({ page }) => {
    const card = await pendingRequest(page, 'trigger-elicitation-request', 'elicitation');
    await card.locator('input[id$="_name"]').focus();
    await page.keyboard.type('Grace Hopper');
    await page.keyboard.press('Enter');
    await toolResult(page, 'Name: Grace Hopper');
  });

  it('leaves the sampling editor with Tab for Send, and sends its answer with Ctrl+Enter from inside it', async ({ page }) => {
    const card = await pendingRequest(page, 'trigger-sampling-request', 'sampling');
    const box = card.getByTestId('sampling-result');
    await box.locator('.monaco-editor').waitFor({ timeout: 20_000 });
    await box.locator('.monaco-editor textarea').focus();
    const before = await editorText(box);
    await page.keyboard.press('Tab');
    expect(await focusName(page)).toBe('sampling-send');
    await page.keyboard.press('Shift+Tab');
    expect(await focusName(page)).toBe('editor:sampling-result');
    expect(await editorText(box)).toBe(before);
    await page.keyboard.press('Control+Enter');
    await toolResult(page, 'Canned reply from mcpscope');
  });

  it('rejects a sampling request with Enter in its rejection message, with that message', async ({ page }) => {
    const card = await pendingRequest(page, 'trigger-sampling-request', 'sampling');
    await card.getByLabel('rejection message').focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('declined by keyboard');
    await page.keyboard.press('Enter');
    await toolResult(page, 'declined by keyboard');
  });
});
