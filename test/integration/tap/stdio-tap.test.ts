// mcpscope tap between a real host (the MCP SDK's stdio client, or the test writing raw bytes) and server-everything.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, pidAlive, waitFor } from '../../helpers/relay-process.js';
import { EVERYTHING, connectClient, readTapped, startTap, tapArgs } from '../../helpers/tap-process.js';

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'mcpscope-tap-'));
  dirs.push(d);
  return d;
}
afterAll(() => {
  dirs.length = 0;
});

/** The same conversation a host would have: every kind of request server-everything answers deterministically. */
async function converse(client: Client) {
  const tools = await client.listTools();
  const echo = await client.callTool({ name: 'echo', arguments: { message: 'through the tap ✓' } });
  const sum = await client.callTool({ name: 'get-sum', arguments: { a: 2, b: 40 } });
  const prompts = await client.listPrompts();
  const prompt = await client.getPrompt({ name: 'simple-prompt' });
  const templates = await client.listResourceTemplates();
  return { server: client.getServerVersion(), capabilities: client.getServerCapabilities(), tools, echo, sum, prompts, prompt, templates };
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('mcpscope tap (stdio)', () => {
  it('gives a real SDK client the same results as a direct connection, and records every frame', async () => {
    const direct = await connectClient(EVERYTHING);
    const expected = await converse(direct.client);
    await direct.client.close();

    const dataDir = tempDir();
    const tapped = await connectClient([process.execPath, ...tapArgs(dataDir, EVERYTHING)]);
    const got = await converse(tapped.client);
    await tapped.client.close();
    expect(got).toEqual(expected);

    const [rec] = await waitFor(() => {
      const all = readTapped(dataDir);
      return all.length === 1 && all[0]!.session.endedAt !== null ? all : undefined;
    }, 'the tapped session to end');
    const { session, frames } = rec!;
    expect(session.name).toBe(`tap: node index.js stdio`);
    // The host's version, as the server answered it: the inspector lints the log with it.
    expect(session.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
    const out = frames.filter((f) => f.dir === 'out');
    const answers = frames.filter((f) => f.dir === 'in' && f.kind === 'response');
    // initialize, six requests; every one answered, in the store with its method and id.
    expect(out.filter((f) => f.kind === 'request').map((f) => f.method)).toEqual([
      'initialize',
      'tools/list',
      'tools/call',
      'tools/call',
      'prompts/list',
      'prompts/get',
      'resources/templates/list',
    ]);
    expect(out.some((f) => f.kind === 'notification' && f.method === 'notifications/initialized')).toBe(true);
    expect(answers).toHaveLength(7);
    expect(answers.find((f) => f.text.includes('"Echo: through the tap ✓"'))).toBeDefined();
    const events = frames.filter((f) => f.kind === 'event').map((f) => f.method);
    expect(events).toEqual(expect.arrayContaining(['tap-started', 'spawned', 'exited']));
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i + 1));
  });

  it('passes the bytes of each direction unchanged, odd ones included, and records them exactly', async () => {
    const dataDir = tempDir();
    const teeDir = tempDir();
    const tap = startTap(dataDir, [process.execPath, join(FIXTURES, 'byte-tee.mjs'), teeDir, '--', ...EVERYTHING]);
    const lines: Buffer[] = [
      Buffer.from(
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw-host","version":"0"}}}\n',
      ),
      Buffer.from('{"jsonrpc":"2.0","method":"notifications/initialized"}\n'),
      // Not UTF-8, not JSON, CRLF and a large frame: a shim that decodes or re-frames anything changes these.
      Buffer.concat([Buffer.from('{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":"'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('"}}\n')]),
      Buffer.from('this is not json\n'),
      Buffer.from('{"jsonrpc":"2.0","id":3,"method":"ping"}\r\n'),
      Buffer.from(`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"echo","arguments":{"message":"${'x'.repeat(300_000)}"}}}\n`),
      Buffer.from('{"jsonrpc":"2.0","id":5,"method":"tools/list"}\n'),
    ];
    const sent = Buffer.concat(lines);
    // Written in pieces that cut frames (and a multi-byte character) anywhere.
    for (let at = 0; at < sent.length;) {
      const n = Math.min(sent.length - at, 1 + ((at * 7919) % 65_521));
      tap.proc.stdin.write(sent.subarray(at, at + n));
      at += n;
    }
    await waitFor(() => /"id":5[,}]/.test(Buffer.concat(tap.stdout).toString()), 'the answer to the last request', 20_000);
    tap.proc.stdin.end();
    const exit = await tap.exited;
    expect(exit).toEqual({ code: 0, signal: null });

    const received = Buffer.concat(tap.stdout);
    expect(sha(readFileSync(join(teeDir, 'to-server.bin')))).toBe(sha(sent));
    expect(sha(readFileSync(join(teeDir, 'from-server.bin')))).toBe(sha(received));

    const { frames } = readTapped(dataDir)[0]!;
    const bytesOf = (f: { text: string; b64?: string }) => (f.b64 !== undefined ? Buffer.from(f.b64, 'base64') : Buffer.from(f.text));
    const recordedOut = frames.filter((f) => f.dir === 'out').map((f) => Buffer.concat([bytesOf(f), Buffer.from('\n')]));
    const recordedIn = frames.filter((f) => f.dir === 'in' && f.kind !== 'stderr').map((f) => Buffer.concat([bytesOf(f), Buffer.from('\n')]));
    expect(sha(Buffer.concat(recordedOut))).toBe(sha(sent));
    expect(sha(Buffer.concat(recordedIn))).toBe(sha(received));
    expect(frames.find((f) => f.dir === 'out' && f.b64 !== undefined)?.rpcId).toBe('2');
  });

  it('exits with the code of the server', async () => {
    const tap = startTap(tempDir(), [process.execPath, '-e', 'process.exit(7)']);
    expect(await tap.exited).toEqual({ code: 7, signal: null });
  });

  it('dies of the signal that killed the server', async () => {
    const tap = startTap(tempDir(), [process.execPath, '-e', "process.kill(process.pid, 'SIGTERM')"]);
    expect(await tap.exited).toEqual({ code: null, signal: 'SIGTERM' });
  });

  it('exits 127 and says why on stderr when the server command does not exist', async () => {
    const tap = startTap(tempDir(), ['/nonexistent/mcp-server']);
    expect(await tap.exited).toEqual({ code: 127, signal: null });
    expect(tap.stderr()).toContain('mcpscope tap: cannot start /nonexistent/mcp-server');
    expect(Buffer.concat(tap.stdout).length).toBe(0);
  });

  it('takes the server and its children down when the host closes stdin, even a server that ignores it and SIGTERM', async () => {
    const dataDir = tempDir();
    const tap = startTap(dataDir, [process.execPath, join(FIXTURES, 'scripted-server.mjs'), '--stubborn', '--grandchild'], ['--grace', '200']);
    const kid = Number(await waitFor(() => /grandchild (\d+)/.exec(tap.stderr())?.[1], 'the grandchild to start'));
    await waitFor(() => tap.stderr().includes('stubborn'), 'the server to ignore SIGTERM');
    const server: number = await waitFor(() => readTapped(dataDir)[0]?.session.pid ?? undefined, 'the server pid in the store');
    expect(pidAlive(server) && pidAlive(kid)).toBe(true);
    tap.proc.stdin.end();
    // SIGTERM is ignored, so SIGKILL ends it, and the tap dies of the same signal.
    expect(await tap.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await waitFor(() => !pidAlive(server) && !pidAlive(kid), 'the server and its child to be gone');
    const { session, frames } = readTapped(dataDir)[0]!;
    expect(session.status).toBe('stopped');
    const signals = frames.filter((f) => f.kind === 'event' && f.text.includes('signal-sent')).map((f) => (JSON.parse(f.text) as { signal: string }).signal);
    expect(signals).toEqual(['SIGTERM', 'SIGKILL']);
  });

  it('keeps serving the host when the store cannot be opened, and says so on stderr', async () => {
    const parent = tempDir();
    writeFileSync(join(parent, 'a-file'), '');
    // A data dir under a regular file cannot be created, whoever runs the test (root included).
    const { client, stderr } = await connectClient([process.execPath, ...tapArgs(join(parent, 'a-file', 'data'), EVERYTHING)]);
    const echo = await client.callTool({ name: 'echo', arguments: { message: 'still here' } });
    expect(JSON.stringify(echo)).toContain('still here');
    await client.close();
    expect(stderr()).toMatch(/mcpscope tap: recording stopped \(.*\); the server's traffic still passes through unchanged/);
  });

  it('records nothing of a usage error and exits 2', async () => {
    const dataDir = tempDir();
    mkdirSync(dataDir, { recursive: true });
    const tap = startTap(dataDir, []);
    expect((await tap.exited).code).toBe(2);
    expect(tap.stderr()).toContain('expected the server command after --');
  });
});
