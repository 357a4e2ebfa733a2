// `mcpscope call` run as a real process against the demo server, server-everything (stdio, Streamable HTTP, legacy SSE)
// and scripted fixtures: exit codes, output, --lint, --raw and --batch. Each test runs its own processes, which mostly
// wait on a server: the tests run side by side (describe.concurrent).
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, DEMO_SERVER, EVERYTHING_SERVER, FIXTURES } from '../helpers/relay-process.js';
import { EVERYTHING_ON_LOOPBACK, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';

interface CallRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI as a real process: `node bin/mcpscope.js call ...args`. */
function call(args: string[]): Promise<CallRun> {
  const proc = spawn(process.execPath, [BIN, 'call', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => proc.on('close', (code) => resolve({ code, stdout, stderr })));
}

const demo = ['--', process.execPath, DEMO_SERVER];
const everything = ['--', process.execPath, EVERYTHING_SERVER, 'stdio'];
const toolNames = (run: CallRun) => (JSON.parse(run.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name);

let http: RemoteServer;
let sse: RemoteServer;
beforeAll(async () => {
  [http, sse] = await Promise.all([startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp']), startRemoteServer(EVERYTHING_ON_LOOPBACK, ['sse'])]);
});
afterAll(async () => {
  await Promise.all([http?.stop(), sse?.stop()]);
});

describe.concurrent('mcpscope call over stdio', () => {
  it('prints the tools of server-everything as JSON and exits 0', async () => {
    const run = await call(['--method', 'tools/list', ...everything]);
    expect(run.code).toBe(0);
    expect(toolNames(run)).toEqual(expect.arrayContaining(['echo', 'get-sum']));
  });

  it('follows a tool called as a task: each status on stderr, then the task’s result from tasks/result on stdout', async () => {
    const params = { name: 'simulate-research-query', arguments: { topic: 'from the CLI' }, task: { ttl: 60_000 } };
    const run = await call(['--method', 'tools/call', '--params', JSON.stringify(params), ...everything]);
    expect(run.code).toBe(0);
    const result = JSON.parse(run.stdout) as { content: Array<{ text: string }>; _meta: Record<string, { taskId: string }> };
    expect(result.content[0]!.text).toContain('from the CLI');
    const taskId = result._meta['io.modelcontextprotocol/related-task']!.taskId;
    expect(run.stderr).toContain(`the server created task ${taskId}`);
    expect(run.stderr).toMatch(new RegExp(`task ${taskId}: working`));
    expect(run.stderr).toContain(`task ${taskId}: completed`);
  });

  it('with --answers for sampling, declares tasks: the server lists its async sampling tool and runs it through a client task', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-tasks-'));
    const answers = join(dir, 'answers.json');
    writeFileSync(answers, JSON.stringify({ sampling: { text: 'scripted for {{messageCount}} message(s)' } }));
    const listed = await call(['--method', 'tools/list', '--answers', answers, ...everything]);
    expect(listed.code).toBe(0);
    expect(toolNames(listed)).toContain('trigger-sampling-request-async');
    const run = await call([
      '--method',
      'tools/call',
      '--params',
      '{"name":"trigger-sampling-request-async","arguments":{"prompt":"hi"}}',
      '--answers',
      answers,
      ...everything,
    ]);
    expect(run.code).toBe(0);
    const text = (JSON.parse(run.stdout) as { content: Array<{ text: string }> }).content[0]!.text;
    expect(text).toContain('[COMPLETED]');
    expect(text).toContain('scripted for 1 message(s)');
  });

  it('sends ping, which the official CLI cannot, and prints its empty result', async () => {
    const run = await call(['--method', 'ping', ...demo]);
    expect(run).toMatchObject({ code: 0 });
    expect(JSON.parse(run.stdout)).toEqual({});
  });

  it('exits 1 for a JSON-RPC error, with the error and its code on stdout and an explanation on stderr', async () => {
    const run = await call(['--method', 'acme/unknown', '--params', '{"x":1}', ...demo]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ error: { code: -32601 } });
    expect(run.stderr).toMatch(/acme\/unknown was answered with error -32601 \(Method not found\), sent by the server/);
  });

  it("exits 5 when the tool answers with isError: true, the result on stdout and the tool's own words on stderr", async () => {
    const run = await call(['--method', 'tools/call', '--params', '{"name":"divide","arguments":{"a":1,"b":0}}', '--no-list', ...demo]);
    expect(run.code, run.stderr).toBe(5);
    expect(JSON.parse(run.stdout)).toMatchObject({ isError: true, content: [{ type: 'text', text: 'Cannot divide 1 by zero.' }] });
    expect(run.stderr).toMatch(/the tool reported an error \(isError: true\): "Cannot divide 1 by zero."; exit 5/);
    // The same tool without the error, and a method whose result is not a tool's, keep exit 0.
    const fine = await call(['--method', 'tools/call', '--params', '{"name":"divide","arguments":{"a":1,"b":2}}', '--no-list', ...demo]);
    expect(fine.code, fine.stderr).toBe(0);
  });

  it('keeps exit 5 with --lint when no finding fails the call, and prints the lint summary', async () => {
    const run = await call(['--method', 'tools/call', '--params', '{"name":"divide","arguments":{"a":1,"b":0}}', '--no-list', '--lint', ...demo]);
    expect(run.code, run.stderr).toBe(5);
    expect(run.stderr).toMatch(/lint: \d+ frames/);
  });

  it('exits 2 for a usage error and says what is wrong', async () => {
    const noTarget = await call(['--method', 'ping']);
    expect(noTarget.code).toBe(2);
    expect(noTarget.stderr).toMatch(/say which server/);
    const badEra = await call(['--method', 'ping', '--era', 'future', ...demo]);
    expect(badEra.code).toBe(2);
    expect(badEra.stderr).toMatch(/--era must be one of legacy, modern, auto/);
    expect(badEra.stdout).toBe('');
  });

  it('exits 2 when the server command does not exist', async () => {
    const run = await call(['--method', 'ping', '--', join(FIXTURES, 'no-such-server')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/ENOENT/);
  });

  it('exits 3 when the reply takes longer than --timeout, calling the timeout local', async () => {
    const run = await call(['--method', 'tools/call', '--params', '{"name":"slow_count","arguments":{"steps":3,"delayMs":1000}}', '--timeout', '300', ...demo]);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/tools\/call \(id 3\): no response after 300 ms \[REQUEST_TIMEOUT, made locally/);
  });

  it('calls a demo tool with params and prints its result, structured content included; lists the tools first for tools/call, says so on stderr, and skips that with --no-list', async () => {
    const params = ['--params', '{"name":"get_weather","arguments":{"location":"Oslo"}}'];
    const [listed, bare] = await Promise.all([
      call(['--method', 'tools/call', ...params, ...demo]),
      call(['--method', 'tools/call', ...params, '--no-list', ...demo]),
    ]);
    for (const run of [listed, bare]) {
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout)).toMatchObject({ structuredContent: { location: 'Oslo', units: 'celsius' } });
    }
    expect(listed.stderr).toMatch(/listed the tools first \(\d+ in 1 page\) for their schemas; --no-list skips this/);
    expect(bare.stderr).toBe('');
  });

  it('with --lint reports a timed-out request as unanswered: exit 3, or 4 under --strict', async () => {
    const slow = ['--method', 'tools/call', '--params', '{"name":"slow_count","arguments":{"steps":3,"delayMs":1000}}', '--timeout', '300', '--lint'];
    const [lax, strict] = await Promise.all([call([...slow, ...demo]), call([...slow, '--strict', ...demo])]);
    for (const run of [lax, strict]) {
      expect(run.stderr).toMatch(/no response after 300 ms \[REQUEST_TIMEOUT/);
      const findings = run.stderr
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { ruleId: string; message: string });
      expect(findings).toContainEqual(
        expect.objectContaining({
          ruleId: 'jsonrpc/unanswered-request',
          message: expect.stringMatching(/tools\/call \(id 3\) from the client was never answered/),
        }),
      );
    }
    expect([lax.code, strict.code]).toEqual([3, 4]);
  });

  it('prints progress on stderr with --progress, and the result once it is done', async () => {
    const run = await call(['--method', 'tools/call', '--params', '{"name":"slow_count","arguments":{"steps":2,"delayMs":50}}', '--progress', ...demo]);
    expect(run.code).toBe(0);
    expect(run.stderr.match(/progress \{"progressToken":3,"progress":\d/g)).toHaveLength(2);
    expect(JSON.parse(run.stdout)).toMatchObject({ content: [{ text: 'Counted to 2 with 50 ms between steps.' }] });
  });

  it('lints every frame with --lint, and exits 4 under --strict when a finding is a warning or an error', async () => {
    const noisy = ['--', process.execPath, join(FIXTURES, 'scripted-server.mjs'), '--noise'];
    const lax = await call(['--method', 'tools/list', '--lint', ...noisy]);
    expect(lax.code).toBe(0);
    const finding = lax.stderr.split('\n').find((l) => l.startsWith('{'));
    expect(JSON.parse(finding!)).toMatchObject({
      ruleId: 'framing/stdout-noise',
      severity: 'error',
      seq: expect.any(Number),
      message: expect.stringMatching(/not an MCP message/),
    });
    const strict = await call(['--method', 'tools/list', '--lint', '--strict', ...noisy]);
    expect(strict.code).toBe(4);
    expect(JSON.parse(strict.stdout)).toMatchObject({ tools: [{ name: 'echo' }] });
  });
});

describe.concurrent('mcpscope call --raw and --batch', () => {
  it('sends invalid JSON as is and says that nothing came back when the server drops it', async () => {
    const run = await call(['--raw', '{"jsonrpc":"2.0","id":9,', '--timeout', '500', ...demo]);
    expect(run.code).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/nothing came back within 500 ms/);
  });

  it('prints each reply to a raw frame as a JSON line, and stops as soon as the request in it is answered', async () => {
    const run = await call(['--raw', '{"jsonrpc":"2.0","id":"r","method":"ping"}', '--timeout', '20000', ...demo]);
    expect(run.code).toBe(0);
    expect(
      run.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([{ seq: expect.any(Number), kind: 'response', message: { jsonrpc: '2.0', id: 'r', result: {} } }]);
  });

  it('correlates a batch element by element: all missing when a stdio server drops batches', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-batch-')), 'batch.json');
    writeFileSync(
      file,
      JSON.stringify([
        { jsonrpc: '2.0', id: 10, method: 'ping' },
        { jsonrpc: '2.0', method: 'notifications/roots/list_changed' },
      ]),
    );
    const run = await call(['--batch', file, '--timeout', '500', ...demo]);
    expect(run.code).toBe(3);
    expect(JSON.parse(run.stdout)).toMatchObject({
      elements: [
        { index: 0, id: 10, method: 'ping', status: 'missing', response: 'missing' },
        { index: 1, status: 'notification' },
      ],
      replyShape: 'none',
      summary: { requests: 1, answered: 0, missing: 1 },
    });
  });

  it('correlates a batch element by element when the server answers it (Streamable HTTP)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-batch-')), 'batch.json');
    writeFileSync(
      file,
      JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'tools/list' },
        { jsonrpc: '2.0', id: 'b', method: 'ping' },
      ]),
    );
    const run = await call(['--batch', file, '--url', http.url('/mcp'), '--transport', 'http']);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as { elements: { id: string; status: string; response: { result: unknown } }[]; summary: unknown };
    expect(out.elements.map((e) => [e.id, e.status])).toEqual([
      ['a', 'answered'],
      ['b', 'answered'],
    ]);
    expect(out.elements[1]!.response.result).toEqual({});
    expect(out.summary).toMatchObject({ requests: 2, answered: 2, missing: 0, unexpected: 0 });
  });
});

describe.concurrent('mcpscope call --url', () => {
  it('prints the tools of server-everything over Streamable HTTP', async () => {
    const run = await call(['--method', 'tools/list', '--url', http.url('/mcp')]);
    expect(run.code).toBe(0);
    expect(toolNames(run)).toContain('echo');
  });

  it('prints the tools of server-everything over legacy HTTP+SSE', async () => {
    const run = await call(['--method', 'tools/list', '--url', sse.url('/sse')]);
    expect(run.code).toBe(0);
    expect(toolNames(run)).toContain('echo');
  });

  it('calls a tool with params over Streamable HTTP', async () => {
    const run = await call([
      '--method',
      'tools/call',
      '--params',
      '{"name":"echo","arguments":{"message":"over HTTP"}}',
      '--url',
      http.url('/mcp'),
      '--transport',
      'http',
    ]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ content: [{ type: 'text', text: 'Echo: over HTTP' }] });
  });

  it('exits 2 when nothing listens at the URL, saying so', async () => {
    const run = await call(['--method', 'ping', '--url', 'http://127.0.0.1:1/mcp']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/connection refused/);
  });
});
