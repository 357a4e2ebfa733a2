// No false findings on HTTP answers the transport spec allows, against real servers on 127.0.0.1: an OAuth 401 with an
// RFC 6750 JSON body, and a 2025 server's 400 whose JSON-RPC error has no id (to a 2026 request, and to a request sent
// before the handshake).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVERYTHING_ON_LOOPBACK, REMOTE_FIXTURE, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { runCli } from '../helpers/run-cli.js';

let fixture: RemoteServer;
let everything: RemoteServer;
beforeAll(async () => {
  [fixture, everything] = await Promise.all([startRemoteServer(REMOTE_FIXTURE), startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp'])]);
}, 60_000);
afterAll(async () => {
  await Promise.all([fixture?.stop(), everything?.stop()]);
});

/** `call --lint`: the exit code, and the lint summary and findings it printed on stderr. */
async function linted(args: string[]) {
  const run = await runCli(['call', '--lint', ...args]);
  const findings = run.stderr
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { ruleId: string });
  const summary = /lint: (\d+) frames, (\d+) findings/.exec(run.stderr);
  return { run, findings: findings.map((f) => f.ruleId), frames: Number(summary?.[1]), total: Number(summary?.[2]) };
}

describe('call --lint on HTTP answers the transport allows', () => {
  it('finds nothing in an OAuth 401 with a challenge and an RFC 6750 body: no malformed frame, nothing unanswered', async () => {
    const { run, findings, frames, total } = await linted(['--method', 'ping', '--url', fixture.url('/oauth')]);
    expect(run.code, run.stderr).toBe(2);
    expect(frames).toBeGreaterThan(0);
    expect({ findings, total }).toEqual({ findings: [], total: 0 });
  }, 60_000);

  it('finds nothing in a 2025 server’s 400 with an id-less error to a 2026 request: that error is its answer', async () => {
    const { run, findings, total } = await linted(['--era', 'modern', '--method', 'tools/list', '--url', everything.url('/mcp')]);
    // The server's own error, printed and exited 1 on: it answered, the call did not wait for a timeout.
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/sent by the server/);
    expect({ findings, total }).toEqual({ findings: [], total: 0 });
  }, 60_000);

  it('finds only the client’s own early request when a 400 refuses it with an id-less error, not the refusal', async () => {
    // --no-handshake: tools/list goes out first, which the server refuses ("Server not initialized") with id null.
    const { run, findings } = await linted(['--no-handshake', '--method', 'tools/list', '--url', everything.url('/mcp')]);
    expect(run.code, run.stderr).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ error: { message: expect.stringMatching(/not initialized/i) } });
    expect(findings).toEqual(['mcp/request-before-initialize']);
  }, 60_000);
});
