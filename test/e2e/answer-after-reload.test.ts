import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openInspector, watchPageErrors, type Inspector } from '../helpers/browser.js';
import { fillCodeEditor, openTab, recordedFrames, selectTool, waitForServer } from '../helpers/panel-page.js';
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

/** The responses this client sent to the server's requests, as the relay recorded them. */
async function sentResponses(): Promise<Record<string, unknown>[]> {
  return (await recordedFrames(relay)).flatMap((f) => {
    if (f.dir !== 'out' || (f.kind !== 'response' && f.kind !== 'error')) return [];
    return [JSON.parse(f.text) as Record<string, unknown>];
  });
}

async function rootsAnswers(): Promise<string[]> {
  return (await sentResponses()).flatMap((r) => {
    const roots = (r.result as { roots?: { uri: string }[] } | undefined)?.roots;
    return roots ? [roots.map((x) => x.uri).join(',')] : [];
  });
}

/** Asks the server for a sampling answer from `p` and answers it by hand there; resolves with the tool's result text. */
async function samplingAnsweredFrom(p: Page, reply: string): Promise<void> {
  await selectTool(p, 'trigger-sampling-request');
  await p.locator('#args_prompt').fill('after reload');
  await p.getByTestId('tool-call').click();
  await openTab(p, 'server-requests');
  const card = p.locator('[data-testid="server-request"][data-kind="sampling"][data-state="pending"]');
  await card.waitFor({ timeout: 20_000 });
  await fillCodeEditor(
    p,
    card.getByTestId('sampling-result'),
    JSON.stringify({ role: 'assistant', content: { type: 'text', text: reply }, model: 'by-hand', stopReason: 'endTurn' }),
  );
  await card.getByTestId('sampling-send').click();
  await openTab(p, 'tools');
  await p.getByTestId('tool-result').filter({ hasText: reply }).waitFor({ timeout: 20_000 });
}

describe('answering server requests after a reload', () => {
  it('keeps the roots across a reload and answers with them', async () => {
    await openTab(page, 'server-requests');
    await page.getByTestId('root-uri').fill('file:///tmp/kept-root');
    await page.getByTestId('root-add').click();
    await expect.poll(rootsAnswers, { timeout: 20_000 }).toContain('file:///tmp/kept-root');

    await page.reload();
    await openTab(page, 'server-requests');
    await expect.poll(() => page.getByTestId('root-item').allTextContents(), { timeout: 20_000 }).toEqual([expect.stringContaining('file:///tmp/kept-root')]);
    // The reloaded tab takes over answering once its old socket is gone…
    await page.getByTestId('not-answering').waitFor({ state: 'detached', timeout: 20_000 });
    // …so a change now reaches the server, and its roots/list is answered with the restored root plus the new one.
    await page.getByTestId('root-uri').fill('file:///tmp/new-root');
    await page.getByTestId('root-add').click();
    await expect.poll(rootsAnswers, { timeout: 20_000 }).toContain('file:///tmp/kept-root,file:///tmp/new-root');
  });

  it('answers a sampling request from the UI after the reload', async () => {
    await samplingAnsweredFrom(page, 'answered after a reload');
  });

  it('lets a second tab watch, take over when asked, and hand back when it closes', async () => {
    const second = await ui.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    const secondErrors = watchPageErrors(second);
    await second.goto(relay.url);
    await openTab(second, 'server-requests');
    const watching = second.getByTestId('not-answering');
    await expect.poll(() => watching.getAttribute('data-answerer'), { timeout: 20_000 }).toBe('other');

    await watching.getByTestId('answer-here').click();
    await watching.waitFor({ state: 'detached', timeout: 20_000 });
    await openTab(page, 'server-requests');
    await expect.poll(() => page.getByTestId('not-answering').getAttribute('data-answerer'), { timeout: 20_000 }).toBe('other');
    await samplingAnsweredFrom(second, 'answered by the second tab');

    // Closing the answering tab frees the claim, and the first tab takes it back by itself.
    await second.close();
    await page.getByTestId('not-answering').waitFor({ state: 'detached', timeout: 20_000 });
    await samplingAnsweredFrom(page, 'answered by the first tab again');
    expect(secondErrors).toEqual([]);
  });

  it('still answers after a restart, with the restored roots', async () => {
    const initialized = async () => (await recordedFrames(relay)).filter((f) => f.dir === 'out' && f.method === 'notifications/initialized').length;
    const before = await initialized();
    await page.getByTestId('restart-button').click();
    await expect.poll(initialized, { timeout: 30_000 }).toBe(before + 1);
    // The new process asks for roots right after its handshake: the roots kept across the reload are the answer.
    await expect.poll(async () => (await rootsAnswers()).at(-1), { timeout: 20_000 }).toBe('file:///tmp/kept-root,file:///tmp/new-root');
    await samplingAnsweredFrom(page, 'answered after a restart');
  });

  it('shows a request asked just before a reload as pending in the reloaded tab, which answers it', async () => {
    await selectTool(page, 'trigger-sampling-request');
    await page.locator('#args_prompt').fill('asked before the reload');
    await page.getByTestId('tool-call').click();
    await openTab(page, 'server-requests');
    await page.locator('[data-testid="server-request"][data-kind="sampling"][data-state="pending"]').waitFor({ timeout: 20_000 });
    // Nobody answered it before the page went away: the reloaded tab owes the server that answer.
    await page.reload();
    await openTab(page, 'server-requests');
    const card = page.locator('[data-testid="server-request"][data-kind="sampling"][data-state="pending"]');
    await card.waitFor({ timeout: 20_000 });
    const reply = 'answered across a reload';
    await fillCodeEditor(
      page,
      card.getByTestId('sampling-result'),
      JSON.stringify({ role: 'assistant', content: { type: 'text', text: reply }, model: 'by-hand', stopReason: 'endTurn' }),
    );
    await card.getByTestId('sampling-send').click();
    // The server got exactly one answer to its request, and the tool call it was waiting in finished with it.
    await expect.poll(async () => (await sentResponses()).filter((r) => JSON.stringify(r).includes(reply)).length, { timeout: 20_000 }).toBe(1);
    await expect
      .poll(async () => (await recordedFrames(relay)).some((f) => f.dir === 'in' && f.kind === 'response' && f.text.includes(reply)), { timeout: 20_000 })
      .toBe(true);
  });

  it('ran without page errors', () => {
    expect(errors).toEqual([]);
  });
});
