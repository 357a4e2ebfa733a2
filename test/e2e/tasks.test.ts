import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openInspector, type Inspector } from '../helpers/browser.js';
import { openTab, recordedFrames, sentCount, waitForServer } from '../helpers/panel-page.js';
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

  it('ran without page errors', () => {
    expect(ui.errors).toEqual([]);
  });
});
