// The relay's listener before its app exists (server/relay/start-gate.ts): requests and WebSocket upgrades that come
// before the app is built are held, none answered, and then reach the app in the order they came, on a real listener.
import { once } from 'node:events';
import { request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { StartGate } from '../../../server/relay/start-gate.js';

let gate: StartGate | null = null;
afterEach(async () => {
  gate?.server.closeAllConnections();
  if (gate?.server.listening) await new Promise((ok) => gate!.server.close(ok));
  gate = null;
});

async function listening(): Promise<{ gate: StartGate; port: number }> {
  gate = new StartGate();
  gate.server.listen(0, '127.0.0.1');
  await once(gate.server, 'listening');
  return { gate, port: (gate.server.address() as AddressInfo).port };
}

/** A POST with a body, answered with what the app said. */
function post(port: number, path: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method: 'POST' }, (res: IncomingMessage) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => ok({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', fail);
    req.end(body);
  });
}

describe('the relay listener before its app', () => {
  it('holds requests and an upgrade that come early, then gives them to the app in arrival order, bodies whole', async () => {
    const { gate, port } = await listening();
    const arrived: string[] = [];
    gate.server.on('request', (req: IncomingMessage) => arrived.push(req.url ?? ''));
    const answers = [post(port, '/first', 'one'), post(port, '/second', 'two')];
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const hello = once(ws, 'message') as Promise<[Buffer]>;
    let upgraded = false;
    gate.server.on('upgrade', () => (upgraded = true));
    // Both requests reached the server (the listener saw them) and the upgrade too, yet nothing has answered.
    await expect.poll(() => arrived.length).toBe(2);
    await expect.poll(() => upgraded).toBe(true);
    expect(ws.readyState).toBe(WebSocket.CONNECTING);

    const served: string[] = [];
    const wss = new WebSocketServer({ noServer: true });
    gate.open(
      (req, res) => {
        let body = '';
        req.on('data', (c: Buffer) => (body += c.toString()));
        req.on('end', () => {
          served.push(req.url ?? '');
          res.end(`${req.url} got ${body}`);
        });
      },
      (server: Server) => server.on('upgrade', (req, socket, head) => wss.handleUpgrade(req, socket, head, (c) => c.send('hello from the app'))),
    );
    expect(await Promise.all(answers)).toEqual([
      { status: 200, text: '/first got one' },
      { status: 200, text: '/second got two' },
    ]);
    expect(served).toEqual(['/first', '/second']);
    expect((await hello)[0].toString()).toBe('hello from the app');
    ws.close();
    // After it opened, a request goes straight to the app.
    expect(await post(port, '/later', 'three')).toEqual({ status: 200, text: '/later got three' });
    wss.close();
  });

  it('gives a request to the app when the front throws on it, and keeps listening', async () => {
    const { gate, port } = await listening();
    gate.front((req) => {
      if (req.url === '/boom') throw new Error('a front that failed');
      return false;
    });
    const errors: unknown[] = [];
    const log = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const early = post(port, '/boom', 'x');
      await new Promise((r) => setTimeout(r, 50));
      gate.open(
        (req, res) => res.end(`app answered ${req.url}`),
        () => undefined,
      );
      expect(await early).toEqual({ status: 200, text: 'app answered /boom' });
      expect(await post(port, '/after', 'y')).toEqual({ status: 200, text: 'app answered /after' });
      expect(errors).toHaveLength(1);
    } finally {
      console.error = log;
    }
  });

  it('leaves exactly one upgrade listener once open, so an upgrade is handled once', async () => {
    const { gate } = await listening();
    expect(gate.server.listenerCount('upgrade')).toBe(1);
    gate.open(
      () => undefined,
      (server) => server.on('upgrade', () => undefined),
    );
    expect(gate.server.listenerCount('upgrade')).toBe(1);
  });
});
