// Drives mcpscope's feature panels in a real browser: open a tab, pick a tool, call it, find its frames in the log.
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import type { RelayHandle } from './relay-process.js';

/** Opens a panel's tab, through the strip's "more" menu when the tab is folded into it (the strip is one row). */
export async function openTab(page: Page, id: string): Promise<void> {
  const tab = page.getByTestId(`tab-${id}`);
  const more = page.getByTestId('tab-more');
  const selected = async () => (await tab.getAttribute('aria-selected', { timeout: 500 }).catch(() => null)) === 'true';
  // The strip refolds whenever its width changes (panes settling after a load or reload, a column dragged): a tab seen
  // in the row can fold into the menu before the click lands (CI saw it detached after a reload), so try until the
  // tab is the selected one.
  // A loop, not expect.poll: hooks (beforeAll) open tabs too, and expect.poll works only inside a test.
  const deadline = Date.now() + 30_000;
  for (;;) {
    await tab
      .or(more)
      .first()
      .waitFor({ timeout: 5000 })
      .catch(() => undefined);
    try {
      if (!(await tab.isVisible())) await more.click({ timeout: 2000 });
      await tab.click({ timeout: 2000 });
    } catch {
      // Refolded (or the menu closed) between looking and clicking: look again.
    }
    if (await selected()) return;
    if (Date.now() > deadline) throw new Error(`could not open the ${id} tab within 30 s (neither in the strip nor in its "more" menu)`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Opens the composer if it sits collapsed to its bar (it does until first used). */
export async function openComposer(page: Page): Promise<void> {
  if ((await page.getByTestId('composer').getAttribute('data-expanded')) !== 'true') await page.getByTestId('composer-toggle').click();
  await expect.poll(() => page.getByTestId('composer').getAttribute('data-expanded')).toBe('true');
}

/** Waits until the page has performed the handshake: the overview can only show a server once initialize was answered. */
export async function waitForServer(page: Page): Promise<void> {
  await page.locator('[data-testid="log-row"][data-dir="out"][data-method="notifications/initialized"]').first().waitFor({ timeout: 20_000 });
}

export async function selectTool(page: Page, name: string): Promise<Locator> {
  await openTab(page, 'tools');
  await page.locator(`[data-testid="tool-item"][data-name="${name}"]`).click();
  const detail = page.locator(`[data-testid="tool-detail"][data-name="${name}"]`);
  await detail.waitFor();
  return detail;
}

/** Calls the selected tool and returns its result once one that contains `expect` is shown. */
export async function callTool(page: Page, expectText: string | RegExp, button: 'tool-call' | 'tool-send-anyway' = 'tool-call'): Promise<Locator> {
  await page.getByTestId(button).click();
  const result = page.getByTestId('tool-result').filter({ hasText: expectText });
  await result.waitFor({ timeout: 10_000 });
  return result;
}

/** Log rows this page sent for `method`, in order. */
export function sentRows(page: Page, method: string): Locator {
  return page.locator(`[data-testid="log-row"][data-dir="out"][data-method="${method}"]`);
}

/** The frames the relay recorded for its first session: the log's ground truth, unlike rows a virtualized table may not render. */
export async function recordedFrames(relay: RelayHandle): Promise<FrameRecord[]> {
  const sessions = await relay.api<{ id: string }[]>('/api/sessions');
  const id = sessions.body[0]?.id;
  return id === undefined ? [] : sessionFrames(relay, id);
}

/** Every frame the relay recorded for session `id` (up to 10,000). */
export async function sessionFrames(relay: Pick<RelayHandle, 'api'>, id: string): Promise<FrameRecord[]> {
  return (await relay.api<{ frames: FrameRecord[] }>(`/api/sessions/${id}/frames?afterSeq=0&limit=10000`)).body.frames;
}

/** How many requests with `method` the client has sent so far, as recorded. */
export async function sentCount(relay: RelayHandle, method: string): Promise<number> {
  return (await recordedFrames(relay)).filter((f) => f.dir === 'out' && f.kind === 'request' && f.method === method).length;
}

/** Replaces the whole text of the Monaco editor inside `container` with `text`, as if typed (paste-like, exact). */
export async function fillCodeEditor(page: Page, container: Locator, text: string): Promise<void> {
  const editor = container.locator('.monaco-editor');
  await editor.waitFor({ timeout: 20_000 });
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(text);
}
