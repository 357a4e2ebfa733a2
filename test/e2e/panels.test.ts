import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { inspectorTest } from '../helpers/inspector-test.js';
import { callTool, fillCodeEditor, openTab, recordedFrames, selectTool, sentCount, sentRows, waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER } from '../helpers/relay-process.js';

const base = inspectorTest({ command: [process.execPath, DEMO_SERVER], context: { viewport: { width: 1400, height: 1000 }, acceptDownloads: true } });
// Every test starts on a page that has the server: the handshake done (by this page, or replayed from an earlier one).
const it = base.extend('page', async ({ page }) => {
  await waitForServer(page);
  return page;
});

/** Calls echo with arguments its schema refuses (Send anyway) and returns the result: an isError from the server. */
async function sendInvalidEcho(page: Page) {
  await selectTool(page, 'echo');
  await page.locator('#args_text').fill('too many');
  await page.locator('#args_times').fill('50');
  await expect.poll(() => page.getByTestId('argument-problems').textContent()).toContain('times');
  return callTool(page, /Input validation error|times/, 'tool-send-anyway');
}

describe('the overview and tools panels against the demo server', () => {
  it('shows serverInfo, the negotiated version, explained capabilities, the instructions and a ping round trip', async ({ page }) => {
    await openTab(page, 'overview');
    await expect.poll(() => page.getByTestId('server-identity').textContent()).toContain('mcpscope-demo');
    expect(await page.getByTestId('negotiated-version').textContent()).toBe('2025-11-25');
    const caps = page.getByTestId('capabilities');
    for (const name of ['tools', 'resources', 'prompts', 'logging', 'completions']) {
      await expect.poll(() => caps.locator(`[data-capability="${name}"]`).count()).toBe(1);
    }
    expect(await caps.locator('[data-capability="resources"]').textContent()).toContain('subscribe');
    expect(await page.getByTestId('instructions').textContent()).toContain('sample MCP server');
    await page.getByTestId('ping').click();
    await expect.poll(() => page.getByTestId('ping-rtt').textContent()).toMatch(/round trip \d+(\.\d+)? (ms|s)/);
    await sentRows(page, 'ping').first().waitFor();
  });

  it('lists every demo tool with its annotations and finds them by search', async ({ page }) => {
    await openTab(page, 'tools');
    await expect.poll(() => page.getByTestId('tool-item').count()).toBe(8);
    expect(await page.locator('[data-testid="tool-item"][data-name="create_order"]').textContent()).toContain('non-destructive');
    await page.getByTestId('tool-search').fill('order');
    await expect.poll(() => page.getByTestId('tool-item').count()).toBe(1);
    await page.getByTestId('tool-search').fill('');
  });

  it('fills plan_trip without typing JSON: two travellers, a child ticket picked from the oneOf, reordered', async ({ page }) => {
    await selectTool(page, 'plan_trip');
    await page.locator('#args_destination_city').fill('Lisbon');
    await page.locator('#args_destination_country').fill('PT');
    await page.locator('#args_destination_arrival').fill('2026-12-01');
    await page.locator('#args_travellers__add').click();
    await page.locator('#args_travellers_0_name').fill('Bo');
    await page.locator('#args_travellers_0_age').fill('8');
    await page.locator('#args_travellers_0_ticket__oneof_select').selectOption({ label: 'child' });
    await page.locator('#args_travellers_0_ticket_guardian').fill('Ann');
    await page.locator('#args_travellers__add').click();
    await page.locator('#args_travellers_1_name').fill('Ann');
    await page.locator('#args_travellers_1_age').fill('40');
    // Ann first: the move-up button of the second item.
    await page.locator('#args_travellers_1__moveUp').click();
    expect(await page.locator('#args_travellers_0_name').inputValue()).toBe('Ann');
    const result = await callTool(page, '2 travellers');
    expect(await result.textContent()).toContain('Ann (40, adult), Bo (8, child with Ann)');
    expect(await result.getAttribute('data-is-error')).toBe('false');
  });

  it('calls create_order with an anyOf variant and checks its structuredContent against the outputSchema', async ({ page }) => {
    await selectTool(page, 'create_order');
    await page.locator('#args_customer_name').fill('Ann');
    await page.locator('#args_customer_email').fill('ann@example.com');
    await page.locator('#args_items__add').click();
    await page.locator('#args_items_0_sku').fill('MUG-0001');
    await page.locator('#args_items_0_quantity').fill('2');
    await page.locator('#args_payment__anyof_select').selectOption({ label: 'invoice' });
    await page.locator('#args_payment_poNumber').fill('PO-1');
    const result = await callTool(page, 'paid by invoice');
    await result.getByTestId('structured-valid').waitFor();
    expect(await result.getByTestId('structured-content').textContent()).toContain('"itemCount": 2');
  });

  it('calls the simple tools from their forms, keeping the JSON view in sync both ways', async ({ page }) => {
    await selectTool(page, 'get_weather');
    await page.locator('#args_location').fill('Lisbon');
    await page.locator('#args_units').selectOption('fahrenheit');
    await expect.poll(() => page.getByTestId('arguments-json').textContent()).toContain('"fahrenheit"');
    const weather = await callTool(page, 'Lisbon');
    await weather.getByTestId('structured-valid').waitFor();

    await selectTool(page, 'echo');
    await page.locator('#args_text').fill('hi there');
    await page.locator('#args_times').fill('2');
    const echo = await callTool(page, 'hi there');
    expect(await echo.getByTestId('content-block').count()).toBe(2);

    await selectTool(page, 'divide');
    // Typed as JSON this time; the form follows.
    await fillCodeEditor(page, page.getByTestId('arguments-json'), '{"a": 7, "b": 0}');
    await expect.poll(() => page.locator('#args_b').inputValue()).toBe('0');
    const divide = await callTool(page, 'Cannot divide 7 by zero');
    expect(await divide.getAttribute('data-is-error')).toBe('true');
    await divide.getByTestId('tool-is-error').waitFor();

    await selectTool(page, 'slow_count');
    await page.locator('#args_steps').fill('2');
    await page.locator('#args_delayMs').fill('10');
    await callTool(page, 'Counted to 2');

    await selectTool(page, 'log_message');
    await page.locator('#args_message').fill('logged from a form');
    await callTool(page, 'logged from a form');
  });

  it('sends invalid arguments on purpose with Send anyway, and the log shows the request and the isError result', async ({ page }) => {
    await selectTool(page, 'echo');
    await page.locator('#args_text').fill('too many');
    await page.locator('#args_times').fill('50');
    await expect.poll(() => page.getByTestId('argument-problems').textContent()).toContain('times');
    expect(await page.getByTestId('tool-call').isDisabled()).toBe(true);
    await page.locator('#args_times').locator('xpath=..').getByTestId('field-error').waitFor();
    // The JSON view has the schema attached: Monaco's own diagnostics mark the same value.
    await expect.poll(() => page.locator('[data-testid="arguments-json"] :is(.squiggly-warning, .squiggly-error)').count()).toBeGreaterThan(0);
    const result = await callTool(page, /Input validation error|times/, 'tool-send-anyway');
    expect(await result.getAttribute('data-is-error')).toBe('true');
    expect(await result.textContent()).toContain('sent with invalid arguments');
    await result.getByTestId('log-link').click();
    const detail = page.getByTestId('detail-pane');
    await expect.poll(() => page.getByTestId('detail-parsed').textContent()).toContain('"times": 50');
    await detail.getByTestId('goto-pair').click();
    await expect.poll(() => page.getByTestId('detail-parsed').textContent()).toContain('"isError": true');
  });

  it("picks tool after tool on Monaco's two workers: no form starts one again, and every listed tool's schema is there", async ({ page }) => {
    const monacoWorker = /json\.worker|editor\.worker/;
    const squiggles = page.locator('[data-testid="arguments-json"] :is(.squiggly-warning, .squiggly-error)');
    // The first form with a schema: Monaco's JSON worker runs (its diagnostics show) and its editor worker has started
    // before the count does.
    await selectTool(page, 'divide');
    await fillCodeEditor(page, page.getByTestId('arguments-json'), '{"a": "seven", "b": 1}');
    await expect.poll(() => squiggles.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => new Set(page.workers().flatMap((w) => monacoWorker.exec(w.url())?.[0] ?? [])).size, { timeout: 15_000 }).toBe(2);
    // Before, each pick started both again: every change to Monaco's schema list stops the JSON worker (two a pick),
    // and the editor worker stops with the last model, which went with the last form's editor.
    const started: string[] = [];
    const onWorker = (worker: { url(): string }) => void (monacoWorker.test(worker.url()) && started.push(worker.url()));
    page.on('worker', onWorker);
    try {
      for (const name of ['get_weather', 'echo', 'log_message', 'divide']) {
        await selectTool(page, name);
        await page.getByTestId('arguments-json').locator('.monaco-editor').waitFor({ timeout: 20_000 });
      }
      // A tool not picked above: its schema is in Monaco's list without a restart (offered ahead by the Tools tab, or
      // attached by an earlier test on this page), and its wrong arguments are marked from it.
      await selectTool(page, 'slow_count');
      await fillCodeEditor(page, page.getByTestId('arguments-json'), '{"steps": "two"}');
      await expect.poll(() => squiggles.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    } finally {
      page.off('worker', onWorker);
    }
    expect(started).toEqual([]);
  });

  it('opens a tools/call from the log in the Tools tab with its arguments, and resends it', async ({ page, inspector: { relay } }) => {
    const sent = await sendInvalidEcho(page);
    await sent.getByTestId('log-link').click();
    await expect.poll(() => page.getByTestId('detail-parsed').textContent()).toContain('"method": "tools/call"');
    await page.getByTestId('resend-in-panel').click();
    await page.locator('[data-testid="tool-detail"][data-name="echo"]').waitFor();
    expect(await page.locator('#args_times').inputValue()).toBe('50');
    expect(await page.locator('#args_text').inputValue()).toBe('too many');
    await page.locator('#args_times').fill('1');
    const calls = await sentCount(relay, 'tools/call');
    await page.getByTestId('tool-call').click();
    await page.locator('[data-testid="tool-result"][data-is-error="false"]').filter({ hasText: 'too many' }).waitFor();
    await expect.poll(() => sentCount(relay, 'tools/call')).toBe(calls + 1);
  });

  it('opens any request from the log in the composer with a fresh id', async ({ page, inspector: { relay } }) => {
    await openTab(page, 'overview');
    await page.getByTestId('ping').click();
    await page.getByTestId('ping-rtt').getByTestId('log-link').click();
    await expect.poll(() => page.getByTestId('detail-parsed').textContent()).toContain('"method": "ping"');
    await page.getByTestId('resend-in-composer').click();
    await expect.poll(() => page.getByTestId('composer-editor').textContent()).toContain('"ping"');
    const pings = await sentCount(relay, 'ping');
    await page.getByTestId('composer-send').click();
    await expect.poll(() => sentCount(relay, 'ping')).toBe(pings + 1);
    const ids = (await recordedFrames(relay)).filter((f) => f.dir === 'out' && f.method === 'ping').map((f) => f.rpcId);
    // The resent ping went out with an id of its own, not the one it was copied from.
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('exports the tool list as OpenAI and Anthropic tools JSON, to copy or download', async ({ page }) => {
    await openTab(page, 'tools');
    await page.getByTestId('tools-export').click();
    const json = page.getByTestId('export-json');
    const openai = JSON.parse((await json.textContent())!) as { type: string; function: { name: string; parameters: Record<string, unknown> } }[];
    expect(openai).toHaveLength(8);
    expect(openai[0]!.type).toBe('function');
    expect(openai.find((t) => t.function.name === 'plan_trip')!.function.parameters.$schema).toBeUndefined();
    await page.getByTestId('export-anthropic').click();
    const anthropic = JSON.parse((await json.textContent())!) as { name: string; input_schema: { type: string } }[];
    expect(anthropic.map((t) => t.name)).toContain('create_order');
    expect(anthropic[0]!.input_schema.type).toBe('object');
    const download = page.waitForEvent('download');
    await page.getByTestId('export-download').click();
    expect((await download).suggestedFilename()).toBe('anthropic-tools.json');
  });
});
