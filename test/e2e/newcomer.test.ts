// What a newcomer meets in the first ten minutes, against server-everything at 1280×720: the page opens on the server's
// Overview, Escape in the log leaves the panels alone, a task's result reads as content, a sampling request is
// answered in plain words from a waiting box whose Answer… is in view, and a command that does not exist says so.
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { inspectorTest } from '../helpers/inspector-test.js';
import { fillCodeEditor, openComposer, openTab, sessionFrames, waitForServer } from '../helpers/panel-page.js';
import type { RelayHandle } from '../helpers/relay-process.js';
import { EVERYTHING_SERVER } from '../helpers/relay-process.js';

const base = inspectorTest({ command: [process.execPath, EVERYTHING_SERVER, 'stdio'], context: { viewport: { width: 1280, height: 720 } } });
// The handshake is waited for once: later tests add rows, and the log's first rows scroll out of the window.
let handshaken = false;
const it = base.extend('page', async ({ page }) => {
  if (!handshaken) await waitForServer(page);
  handshaken = true;
  return page;
});

/** What the relay recorded for the session this page shows (another test may have made a second session). */
async function shownFrames(page: Page, relay: RelayHandle) {
  return sessionFrames(relay, await page.getByTestId('session-select').inputValue());
}

/** Whether the element is drawn inside the window and on top at its centre: seen, not below the fold or covered. */
async function inView(page: Page, testId: string, within?: string): Promise<boolean> {
  const scope = within ? page.getByTestId(within) : page;
  return scope
    .getByTestId(testId)
    .first()
    .evaluate((el) => {
      const box = el.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return box.bottom <= window.innerHeight && box.right <= window.innerWidth && (top === el || el.contains(top));
    });
}

describe('the first ten minutes with server-everything', () => {
  it('opens on the Overview tab with the server’s identity, not on an empty Detail tab', async ({ page }) => {
    await page.reload();
    await waitForServer(page);
    await expect.poll(() => page.getByTestId('tab-overview').getAttribute('aria-selected'), { timeout: 15_000 }).toBe('true');
    await expect.poll(() => page.getByTestId('server-identity').textContent(), { timeout: 20_000 }).toContain('everything');
  });

  it('lets go of the frame on Escape in the log, and leaves the panels column open', async ({ page }) => {
    const row = page.locator('[data-testid="log-row"][data-dir="out"][data-method="initialize"]').first();
    await row.click();
    await expect.poll(() => page.getByTestId('tab-detail').getAttribute('aria-selected')).toBe('true');
    await page.getByTestId('detail-pane').waitFor();
    await page.getByTestId('log-table').press('Escape');
    await expect.poll(() => row.getAttribute('aria-selected')).not.toBe('true');
    // The column is still there, its tabs in reach: only the splitter or the detail's own close folds it.
    expect(await page.getByTestId('tab-detail').isVisible()).toBe(true);
    expect(await page.getByTestId('pane-side').evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThan(300);
  });

  it('shows tasks/result as content blocks, and a completed task without its stale working message', async ({ page, inspector: { relay } }) => {
    await openTab(page, 'tasks');
    await page.locator('[data-testid="task-tool"] option[value="simulate-research-query"]').waitFor({ state: 'attached', timeout: 20_000 });
    await page.getByTestId('task-tool').selectOption('simulate-research-query');
    await page.locator('#taskargs_topic').fill('newcomer');
    const before = await page.getByTestId('task-row').count();
    await page.getByTestId('task-call-send').click();
    await expect.poll(() => page.getByTestId('task-row').count(), { timeout: 20_000 }).toBe(before + 1);
    const id = /created task (\S+)/.exec((await page.getByTestId('task-created').textContent()) ?? '')![1]!;
    const row = page.locator(`[data-testid="task-row"][data-task-id="${id}"]`);
    await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('completed');
    // The server's store keeps its last "…ing..." message on the completed task; the row does not repeat it.
    const working = (await shownFrames(page, relay)).filter(
      (f) => f.method === 'notifications/tasks/status' && f.text.includes(id) && f.text.includes('"working"'),
    );
    const lastWorking = JSON.parse(working.at(-1)!.text).params.statusMessage as string;
    expect(await row.textContent()).not.toContain(lastWorking);
    await row.getByTestId('task-result').click();
    const view = row.getByTestId('task-result-view');
    await view.waitFor({ timeout: 20_000 });
    const block = view.locator('[data-testid="content-block"][data-type="text"]').first();
    await block.waitFor();
    // Text as text: its line breaks are line breaks, not "\n" escapes inside a JSON string.
    const text = (await block.innerText()) ?? '';
    expect(text).toContain('newcomer');
    expect(text).not.toContain('\\n');
    expect(text.split('\n').length).toBeGreaterThan(3);
  });

  it('answers a sampling request in plain text from the composer’s waiting box, its Answer… in view', async ({ page, inspector: { relay } }) => {
    await openComposer(page);
    const call = {
      jsonrpc: '2.0',
      id: 'newcomer-sampling',
      method: 'tools/call',
      params: { name: 'trigger-sampling-request', arguments: { prompt: 'plain words' } },
    };
    await fillCodeEditor(page, page.getByTestId('composer-editor'), JSON.stringify(call));
    await page.getByTestId('composer-send').click();
    const composer = page.getByTestId('composer');
    await composer.getByTestId('awaiting-answer-open').waitFor({ timeout: 15_000 });
    expect(await inView(page, 'awaiting-answer-open', 'composer')).toBe(true);
    await composer.getByTestId('awaiting-answer-open').click();
    const card = page.locator('[data-testid="server-request"][data-focused="true"]');
    await card.waitFor({ timeout: 5_000 });
    await card.getByTestId('sampling-text').fill('A reply in plain words,\non two lines.');
    await card.getByTestId('sampling-send-text').click();
    await expect.poll(() => page.getByTestId('composer-status').textContent(), { timeout: 15_000 }).toMatch(/answered in/);
    // On the wire: a CreateMessageResult built around the text, as the assistant.
    const frames = await shownFrames(page, relay);
    const asked = frames.filter((f) => f.dir === 'in' && f.method === 'sampling/createMessage' && f.text.includes('plain words')).at(-1)!;
    const answer = frames.find((f) => f.dir === 'out' && f.kind === 'response' && f.rpcId === asked.rpcId)!;
    expect(JSON.parse(answer.text).result).toMatchObject({
      role: 'assistant',
      content: { type: 'text', text: 'A reply in plain words,\non two lines.' },
      stopReason: 'endTurn',
    });
  });

  it('keeps a readable summary at 1024 px and cuts a long method from its start, so its end still shows', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 768 });
    try {
      // The earlier tests' rows pushed the handshake out of the window: Home brings the log back to its first row.
      await page.getByTestId('log-table').focus();
      await page.keyboard.press('Home');
      const row = page.locator('[data-testid="log-row"][data-dir="out"][data-method="notifications/initialized"]').first();
      await row.waitFor();
      const cells = row.locator('[role="gridcell"]');
      // The summary is the eighth cell: a useful gist, not a few letters.
      await expect.poll(() => cells.nth(7).evaluate((el) => el.getBoundingClientRect().width)).toBeGreaterThanOrEqual(90);
      const method = row.locator('[data-col="method"]');
      const fit = await method.evaluate((el) => {
        const cell = el.getBoundingClientRect();
        const name = el.querySelector('bdi')!.getBoundingClientRect();
        return { cut: el.scrollWidth > el.clientWidth + 1, endShown: name.right <= cell.right + 1, startCut: name.left < cell.left - 1 };
      });
      // When it does not fit, the start goes and the end stays; the tooltip has the whole name.
      if (fit.cut) expect(fit).toMatchObject({ endShown: true, startCut: true });
      expect(await method.getAttribute('title')).toBe('notifications/initialized');
    } finally {
      await page.setViewportSize({ width: 1280, height: 720 });
    }
  });
  // Last: it leaves the relay a second, failed session, which a page opened after it would show first.
  it('says a command that is not there was not found, with a full stop, a hint, and one Restart', async ({ freshPage: page }) => {
    await page.getByTestId('target-toggle').click();
    await page.getByTestId('target-command').fill('mcpscope-no-such-server');
    await page.getByTestId('target-args').fill('');
    await page.getByTestId('connect-button').click();
    const banner = page.getByTestId('connection-failed-banner');
    await banner.waitFor({ timeout: 20_000 });
    // The banner comes with the session's status; the failure's own event may reach the page a moment later.
    await expect
      .poll(() => banner.getByTestId('connection-failure').textContent())
      .toMatch(/^: spawn mcpscope-no-such-server ENOENT\. The command was not found: is it installed, and on PATH\?/);
    expect(await page.getByTestId('banner-restart-button').count()).toBe(1);
    expect(await page.getByTestId('restart-button').count()).toBe(0);
  });
});
