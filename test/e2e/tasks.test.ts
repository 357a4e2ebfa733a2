import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openInspector, type Inspector } from '../helpers/browser.js';
import { fillCodeEditor, openTab, recordedFrames, selectTool, sentCount, waitForServer } from '../helpers/panel-page.js';
import { EVERYTHING_SERVER, type RelayHandle } from '../helpers/relay-process.js';

let ui: Inspector;
let relay: RelayHandle;
let page: Page;

beforeAll(async () => {
  ui = await openInspector({ command: [process.execPath, EVERYTHING_SERVER, 'stdio'], viewport: { width: 1400, height: 1000 } });
  ({ relay, page } = ui);
  await waitForServer(page);
});

afterAll(() => ui?.close());

/** Calls simulate-research-query as a task from the Tasks tab; resolves with the new task's id once its row shows. */
async function createTask(topic: string): Promise<string> {
  await openTab(page, 'tasks');
  await page.locator('[data-testid="task-tool"] option[value="simulate-research-query"]').waitFor({ state: 'attached', timeout: 20_000 });
  await page.getByTestId('task-tool').selectOption('simulate-research-query');
  const before = await page.getByTestId('task-row').count();
  await page.locator('#taskargs_topic').fill(topic);
  await page.getByTestId('task-call-send').click();
  await expect.poll(() => page.getByTestId('task-row').count(), { timeout: 20_000 }).toBe(before + 1);
  const text = (await page.getByTestId('task-created').textContent()) ?? '';
  return /created task (\S+)/.exec(text)![1]!;
}

const row = (taskId: string) => page.locator(`[data-testid="task-row"][data-task-id="${taskId}"]`);

describe('tasks against server-everything', () => {
  it('follows notifications/tasks/status to completion without polling', async () => {
    const id = await createTask('status');
    // The rows move through the server's stages on status notifications alone: no tasks/get is sent.
    await expect.poll(() => row(id).getAttribute('data-status'), { timeout: 30_000 }).toBe('completed');
    expect(await sentCount(relay, 'tasks/get')).toBe(0);
    const statuses = (await recordedFrames(relay)).filter((f) => f.dir === 'in' && f.method === 'notifications/tasks/status' && f.text.includes(id));
    expect(statuses.length).toBeGreaterThanOrEqual(2);
    expect(statuses.some((f) => f.text.includes('"working"'))).toBe(true);
  });

  it('cancels a working task with tasks/cancel and shows it cancelled', async () => {
    const id = await createTask('cancel me');
    await expect.poll(() => row(id).getAttribute('data-status'), { timeout: 20_000 }).toBe('working');
    await row(id).getByTestId('task-cancel').click();
    await expect.poll(() => row(id).getAttribute('data-status'), { timeout: 20_000 }).toBe('cancelled');
    expect(await row(id).getByTestId('task-cancel').isDisabled()).toBe(true);
    const frames = await recordedFrames(relay);
    const request = frames.find((f) => f.dir === 'out' && f.method === 'tasks/cancel');
    expect(JSON.parse(request!.text).params).toEqual({ taskId: id });
    const reply = frames.find((f) => f.dir === 'in' && f.rpcId === request!.rpcId && f.kind === 'response');
    expect(JSON.parse(reply!.text).result.status).toBe('cancelled');
  });

  it('follows nextCursor through every page of tasks/list', async () => {
    // The SDK's in-memory task store pages by 10: with 2 tasks already, 9 more make a second page.
    for (let i = 0; i < 9; i++) await createTask(`paging ${i}`);
    await page.getByTestId('tasks-list').click();
    // The count is what the tasks/list pages returned, not the rows already known from creation and notifications.
    await expect.poll(() => page.getByTestId('tasks-list-pages').textContent(), { timeout: 20_000 }).toContain('11 in 2 page(s)');
    expect(await page.getByTestId('task-row').count()).toBe(11);
    const lists = (await recordedFrames(relay)).filter((f) => f.dir === 'out' && f.method === 'tasks/list').map((f) => JSON.parse(f.text).params);
    expect(lists).toHaveLength(2);
    expect(lists[0]).toEqual({});
    expect(typeof lists[1].cursor).toBe('string');
  });

  it('lists all 19 tools of server-everything, the two client-task tools among them', async () => {
    await openTab(page, 'tools');
    await expect.poll(() => page.getByTestId('tool-item').count(), { timeout: 20_000 }).toBe(19);
    for (const name of ['trigger-sampling-request-async', 'trigger-elicitation-request-async']) {
      expect(await page.locator(`[data-testid="tool-item"][data-name="${name}"]`).count()).toBe(1);
    }
  });

  it('runs a server task to its result: completed status shown, tasks/result retrieved', async () => {
    const id = await createTask('retrieval');
    await expect.poll(() => row(id).getAttribute('data-status'), { timeout: 30_000 }).toBe('completed');
    await row(id).getByTestId('task-result').click();
    const view = row(id).getByTestId('task-result-view');
    await view.waitFor({ timeout: 20_000 });
    expect(await view.textContent()).toContain('retrieval');
    expect(await sentCount(relay, 'tasks/result')).toBeGreaterThanOrEqual(1);
  });

  it('answers a task-augmented sampling request by hand as a client task the server polls to completion', async () => {
    await selectTool(page, 'trigger-sampling-request-async');
    await page.locator('#args_prompt').fill('as a task');
    await page.getByTestId('tool-call').click();
    await openTab(page, 'server-requests');
    const card = page.locator('[data-testid="server-request"][data-kind="sampling"][data-state="pending"]');
    await card.waitFor({ timeout: 20_000 });
    const reply = { role: 'assistant', content: { type: 'text', text: 'answered as a task' }, model: 'by-hand', stopReason: 'endTurn' };
    await fillCodeEditor(page, card.getByTestId('sampling-result'), JSON.stringify(reply));
    await card.getByTestId('sampling-send').click();
    await openTab(page, 'tools');
    const result = page.getByTestId('tool-result').filter({ hasText: '[COMPLETED]' });
    await result.waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toContain('answered as a task');
    // On the wire: the request carried params.task, mcpscope answered with a task, and the server read it back.
    const frames = await recordedFrames(relay);
    const asked = frames.find((f) => f.dir === 'in' && f.method === 'sampling/createMessage' && f.text.includes('as a task'))!;
    expect(JSON.parse(asked.text).params.task).toBeTruthy();
    const created = frames.find((f) => f.dir === 'out' && f.kind === 'response' && f.rpcId === asked.rpcId)!;
    expect(JSON.parse(created.text).result.task.status).toBe('working');
    expect(frames.some((f) => f.dir === 'in' && f.method === 'tasks/result')).toBe(true);
  });

  it('ran without page errors', () => {
    expect(ui.errors).toEqual([]);
  });
});
