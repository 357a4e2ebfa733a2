import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnswererHolder, RelayConfig } from '../../shared/relay-protocol.js';
import { DEMO_SERVER, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import type { RelaySocket } from '../helpers/relay-socket.js';

let relay: RelayHandle;
let sid: string;

beforeAll(async () => {
  relay = await startRelay({ command: [process.execPath, DEMO_SERVER] });
  sid = (await relay.api<RelayConfig>('/api/config')).body.launchSessionId!;
});

afterAll(() => relay?.stop());

/** The latest holder this socket was told about; waits until it is `want`. */
function holder(sock: RelaySocket, want: AnswererHolder): Promise<AnswererHolder> {
  const latest = () => sock.messages.flatMap((m) => (m.type === 'answerer' && m.sessionId === sid ? [m.holder] : [])).at(-1);
  return sock.until(() => (latest() === want ? want : undefined), `answerer ${want}`);
}

async function subscribed(): Promise<RelaySocket> {
  const sock = await relay.socket();
  sock.send({ type: 'subscribe', sessionId: sid, afterSeq: 0 });
  await sock.until(() => sock.messages.find((m) => m.type === 'synced'), 'synced');
  return sock;
}

describe('the answerer claim on the relay', () => {
  it('goes to one socket at a time, is released when that socket closes, and can be forced', async () => {
    const a = await subscribed();
    const b = await subscribed();
    await holder(a, 'none');
    a.send({ type: 'claim-answerer', sessionId: sid });
    await holder(a, 'you');
    await holder(b, 'other');

    // Without force, a second socket is refused and told who holds it.
    b.send({ type: 'claim-answerer', sessionId: sid });
    await holder(b, 'other');
    expect(a.messages.filter((m) => m.type === 'answerer').at(-1)).toMatchObject({ holder: 'you' });

    // A reload closes the holder's socket: the claim is free again, and the next socket to ask gets it.
    a.close();
    await holder(b, 'none');
    const c = await subscribed();
    await holder(c, 'none');
    c.send({ type: 'claim-answerer', sessionId: sid });
    await holder(c, 'you');
    await holder(b, 'other');

    // Force (the tab that just did the handshake, or "answer requests in this tab") takes it over.
    b.send({ type: 'claim-answerer', sessionId: sid, force: true });
    await holder(b, 'you');
    await holder(c, 'other');
    b.close();
    c.close();
  });

  it('announces a claim once: a claim the socket already holds tells nobody anything new', async () => {
    const a = await subscribed();
    const b = await subscribed();
    await holder(a, 'none');
    const told = (sock: RelaySocket) => sock.messages.filter((m) => m.type === 'answerer' && m.sessionId === sid).length;
    // As the page does: a claim once its history is synced, then the forced one once it has done the handshake.
    a.send({ type: 'claim-answerer', sessionId: sid });
    await holder(a, 'you');
    await holder(b, 'other');
    const [aBefore, bBefore] = [told(a), told(b)];
    a.send({ type: 'claim-answerer', sessionId: sid, force: true });
    a.send({ type: 'claim-answerer', sessionId: sid });
    // A message sent after the claims comes back after anything they caused.
    a.send({ type: 'claim-answerer', sessionId: 'nope' });
    await a.until(() => a.messages.find((m) => m.type === 'error'), 'the unknown session refused');
    expect(told(a)).toBe(aBefore);
    b.send({ type: 'claim-answerer', sessionId: 'nope' });
    await b.until(() => b.messages.find((m) => m.type === 'error'), 'the unknown session refused');
    expect(told(b)).toBe(bBefore);
    a.close();
    b.close();
  });

  it('refuses a claim on an unknown session with NOT_FOUND', async () => {
    const sock = await relay.socket();
    sock.send({ type: 'claim-answerer', sessionId: 'nope' });
    const err = await sock.until(() => sock.messages.find((m) => m.type === 'error'), 'error');
    expect(err).toMatchObject({ code: 'NOT_FOUND' });
    sock.close();
  });
});
