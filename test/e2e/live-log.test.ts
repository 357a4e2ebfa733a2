import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { watchPageErrors } from '../helpers/browser.js';
import { inspectorTest } from '../helpers/inspector-test.js';
import { fillCodeEditor, openComposer, recordedFrames } from '../helpers/panel-page.js';
import { DEMO_SERVER, waitFor, type RelayHandle } from '../helpers/relay-process.js';

const it = inspectorTest({ command: [process.execPath, DEMO_SERVER] });

const rows = (p: Page, sel = '') => p.locator(`[data-testid="log-row"]${sel}`);

/** Sends tools/list from the composer's template and returns its answer's row: this test's own, whatever ran before. */
async function sendToolsList(page: Page, relay: RelayHandle) {
  const sent = (await recordedFrames(relay)).filter((f) => f.dir === 'out' && f.method === 'tools/list').length;
  await page.getByTestId('template-tools-list').click();
  await page.getByTestId('composer-send').click();
  const request = await waitFor(
    async () => (await recordedFrames(relay)).filter((f) => f.dir === 'out' && f.method === 'tools/list')[sent],
    'the tools/list request',
  );
  const response = rows(page, `[data-dir="in"][data-kind="response"][data-rpc-id='${request.rpcId}']`).first();
  await response.waitFor();
  return response;
}

describe('the live log in a real browser', () => {
  it('opens on the printed URL and shows the handshake with its paired, timed response', async ({ page }) => {
    await rows(page, '[data-dir="out"][data-method="initialize"]').first().waitFor({ timeout: 20_000 });
    const initResponse = rows(page, '[data-dir="in"][data-kind="response"][data-rpc-id="1"]');
    await initResponse.first().waitFor();
    await rows(page, '[data-dir="out"][data-method="notifications/initialized"]').first().waitFor();
    await expect.poll(() => initResponse.first().locator('[data-testid="log-latency"]').textContent()).toMatch(/\d+(\.\d+)?\s*ms/);
    await expect.poll(() => page.getByTestId('connection-status').textContent()).toMatch(/running/i);
    // The token left the address bar once it was read.
    expect(page.url()).not.toContain('token=');
  });

  it('sends tools/list from the raw composer and pairs the response with its latency', async ({ page, inspector }) => {
    const response = await sendToolsList(page, inspector.relay);
    await expect.poll(() => response.locator('[data-testid="log-latency"]').textContent()).toMatch(/\d+(\.\d+)?\s*ms/);
    await response.click();
    const detail = page.getByTestId('detail-pane');
    await expect.poll(() => detail.textContent()).toContain('get_weather');
    await page.getByTestId('goto-pair').click();
    await expect.poll(() => detail.textContent()).toContain('tools/list');
  });

  it('sends invalid JSON on purpose after a warning and shows it as noise', async ({ page }) => {
    await openComposer(page);
    await fillCodeEditor(page, page.getByTestId('composer-editor'), '{"jsonrpc":"2.0", broken');
    await page.getByTestId('composer-send').click();
    await page.getByTestId('composer-send-anyway').click();
    await rows(page, '[data-dir="out"][data-kind="noise"]').first().waitFor();
  });

  it('shows the same history after a reload, without a second handshake or a CSP violation, and then stops committing', async ({ page, inspector }) => {
    await sendToolsList(page, inspector.relay);
    const before = await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-seq')));
    // React's commits, counted through the hook its DevTools use (production builds call it too), from the reload on.
    await page.context().addInitScript(() => {
      const w = window as unknown as { __commits: number[]; __csp: string[]; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
      w.__commits = [];
      // zod's probe for `new Function`, refused by the CSP, was reported as a violation on every load (and made V8
      // re-parse the whole start chunk to place it); web/lib/zod-jitless.ts turns the probe off.
      w.__csp = [];
      document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.effectiveDirective} ${e.sourceFile}:${e.lineNumber}`));
      w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
        supportsFiber: true,
        isDisabled: false,
        inject: () => 1,
        checkDCE: () => undefined,
        onScheduleFiberRoot: () => undefined,
        onCommitFiberRoot: () => w.__commits.push(performance.now()),
        onCommitFiberUnmount: () => undefined,
        onPostCommitFiberRoot: () => undefined,
      };
    });
    // The reloaded page performs a handshake only for a session the relay lists as still waiting for one.
    const listed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/sessions' && r.request().method() === 'GET', { timeout: 20_000 });
    await page.reload();
    const sessions = (await (await listed).json()) as SessionInfo[];
    expect(sessions.map((x) => x.handshakePending)).toEqual([false]);
    await rows(page, '[data-method="tools/list"]').first().waitFor({ timeout: 20_000 });
    const after = await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-seq')));
    expect(after.slice(0, before.length)).toEqual(before);
    expect(await rows(page, '[data-dir="out"][data-method="initialize"]').count()).toBe(1);
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    // Every request on screen is answered, so nothing on the page changes: it must come to rest (an answered row once
    // listened to the one-second pending clock and re-rendered every second for as long as the page was open).
    await expect
      .poll(() => page.evaluate(() => performance.now() - ((window as unknown as { __commits: number[] }).__commits.at(-1) ?? 0)), { timeout: 15_000 })
      .toBeGreaterThan(2_500);
  });

  it("shows a linked frame as text at once and fetches the editor's code only once the log has rows", async ({ inspector }) => {
    const { relay, browser } = inspector;
    await waitFor(async () => (await recordedFrames(relay)).some((f) => f.dir === 'in' && f.rpcId === '1'), 'the initialize answer recorded', 20_000);
    const sid = (await relay.api<{ id: string }[]>('/api/sessions')).body[0]!.id;
    const answer = (await recordedFrames(relay)).find((f) => f.dir === 'in' && f.rpcId === '1')!;
    // A page of its own, opened on a deep link to that frame: its detail, an editor, is on screen from the start.
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    try {
      // Noted in the page as it happens, in the order it happens: the first log row, the raw text shown as plain text,
      // Monaco's editor, and the fetch of the editor's code.
      await context.addInitScript(() => {
        const seen: Record<string, number | string> = {};
        (window as unknown as { __seen: typeof seen }).__seen = seen;
        const note = () => {
          const now = performance.now();
          if (seen.row === undefined && document.querySelector('[data-testid="log-row"]')) seen.row = now;
          const plain = document.querySelector('[data-testid="detail-raw"] [data-testid="editor-placeholder"]');
          if (seen.plain === undefined && plain?.textContent) {
            seen.plain = now;
            seen.plainText = plain.textContent;
          }
          if (seen.monaco === undefined && document.querySelector('[data-testid="detail-raw"] .monaco-editor')) seen.monaco = now;
        };
        new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) if (seen.fetch === undefined && /\/code-editor-[^/]*\.js$/.test(e.name)) seen.fetch = e.startTime;
        }).observe({ type: 'resource', buffered: true });
      });
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto(`${relay.url}&session=${sid}&seq=${answer.seq}`);
      await page.locator('[data-testid="detail-raw"] .monaco-editor .view-lines').waitFor({ timeout: 30_000 });
      const seen = await page.evaluate(() => (window as unknown as { __seen: Record<string, number | string> }).__seen);
      expect(seen.plainText).toBe(answer.text);
      expect(seen.plain).toBeLessThan(seen.monaco as number);
      expect(seen.fetch).toBeGreaterThan(seen.row as number);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
