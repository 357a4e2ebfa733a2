import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openInspector, type Inspector } from '../helpers/browser.js';
import { callTool, recordedFrames, selectTool, sentRows, waitForServer } from '../helpers/panel-page.js';
import { DEMO_SERVER, EVERYTHING_SERVER, type RelayHandle } from '../helpers/relay-process.js';

interface Sent {
  method?: string;
  id?: number;
  params?: Record<string, unknown>;
}

/** Every message this client sent, parsed, as the relay recorded them. */
async function sentMessages(relay: RelayHandle): Promise<Sent[]> {
  return (await recordedFrames(relay)).flatMap((f) =>
    f.dir === 'out' && ['request', 'notification', 'response', 'error'].includes(f.kind) ? [JSON.parse(f.text) as Sent] : [],
  );
}

/**
 * Starts the selected tool and waits until its progress shows at least `atLeast` steps; returns the request id and
 * what the running call showed then. A MutationObserver, installed before the click, reads the running block at every
 * change to the page: a short call ends (and its running block goes) soon after its progress, and a wait that polls
 * (even at every animation frame) can miss that window on a loaded machine; an observer sees every committed state.
 */
async function startWithProgress(page: Page, atLeast: number, total: number): Promise<{ id: number; elapsed: string }> {
  await page.evaluate((least) => {
    const w = window as unknown as { __progressSeen?: unknown };
    w.__progressSeen = undefined;
    const read = (): boolean => {
      const running = document.querySelector('[data-testid="tool-running"]');
      const progress = running?.querySelector('[data-testid="tool-progress"]');
      if (!running || !progress || Number(progress.getAttribute('data-progress') || 0) < least) return false;
      w.__progressSeen = {
        id: running.getAttribute('data-request-id'),
        total: progress.getAttribute('data-total'),
        text: progress.textContent,
        elapsed: running.querySelector('[data-testid="tool-elapsed"]')?.textContent ?? null,
      };
      return true;
    };
    const observer = new MutationObserver(() => {
      if (read()) observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  }, atLeast);
  await page.getByTestId('tool-call').click();
  const seen = await page.waitForFunction(() => (window as unknown as { __progressSeen?: unknown }).__progressSeen, undefined, { timeout: 20_000 });
  const shown = (await seen.jsonValue()) as { id: string | null; total: string | null; text: string | null; elapsed: string | null };
  expect(shown.total).toBe(String(total));
  expect(shown.text).toMatch(new RegExp(`progress \\d+ / ${total}`));
  return { id: Number(shown.id), elapsed: shown.elapsed ?? '' };
}

async function cancelAndCheck(page: Page, relay: RelayHandle, id: number): Promise<void> {
  await page.getByTestId('tool-cancel').click();
  await page.getByTestId('tool-cancelled').waitFor({ timeout: 10_000 });
  // A deliberate Cancel is said plainly, naming the request, and never drawn as an error box.
  expect(await page.getByTestId('tool-cancelled').getAttribute('data-request-id')).toBe(String(id));
  expect(await page.getByTestId('call-error').count()).toBe(0);
  await page.getByTestId('tool-running').waitFor({ state: 'detached' });
  // The cancellation is a real frame: in the recording and in the log, naming the request and why.
  await expect
    .poll(async () => (await sentMessages(relay)).find((m) => m.method === 'notifications/cancelled' && m.params?.requestId === id)?.params?.reason, {
      timeout: 10_000,
    })
    .toBe('cancelled by the user in the Tools panel');
  await expect
    .poll(
      () =>
        sentRows(page, 'notifications/cancelled')
          .filter({ hasText: `request ${id}` })
          .count(),
      { timeout: 10_000 },
    )
    .toBe(1);
  // …and the request's own row says it was cancelled.
  await expect
    .poll(() => page.locator(`[data-testid="log-row"][data-dir="out"][data-rpc-id="${id}"] [data-testid="log-cancelled"]`).count(), { timeout: 10_000 })
    .toBe(1);
}

describe('tool call progress, cancel and timeout against the demo server', () => {
  let ui: Inspector;
  let page: Page;
  let relay: RelayHandle;
  beforeAll(async () => {
    ui = await openInspector({ command: [process.execPath, DEMO_SERVER], viewport: { width: 1400, height: 1000 } });
    ({ page, relay } = ui);
    await waitForServer(page);
  });
  afterAll(() => ui?.close());

  it('shows slow_count progress and elapsed time while it runs, then its result', async () => {
    await selectTool(page, 'slow_count');
    await page.locator('#args_steps').fill('4');
    await page.locator('#args_delayMs').fill('400');
    const { id, elapsed } = await startWithProgress(page, 2, 4);
    expect(elapsed).toMatch(/\d+(\.\d+)? (ms|s) elapsed/);
    await page.getByTestId('tool-result').filter({ hasText: 'Counted to 4' }).waitFor({ timeout: 20_000 });
    const call = (await sentMessages(relay)).find((m) => m.id === id);
    expect(call?.params?._meta).toEqual({ progressToken: id });
  });

  it('cancels slow_count: notifications/cancelled goes out and the call is shown as cancelled locally', async () => {
    await selectTool(page, 'slow_count');
    await page.locator('#args_steps').fill('50');
    await page.locator('#args_delayMs').fill('300');
    const { id } = await startWithProgress(page, 1, 50);
    await cancelAndCheck(page, relay, id);
    // The server really stopped: it logs so (the SDK sends no response to a cancelled request).
    await expect
      .poll(async () => (await recordedFrames(relay)).some((f) => f.dir === 'in' && f.text.includes('slow_count cancelled after')), { timeout: 15_000 })
      .toBe(true);
  });

  it('times out locally after the per-call timeout when no progress arrives', async () => {
    await selectTool(page, 'slow_count');
    await page.getByTestId('tool-timeout').fill('1');
    await page.locator('#args_steps').fill('2');
    await page.locator('#args_delayMs').fill('5000');
    await page.getByTestId('tool-call').click();
    const error = page.getByTestId('call-error');
    await error.filter({ hasText: 'REQUEST_TIMEOUT' }).waitFor({ timeout: 15_000 });
    expect(await error.getAttribute('data-local')).toBe('true');
    expect(await error.textContent()).toContain('no response after 1000 ms');
    // Giving up is said on the wire too, so the server can stop: notifications/cancelled with the reason.
    const timedOut = Number(/request id (\d+)/.exec((await error.textContent()) ?? '')?.[1]);
    await expect
      .poll(async () => (await sentMessages(relay)).find((m) => m.method === 'notifications/cancelled' && m.params?.requestId === timedOut)?.params?.reason, {
        timeout: 10_000,
      })
      .toBe('timed out');
    await page.getByTestId('tool-timeout').fill('60');
    // A late result for the timed-out request changes nothing; the next call works as usual.
    await page.locator('#args_delayMs').fill('10');
    await callTool(page, 'Counted to 2');
  });

  it('ran without page errors', () => {
    expect(ui.errors).toEqual([]);
  });
});

describe('tool call progress and cancel against server-everything', () => {
  let ui: Inspector;
  let page: Page;
  let relay: RelayHandle;
  beforeAll(async () => {
    ui = await openInspector({ command: [process.execPath, EVERYTHING_SERVER, 'stdio'], viewport: { width: 1400, height: 1000 } });
    ({ page, relay } = ui);
    await waitForServer(page);
  });
  afterAll(() => ui?.close());

  it('shows the progress of trigger-long-running-operation and its result', async () => {
    await selectTool(page, 'trigger-long-running-operation');
    await page.locator('#args_duration').fill('2');
    await page.locator('#args_steps').fill('4');
    await startWithProgress(page, 1, 4);
    await page.getByTestId('tool-result').filter({ hasText: 'Long running operation completed' }).waitFor({ timeout: 20_000 });
  });

  it('cancels trigger-long-running-operation with notifications/cancelled', async () => {
    await selectTool(page, 'trigger-long-running-operation');
    await page.locator('#args_duration').fill('30');
    await page.locator('#args_steps').fill('30');
    const { id } = await startWithProgress(page, 1, 30);
    await cancelAndCheck(page, relay, id);
  });

  it('ran without page errors', () => {
    expect(ui.errors).toEqual([]);
  });
});
