// A session larger than the page's in-memory bound, for the windowed-log tests: two floods of the scripted fixture
// with one chosen request between them (so it lands in the gap the page does not hold), then a browser page opened on
// it with the bound lowered to 500 frames by ?memoryFrames.
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { RelayConfig } from '../../shared/relay-protocol.js';
import { launchBrowser, watchPageErrors } from './browser.js';
import { FIXTURES, startRelay, type RelayHandle } from './relay-process.js';

export interface WindowedSession {
  relay: RelayHandle;
  browser: Browser;
  page: Page;
  errors: string[];
  /** The seq the relay gave the request sent between the floods. */
  middleSeq: number;
  lastSeq: number;
  close(): Promise<void>;
}

/**
 * `middle` is sent as typed with id 902 (make it malformed to get findings); each flood is `flood` notifications.
 * `query` adds page URL parameters (`&scrollCap=…`).
 */
export async function openWindowedSession(flood: number, middle: string, query = ''): Promise<WindowedSession> {
  const relay = await startRelay({ command: [process.execPath, join(FIXTURES, 'scripted-server.mjs'), '--flood', String(flood)] });
  const sid = (await relay.api<RelayConfig>('/api/config')).body.launchSessionId!;
  const sock = await relay.socket();
  sock.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
  sock.send({ type: 'send', sessionId: sid, text: JSON.stringify({ jsonrpc: '2.0', id: 901, method: 'flood' }) });
  await sock.frame(sid, (f) => f.dir === 'in' && f.rpcId === '901', 'first flood answered', 30_000);
  sock.send({ type: 'send', sessionId: sid, text: middle });
  const middleSeq = (await sock.frame(sid, (f) => f.dir === 'out' && f.rpcId === '902', 'middle request recorded')).seq;
  sock.send({ type: 'send', sessionId: sid, text: JSON.stringify({ jsonrpc: '2.0', id: 903, method: 'flood' }) });
  const lastSeq = (await sock.frame(sid, (f) => f.dir === 'in' && f.rpcId === '903', 'second flood answered', 30_000)).seq;
  sock.close();
  const browser = await launchBrowser();
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors = watchPageErrors(page);
  await page.goto(relay.url.replace('/#', `/?memoryFrames=500${query}#`));
  return {
    relay,
    browser,
    page,
    errors,
    middleSeq,
    lastSeq,
    async close() {
      await browser.close();
      await relay.stop();
    },
  };
}
