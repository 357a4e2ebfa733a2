import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openInspector, type Inspector } from '../helpers/browser.js';
import { fillCodeEditor, openComposer, openTab, recordedFrames, selectTool, sentCount, waitForServer } from '../helpers/panel-page.js';
import { EVERYTHING_SERVER, type RelayHandle } from '../helpers/relay-process.js';

let ui: Inspector;
let relay: RelayHandle;
let page: Page;
let errors: string[];

beforeAll(async () => {
  ui = await openInspector({ command: [process.execPath, EVERYTHING_SERVER, 'stdio'], viewport: { width: 1400, height: 1000 } });
  ({ relay, page, errors } = ui);
  await waitForServer(page);
});

afterAll(() => ui?.close());

/** Starts the selected tool's call without waiting: its result needs an answer from the Server requests tab first. */
async function startCall(): Promise<void> {
  await page.getByTestId('tool-call').click();
}

async function pendingRequest(kind: string): Promise<Locator> {
  await openTab(page, 'server-requests');
  const card = page.locator(`[data-testid="server-request"][data-kind="${kind}"][data-state="pending"]`);
  await card.waitFor({ timeout: 15_000 });
  return card;
}

async function toolResult(text: string | RegExp): Promise<Locator> {
  await openTab(page, 'tools');
  const result = page.getByTestId('tool-result').filter({ hasText: text });
  await result.waitFor({ timeout: 15_000 });
  return result;
}

/** The responses this client sent to the server's requests, as the relay recorded them. */
async function sentResponses(): Promise<Record<string, unknown>[]> {
  return (await recordedFrames(relay)).flatMap((f) => {
    if (f.dir !== 'out' || (f.kind !== 'response' && f.kind !== 'error')) return [];
    return [JSON.parse(f.text) as Record<string, unknown>];
  });
}

describe('server-to-client requests against server-everything', () => {
  it('answers the roots request sent after the handshake automatically', async () => {
    await expect.poll(async () => (await sentResponses()).some((r) => JSON.stringify(r.result) === '{"roots":[]}'), { timeout: 15_000 }).toBe(true);
  });

  it('answers a sampling request by hand and the tool result shows the answer', async () => {
    await selectTool(page, 'trigger-sampling-request');
    await page.locator('#args_prompt').fill('say hi');
    await startCall();
    const card = await pendingRequest('sampling');
    expect(await page.getByTestId('server-requests-badge').textContent()).toBe('1');
    const reply = { role: 'assistant', content: { type: 'text', text: 'hand-written hello' }, model: 'by-hand', stopReason: 'endTurn' };
    await fillCodeEditor(page, card.getByTestId('sampling-result'), JSON.stringify(reply));
    await card.getByTestId('sampling-send').click();
    await toolResult('hand-written hello');
    await expect.poll(() => page.getByTestId('server-requests-badge').count()).toBe(0);
  });

  it('says in the Tools panel which server request the call waits on, and its Answer button opens that request', async () => {
    await selectTool(page, 'trigger-sampling-request');
    await page.locator('#args_prompt').fill('in place');
    await startCall();
    const waiting = page.getByTestId('tool-running').getByTestId('awaiting-answer-text');
    await waiting.waitFor({ timeout: 15_000 });
    // The id is the one the server gave its request, as recorded.
    const asked = (await recordedFrames(relay)).filter((f) => f.dir === 'in' && f.kind === 'request' && f.method === 'sampling/createMessage').at(-1)!;
    const id = (JSON.parse(asked.text) as { id: number | string }).id;
    expect(await waiting.textContent()).toBe(`Waiting for your answer to sampling/createMessage (#${String(id)})`);
    await page.getByTestId('tool-running').getByTestId('awaiting-answer-open').click();
    const card = page.locator('[data-testid="server-request"][data-focused="true"]');
    await card.waitFor({ timeout: 5_000 });
    expect(await card.getAttribute('data-state')).toBe('pending');
    expect(await page.getByTestId('tab-server-requests').getAttribute('aria-selected')).toBe('true');
    await card.getByTestId('sampling-canned').click();
    await openTab(page, 'tools');
    await page.getByTestId('tool-result').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('awaiting-answer').count()).toBe(0);
  });

  it('says in the composer which server request a tools/call sent by hand waits on, and the note goes once it is answered', async () => {
    await openComposer(page);
    const call = {
      jsonrpc: '2.0',
      id: 'by-hand-wait',
      method: 'tools/call',
      params: { name: 'trigger-sampling-request', arguments: { prompt: 'from the composer' } },
    };
    await fillCodeEditor(page, page.getByTestId('composer-editor'), JSON.stringify(call));
    await page.getByTestId('composer-send').click();
    const composer = page.getByTestId('composer');
    const waiting = composer.getByTestId('awaiting-answer-text');
    await waiting.waitFor({ timeout: 15_000 });
    expect(await waiting.textContent()).toMatch(/^Waiting for your answer to sampling\/createMessage \(#.+\)$/);
    await composer.getByTestId('awaiting-answer-open').click();
    const card = page.locator('[data-testid="server-request"][data-focused="true"]');
    await card.waitFor({ timeout: 5_000 });
    await card.getByTestId('sampling-canned').click();
    await expect.poll(() => page.getByTestId('composer-status').textContent(), { timeout: 15_000 }).toMatch(/answered in/);
    expect(await composer.getByTestId('awaiting-answer').count()).toBe(0);
  });

  it('edits the sampling answer in Monaco with the CreateMessageResult schema: diagnostics, completion, send anyway', async () => {
    await selectTool(page, 'trigger-sampling-request');
    await page.locator('#args_prompt').fill('schema');
    await startCall();
    const card = await pendingRequest('sampling');
    const editor = card.getByTestId('sampling-result');
    // The canned reply is valid: no problems, no squiggles.
    await editor.locator('.monaco-editor').waitFor({ timeout: 20_000 });
    expect(await card.getByTestId('sampling-problems').count()).toBe(0);
    await fillCodeEditor(page, editor, '{"role": "robot", "content": {"type": "text", "text": "hi"}, ');
    // Completion offers the properties the schema names and the text lacks.
    await page.keyboard.press('Control+Space');
    const suggestions = page.locator('.monaco-editor .suggest-widget');
    await expect.poll(() => suggestions.textContent(), { timeout: 15_000 }).toContain('model');
    await page.keyboard.press('Escape');
    await page.keyboard.insertText('"stopReason": "endTurn"}');
    await expect.poll(() => editor.locator(':is(.squiggly-warning, .squiggly-error)').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const problems = card.getByTestId('sampling-problems');
    await expect.poll(() => problems.textContent(), { timeout: 10_000 }).toContain('role');
    expect(await problems.textContent()).toContain('model');
    // Invalid on purpose is still sendable: the server's own validation is what this shows.
    await card.getByTestId('sampling-send').click();
    await expect
      .poll(async () => (await sentResponses()).some((r) => (r.result as { role?: string } | undefined)?.role === 'robot'), { timeout: 15_000 })
      .toBe(true);
    await openTab(page, 'tools');
    await page.getByTestId('tool-result').or(page.getByTestId('call-error')).first().waitFor({ timeout: 15_000 });

    // The next answer is a new editor on a new model: it gets the schema without Monaco's JSON worker starting again
    // (every answer editor's path is under one glob in Monaco's schema list; an entry per editor changed the list, and
    // every change stops the worker).
    const started: string[] = [];
    const onWorker = (worker: { url(): string }) => void (/json\.worker/.test(worker.url()) && started.push(worker.url()));
    page.on('worker', onWorker);
    let next: Locator;
    try {
      await selectTool(page, 'trigger-sampling-request');
      await page.locator('#args_prompt').fill('schema again');
      await startCall();
      next = await pendingRequest('sampling');
      const answer = next.getByTestId('sampling-result');
      await fillCodeEditor(page, answer, '{"role": "robot"}');
      // Monaco's own diagnostics, from the schema (the problem list under it is the page's check, not the worker's).
      await expect.poll(() => answer.locator(':is(.squiggly-warning, .squiggly-error)').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    } finally {
      page.off('worker', onWorker);
    }
    expect(started).toEqual([]);
    await next.getByTestId('sampling-canned').click();
    await toolResult(/./);
  });

  it('accepts an elicitation from its form and the tool result shows the values', async () => {
    await selectTool(page, 'trigger-elicitation-request');
    await startCall();
    const card = await pendingRequest('elicitation');
    await card.locator('input[id$="_name"]').fill('Ada Lovelace');
    await card.getByTestId('elicitation-accept').click();
    await toolResult('Name: Ada Lovelace');
  });

  it('refuses to accept an elicitation whose answer fails the requested schema, saying why, until it is fixed', async () => {
    await selectTool(page, 'trigger-elicitation-request');
    await startCall();
    const card = await pendingRequest('elicitation');
    await card.locator('input[id$="_name"]').fill('Ada Lovelace');
    await card.locator('input[id$="_email"]').fill('not-an-email');
    await card.locator('input[id$="_integer"]').fill('500');
    const problems = card.getByTestId('elicitation-problems');
    await expect.poll(() => problems.textContent()).toContain('email: String does not match format "email"');
    expect(await problems.textContent()).toContain('integer: 500 is greater than 100');
    expect(await card.getByTestId('elicitation-accept').isDisabled()).toBe(true);
    await card.locator('input[id$="_email"]').fill('ada@example.com');
    await card.locator('input[id$="_integer"]').fill('7');
    await expect.poll(() => problems.count()).toBe(0);
    await card.getByTestId('elicitation-accept').click();
    const sent = (await sentResponses()).map((r) => r.result as { action?: string; content?: Record<string, unknown> } | undefined);
    expect(sent.some((r) => r?.content?.email === 'not-an-email')).toBe(false);
    await toolResult('ada@example.com');
  });

  it('declines an elicitation and the tool result says so', async () => {
    await selectTool(page, 'trigger-elicitation-request');
    await startCall();
    const card = await pendingRequest('elicitation');
    await card.getByTestId('elicitation-decline').click();
    await toolResult(/declined/);
  });

  it('shows a URL-mode elicitation as a link and accepts it', async () => {
    await selectTool(page, 'trigger-url-elicitation');
    await page.locator('#args_url').fill('https://example.com/consent');
    await startCall();
    const card = await pendingRequest('elicitation');
    expect(await card.locator('[data-testid="elicitation-url"] a').getAttribute('href')).toBe('https://example.com/consent');
    await card.getByTestId('elicitation-accept').click();
    await toolResult(/completed the URL elicitation/);
  });

  it('rejects sampling automatically when the rule says so', async () => {
    await openTab(page, 'server-requests');
    await page.getByTestId('rule-sampling').selectOption('reject');
    await selectTool(page, 'trigger-sampling-request');
    await page.locator('#args_prompt').fill('auto');
    await startCall();
    await expect.poll(async () => (await sentResponses()).some((r) => (r.error as { code?: number } | undefined)?.code === -1), { timeout: 15_000 }).toBe(true);
    await toolResult(/rejects sampling requests automatically/);
  });

  it('lists the edited roots through get-roots-list after list_changed', async () => {
    await openTab(page, 'server-requests');
    await page.getByTestId('root-uri').fill('file:///tmp/mcpscope-project');
    await page.getByTestId('root-name').fill('project');
    await page.getByTestId('root-add').click();
    // The server asks again after list_changed; wait until it has the new list before asking the tool.
    await expect.poll(async () => (await sentResponses()).some((r) => JSON.stringify(r).includes('mcpscope-project')), { timeout: 15_000 }).toBe(true);
    await selectTool(page, 'get-roots-list');
    await startCall();
    await toolResult('file:///tmp/mcpscope-project');
  });
});

describe('tasks against server-everything', () => {
  it('calls a tool as a task, gets it, fetches its result and finds it in tasks/list', async () => {
    await openTab(page, 'tasks');
    await page.locator('[data-testid="task-tool"] option[value="simulate-research-query"]').waitFor({ state: 'attached', timeout: 15_000 });
    await page.getByTestId('task-tool').selectOption('simulate-research-query');
    await page.locator('#taskargs_topic').fill('tides');
    await page.getByTestId('task-call-send').click();
    await page.getByTestId('task-created').waitFor();
    const row = page.getByTestId('task-row').first();
    await row.getByTestId('task-get').click();
    await row.getByTestId('task-last').waitFor();
    await row.getByTestId('task-result').click();
    await row.getByTestId('task-result-view').filter({ hasText: 'Research Report: tides' }).waitFor({ timeout: 20_000 });
    await page.getByTestId('tasks-list').click();
    await expect.poll(() => sentCount(relay, 'tasks/list')).toBe(1);
    expect(await page.getByTestId('task-row').count()).toBe(1);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 10_000 }).toBe('completed');
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
