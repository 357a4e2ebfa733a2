// curl.sh for a legacy HTTP+SSE session, run for real with bash and curl against server-everything in sse mode: the
// script must open the event stream, read the endpoint it announces and POST the frames there.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { EVERYTHING_ON_LOOPBACK, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { openRemoteSession } from '../helpers/remote-session.js';
import { exitedAndRead } from '../helpers/run-cli.js';

let server: RemoteServer;
let relay: RelayHandle;

beforeAll(async () => {
  [server, relay] = await Promise.all([startRemoteServer(EVERYTHING_ON_LOOPBACK, ['sse']), startRelay()]);
}, 60_000);
afterAll(async () => {
  await relay?.stop();
  await server?.stop();
});

function runScript(path: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn('bash', [path], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MCPSCOPE_WAIT_SECONDS: '20' } });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    p.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    void exitedAndRead(p).then((code) => resolve({ code, stdout, stderr }));
  });
}

describe('curl.sh of a legacy HTTP+SSE session', () => {
  for (const transport of ['sse', 'auto'] as const) {
    it(`opens the event stream, POSTs to the endpoint it names and gets the tool list back (recorded with ${transport})`, async () => {
      const s = await openRemoteSession(relay, { transport, url: server.url('/sse') });
      const connected = await s.waitEvent('connected');
      await s.handshake('2024-11-05');
      const list = await s.request(2, 'tools/list');
      expect(list.body.result.tools.map((t: { name: string }) => t.name)).toContain('echo');
      await s.request(3, 'tools/call', { name: 'echo', arguments: { message: 'from curl.sh' } });
      s.sock.close();

      const res = await fetch(`${relay.base}/api/sessions/${s.sid}/repro/curl.sh`, { headers: { authorization: `Bearer ${relay.token}` } });
      expect(res.status).toBe(200);
      const script = await res.text();
      const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-curl-')), 'curl.sh');
      writeFileSync(file, script);
      const run = await runScript(file);
      expect(run.stderr).not.toContain('no answer');
      expect(run.code).toBe(0);
      // A fresh endpoint from this run's stream, not the recorded one.
      const endpoint = /^# endpoint: (\S+)$/m.exec(run.stdout)?.[1];
      expect(endpoint).toMatch(new RegExp(`^${server.url('/message')}\\?sessionId=`));
      expect(endpoint).not.toBe(connected.endpoint);
      const events = run.stdout.slice(run.stdout.indexOf('event: endpoint'));
      const answers = events
        .split('\n')
        .filter((l) => l.startsWith('data: {'))
        .map((l) => JSON.parse(l.slice(6)) as { id?: number; result?: { tools?: Array<{ name: string }>; content?: Array<{ text: string }> } });
      expect(answers.find((a) => a.id === 1)?.result).toMatchObject({ protocolVersion: '2024-11-05' });
      expect(answers.find((a) => a.id === 2)?.result?.tools?.map((t) => t.name)).toContain('echo');
      expect(answers.find((a) => a.id === 3)?.result?.content?.[0]?.text).toBe('Echo: from curl.sh');
    }, 90_000);
  }
});
