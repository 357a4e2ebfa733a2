// Opens the inspector with an era already picked (as a user's earlier choice, in localStorage) and reads what the
// 2026-07-28 client sent: the engine's `_meta` keys on each request.
import type { Page } from 'playwright-core';
import { startRelayAndBrowser, watchPageErrors } from './browser.js';
import { openTab, recordedFrames } from './panel-page.js';
import type { RelayHandle } from './relay-process.js';

export const META_VERSION = 'io.modelcontextprotocol/protocolVersion';

export interface EraInspector {
  relay: RelayHandle;
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

export async function openWithEra(era: 'legacy' | 'modern' | 'auto', relayOpts: { args?: string[]; command?: string[] }): Promise<EraInspector> {
  const { relay, browser } = await startRelayAndBrowser(relayOpts);
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  const errors = watchPageErrors(page);
  await page.addInitScript((picked) => localStorage.setItem('mcpscope.era', picked), era);
  await page.goto(relay.url);
  return {
    relay,
    page,
    errors,
    async close() {
      await browser.close();
      await relay.stop();
    },
  };
}

export interface SentRequest {
  id: number;
  method: string;
  params?: Record<string, unknown> & { _meta?: Record<string, unknown> };
}

export async function sentRequests(relay: RelayHandle): Promise<SentRequest[]> {
  return (await recordedFrames(relay)).flatMap((f) => (f.dir === 'out' && f.kind === 'request' ? [JSON.parse(f.text) as SentRequest] : []));
}

/**
 * Waits until server/discover was answered and the Overview says the session is in the modern era.
 * Reads the Overview, which names the discover request, not a log row: the log is virtualized,
 * so the session's first row is not rendered once the log has followed a longer tail (CI saw
 * this after a reload on a loaded machine).
 */
export async function waitForDiscovery(page: Page): Promise<void> {
  await openTab(page, 'overview');
  await page
    .getByTestId('session-era')
    .filter({ hasText: /^Era modern — server\/discover \(#\d+\) was answered/ })
    .waitFor({ timeout: 20_000 });
}
