import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { WS_PATH, WS_PROTOCOL, WS_TOKEN_PREFIX, type SessionInfo } from '../../shared/relay-protocol.js';
import { BIN, startRelay, type RelayHandle } from '../helpers/relay-process.js';

let relay: RelayHandle;
beforeAll(async () => {
  relay = await startRelay();
});
afterAll(async () => {
  await relay.stop();
});

/** A raw HTTP request, so the Host header can be anything (fetch won't let a test forge it). */
function raw(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body?: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((ok, fail) => {
    const r = request({ host: '127.0.0.1', port: relay.port, path, method, headers, setHost: !('host' in headers) }, (res) => {
      let data = '';
      res.on('data', (c: Buffer) => (data += c.toString()));
      res.on('end', () => ok({ status: res.statusCode!, headers: res.headers, body: data }));
    });
    r.on('error', fail);
    r.end(body);
  });
}

function wsStatus(headers: Record<string, string>, protocols: string[]): Promise<number> {
  return new Promise((ok) => {
    const ws = new WebSocket(`ws://127.0.0.1:${relay.port}${WS_PATH}`, protocols, { headers });
    ws.on('open', () => {
      ws.close();
      ok(101);
    });
    ws.on('unexpected-response', (_req, res) => ok(res.statusCode ?? 0));
    ws.on('error', () => ok(-1));
  });
}

const auth = () => ({ authorization: `Bearer ${relay.token}` });
const goodWs = () => [WS_PROTOCOL, WS_TOKEN_PREFIX + relay.token];

describe('the token', () => {
  it('is required on every API route: 401 without it or with a wrong one', async () => {
    for (const path of ['/api/config', '/api/sessions', '/api/sessions/x/frames', '/api/nope']) {
      expect((await raw(path, {})).status).toBe(401);
      expect((await raw(path, { authorization: 'Bearer wrong-token' })).status).toBe(401);
    }
    const wrongSameLength = relay.token.slice(0, -1) + (relay.token.endsWith('A') ? 'B' : 'A');
    expect((await raw('/api/config', { authorization: `Bearer ${wrongSameLength}` })).status).toBe(401);
    expect((await raw('/api/config', auth())).status).toBe(200);
  });

  it('is required on the WebSocket upgrade', async () => {
    expect(await wsStatus({}, [WS_PROTOCOL])).toBe(401);
    expect(await wsStatus({}, [WS_PROTOCOL, `${WS_TOKEN_PREFIX}wrong`])).toBe(401);
    expect(await wsStatus({}, goodWs())).toBe(101);
  });

  it('is printed only in the URL fragment, which browsers never send to a server', () => {
    expect(relay.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=/);
    expect(relay.url.split('#')[0]).not.toContain(relay.token);
  });
});

describe('the Host allow-list (DNS rebinding)', () => {
  it('answers 403 to a foreign Host on the UI, the API and the WebSocket', async () => {
    for (const host of [`evil.example:${relay.port}`, `attacker.127.0.0.1.nip.io:${relay.port}`, '127.0.0.1:1']) {
      expect((await raw('/', { host })).status).toBe(403);
      expect((await raw('/api/config', { host, ...auth() })).status).toBe(403);
      expect(await wsStatus({ host }, goodWs())).toBe(403);
    }
    expect((await raw('/api/config', { host: `localhost:${relay.port}`, ...auth() })).status).toBe(200);
  });
});

describe('the Origin allow-list (CSRF)', () => {
  it('answers 403 to a foreign Origin on the API and the WebSocket, even with the token', async () => {
    const origin = 'http://evil.example';
    expect((await raw('/api/sessions', { origin, ...auth(), 'content-type': 'application/json' }, 'POST', '{}')).status).toBe(403);
    expect(await wsStatus({ origin }, goodWs())).toBe(403);
    expect(await wsStatus({ origin: `http://127.0.0.1:${relay.port}` }, goodWs())).toBe(101);
    expect((await raw('/api/config', { origin: `http://localhost:${relay.port}`, ...auth() })).status).toBe(200);
  });
});

describe('spawning', () => {
  it('never starts a process from URL parameters', async () => {
    const before = (await relay.api<SessionInfo[]>('/api/sessions')).body.length;
    const q = '?command=touch&args=/tmp/pwned&transport=stdio&target=touch';
    expect((await raw(`/${q}`, {})).status).toBe(200);
    expect((await raw(`/api/sessions${q}`, auth(), 'POST')).status).toBe(400);
    expect((await raw(`/api/sessions${q}`, { ...auth(), 'content-type': 'application/x-www-form-urlencoded' }, 'POST', 'command=touch')).status).toBe(400);
    expect((await relay.api<SessionInfo[]>('/api/sessions')).body.length).toBe(before);
  });
});

describe('response headers', () => {
  it('sends a CSP that forbids framing and foreign scripts, and nosniff', async () => {
    const res = await raw('/', {});
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('binding', () => {
  it('listens on 127.0.0.1 only', () => {
    // /proc/net/tcp lists listening sockets (state 0A) as hex ADDR:PORT; 0100007F is 127.0.0.1.
    const portHex = relay.port.toString(16).toUpperCase().padStart(4, '0');
    const listening = [readFileSync('/proc/net/tcp', 'utf8'), readFileSync('/proc/net/tcp6', 'utf8')]
      .join('\n')
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((cols) => cols[3] === '0A' && cols[1]?.endsWith(`:${portHex}`))
      .map((cols) => cols[1]);
    expect(listening).toEqual([`0100007F:${portHex}`]);
  });

  it('refuses a non-loopback --host unless --allow-remote is given', () => {
    const r = spawnSync(process.execPath, [BIN, '--host', '0.0.0.0', '--no-open', '--port', '0'], { encoding: 'utf8', timeout: 10_000 });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('--allow-remote');
  });

  it('prints the address it actually bound: --host ::1 gives http://[::1]:<port>/, which answers', async () => {
    const proc = spawn(process.execPath, [BIN, '--host', '::1', '--no-open', '--port', '0', '--data-dir', mkdtempSync(join(tmpdir(), 'mcpscope-test-'))], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
      const url = await new Promise<string>((ok, fail) => {
        proc.stdout.on('data', () => {
          const m = /ready: (\S+)/.exec(out);
          if (m?.[1]) ok(m[1]);
        });
        proc.once('exit', (code) => fail(new Error(`relay exited with ${code}: ${out}`)));
      });
      expect(url).toMatch(/^http:\/\/\[::1\]:\d+\/#token=/);
      expect((await fetch(url.split('#')[0]!)).status).toBe(200);
    } finally {
      proc.kill('SIGKILL');
    }
  });
});
