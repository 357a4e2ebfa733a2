// A correct client's session against test/fixtures/faulty-server.mjs, driven through the real relay: the traffic
// every fault of the fixture needs to show itself. Shared by the relay-level and the browser fault tests.
import { join } from 'node:path';
import { sessionVersion } from '../fixtures/faulty-faults.js';
import { FIXTURES, type RelayHandle } from './relay-process.js';
import { SessionDriver } from './session-driver.js';

export const FAULTY_SERVER = join(FIXTURES, 'faulty-server.mjs');

/** Starts faulty-server.mjs with `option` (null: no fault) as a new relay session through the token-protected API. */
export function openFaultySession(relay: RelayHandle, option: string | null): Promise<SessionDriver> {
  return SessionDriver.open(relay, [process.execPath, FAULTY_SERVER, ...(option ? [option] : [])], sessionVersion(option));
}

/** Handshake, tools/list, two tool calls (one with progress), logging/setLevel, ping, and batches in 2025-03-26; the caller stops. */
export async function driveFaultySession(d: SessionDriver, option: string | null): Promise<void> {
  const version = sessionVersion(option);
  const clientInfo = { name: 'lint-test', version: '1.0.0' };
  await d.request(1, 'initialize', { protocolVersion: version, capabilities: { roots: { listChanged: true } }, clientInfo });
  d.notify('notifications/initialized');
  // A reply to a notification is recognised by following it; give it the chance before the next request goes out.
  if (option === '--respond-to-notification') await d.waitFor((f) => f.dir === 'in' && f.kind === 'response' && f.rpcId === null, 2_000);
  await d.request(2, 'tools/list');
  await d.request(3, 'tools/call', { name: 'weather', arguments: { city: 'Paris' } });
  await d.request(4, 'tools/call', { name: 'echo', arguments: { text: 'hi' }, _meta: { progressToken: 'p1' } });
  await d.request(8, 'logging/setLevel', { level: 'info' });
  await d.request(5, 'ping', undefined, option === '--unanswered' ? 300 : 5_000);
  if (version === '2025-03-26') {
    d.raw(JSON.stringify([{ jsonrpc: '2.0', method: 'notifications/roots/list_changed' }]));
    if (option === '--empty-batch-reply') await d.waitFor((f) => f.dir === 'in' && f.text === '[]', 2_000);
    d.raw(
      JSON.stringify([
        { jsonrpc: '2.0', id: 6, method: 'ping' },
        { jsonrpc: '2.0', id: 7, method: 'ping' },
      ]),
    );
    await d.waitFor((f) => f.dir === 'in' && f.text.includes('"id":7'), 2_000);
  }
  // The server writes its late messages (progress after a response, its own requests) before answering the ping
  // or batch awaited last; what remains in flight is this script's answers to its requests.
  await d.settled();
}
