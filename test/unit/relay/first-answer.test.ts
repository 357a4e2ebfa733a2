// The start's front (server/relay/first-answer.ts) on a real listener (server/relay/start-gate.ts): before the app
// exists it answers GET /api/config and the built page's files, with the relay's security headers, only when the
// guard's checks pass; a request it must not answer (a wrong token, Host or Origin, another path or method, a path
// that leaves the page's folder) waits and reaches the app, as before.
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { firstAnswer } from '../../../server/relay/first-answer.js';
import { SecurityGuard } from '../../../server/relay/security.js';
import { StartGate } from '../../../server/relay/start-gate.js';
import type { RelayConfig } from '../../../shared/relay-protocol.js';

const TOKEN = 'a-token-of-the-launch-0123456789';
const WEB = mkdtempSync(join(tmpdir(), 'mcpscope-first-answer-'));
mkdirSync(join(WEB, 'assets'));
writeFileSync(join(WEB, 'index.html'), '<!doctype html><title>page</title>');
writeFileSync(join(WEB, 'assets', 'index-abc.js'), 'console.log(1)');
writeFileSync(join(WEB, 'assets', 'data.bin'), 'not a type the page uses');
writeFileSync(join(WEB, 'secret.txt'), 'outside what the page asks for');
let gate: StartGate | null = null;
afterEach(async () => {
  gate?.server.closeAllConnections();
  if (gate?.server.listening) await new Promise((ok) => gate!.server.close(ok));
  gate = null;
});

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  text: string;
}

function get(port: number, path: string, headers: Record<string, string>, method = 'GET'): Promise<Answer> {
  return new Promise((ok, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => ok({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', fail);
    req.end();
  });
}

async function fronted() {
  gate = new StartGate();
  gate.server.listen(0, '127.0.0.1');
  await once(gate.server, 'listening');
  const port = (gate.server.address() as AddressInfo).port;
  const guard = new SecurityGuard({ token: TOKEN, host: '127.0.0.1', port: () => port });
  const holds: number[] = [];
  const config = { version: '0.0.0-test', launchSessionId: 'launch-1' } as unknown as RelayConfig;
  return { gate, port, holds, front: firstAnswer({ guard, config: () => config, holdBackground: (ms) => holds.push(ms), webRoot: WEB }) };
}

describe('the first answer, before the app', () => {
  it('answers GET /api/config (also one held before the front came) with the config and the security headers', async () => {
    const { gate, port, holds, front } = await fronted();
    const good = { host: `127.0.0.1:${port}`, authorization: `Bearer ${TOKEN}` };
    const arrived = once(gate.server, 'request');
    const early = get(port, '/api/config', good);
    // The server has it (held: nothing answers yet) before the front comes.
    await arrived;
    gate.front(front);
    for (const a of [await early, await get(port, '/api/config?x=1', { ...good, origin: `http://localhost:${port}` })]) {
      expect(a.status).toBe(200);
      expect(a.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(a.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
      expect(a.headers['x-frame-options']).toBe('DENY');
      expect(JSON.parse(a.text)).toEqual({ version: '0.0.0-test', launchSessionId: 'launch-1' });
    }
    expect(holds).toEqual([1500, 1500]);
  });

  it("serves the built page's HTML and files with the app's types and headers, without the token but with the Host check", async () => {
    const { gate, port, holds, front } = await fronted();
    gate.front(front);
    const host = `127.0.0.1:${port}`;
    const html = await get(port, '/', { host });
    expect(html.status).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(html.text).toBe('<!doctype html><title>page</title>');
    const js = await get(port, '/assets/index-abc.js?v=1', { host });
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(js.text).toBe('console.log(1)');
    expect(holds).toEqual([2000]);
    const refused: Array<[string, Record<string, string>]> = [
      ['/', { host: 'evil.example:80' }],
      ['/assets/index-abc.js', { host, origin: 'http://evil.example' }],
      ['/assets/../secret.txt', { host }],
      ['/assets/%2e%2e%2fsecret.txt', { host }],
      ['/assets/.hidden', { host }],
      ['/secret.txt', { host }],
      ['/assets/data.bin', { host }],
      ['/assets/missing.js', { host }],
    ];
    const answers = refused.map(([path, headers]) => get(port, path, headers));
    let arrived = 0;
    gate.server.on('request', () => arrived++);
    await expect.poll(() => arrived).toBe(refused.length);
    gate.open(
      (_req, res) => res.end('the app'),
      () => undefined,
    );
    for (const a of await Promise.all(answers)) expect(a.text).toBe('the app');
  });

  it('leaves to the app, in order, what the guard would refuse or what is not the config read', async () => {
    const { gate, port, front } = await fronted();
    gate.front(front);
    const host = `127.0.0.1:${port}`;
    const bearer = `Bearer ${TOKEN}`;
    const asks: Array<[string, Record<string, string>, string?]> = [
      ['/api/config', { host }],
      ['/api/config', { host, authorization: 'Bearer wrong-token-wrong-token-wrong' }],
      ['/api/config', { host: 'evil.example:80', authorization: bearer }],
      ['/api/config', { host, authorization: bearer, origin: 'http://evil.example' }],
      ['/api/config', { host, authorization: bearer, 'sec-fetch-site': 'cross-site' }],
      ['/api/config/', { host, authorization: bearer }],
      ['/api/sessions', { host, authorization: bearer }],
      ['/api/config', { host, authorization: bearer }, 'POST'],
    ];
    const answers = asks.map(([path, headers, method]) => get(port, path, headers, method));
    const arrived: string[] = [];
    gate.server.on('request', (req: IncomingMessage) => arrived.push(`${req.method} ${req.url} ${req.headers.host}`));
    await expect.poll(() => arrived.length).toBe(asks.length);
    const reached: string[] = [];
    gate.open(
      (req, res) => {
        reached.push(`${req.method} ${req.url} ${req.headers.host}`);
        res.end('the app');
      },
      () => undefined,
    );
    for (const a of await Promise.all(answers)) expect(a.text).toBe('the app');
    expect(reached).toEqual(arrived);
  });
});
