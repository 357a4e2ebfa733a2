// `mcpscope chat` run as a real process against scripted fake providers (test/fixtures/fake-openai.mjs,
// fake-anthropic.mjs: real HTTP on 127.0.0.1) and real MCP servers (server-everything over stdio and Streamable HTTP,
// the demo server): the two-step tool conversation with each call's frames, approval modes, the step limit, a tool's
// isError, a refused key and a rate limit, and Stop mid-stream and mid-call. No test calls a real provider.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Recorder } from '../../server/store/recorder.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitedAndRead } from '../helpers/run-cli.js';
import { BIN, DEMO_SERVER, EVERYTHING_SERVER, FIXTURES, waitFor } from '../helpers/relay-process.js';
import { EVERYTHING_ON_LOOPBACK, fixtureStarter, startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';
import { track } from '../helpers/child-sweep.js';

const KEY = 'sk-test-chat-key-0123456789abcdef';
const everything = ['--', process.execPath, EVERYTHING_SERVER, 'stdio'];
const demo = ['--', process.execPath, DEMO_SERVER];
const openai = fixtureStarter(join(FIXTURES, 'fake-openai.mjs'));
const anthropic = fixtureStarter(join(FIXTURES, 'fake-anthropic.mjs'));

interface ChatRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

interface Transcript {
  outcome: string;
  answer: string;
  error?: string;
  turns: {
    step: number;
    text: string;
    usage: { inputTokens: number; outputTokens: number } | null;
    latencyMs: number;
    toolCalls: {
      name: string;
      arguments: unknown;
      decision: string;
      isError: boolean;
      text: string;
      seqs: number[];
      result?: unknown;
      error?: { code: unknown };
    }[];
  }[];
  usage: { inputTokens: number; outputTokens: number };
}

function startChat(args: string[], env: Record<string, string> = { OPENAI_API_KEY: KEY, ANTHROPIC_API_KEY: KEY }) {
  const proc = track(spawn(process.execPath, [BIN, 'chat', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }));
  const run: ChatRun = { code: null, stdout: '', stderr: '' };
  proc.stdout.on('data', (c: Buffer) => (run.stdout += c.toString()));
  proc.stderr.on('data', (c: Buffer) => (run.stderr += c.toString()));
  const done = exitedAndRead(proc).then((code) => ({ ...run, code }));
  return { proc, done, stderr: () => run.stderr };
}

const chat = (args: string[], env?: Record<string, string>) => startChat(args, env).done;
const script = (steps: unknown[]) => ({ FAKE_MODEL_SCRIPT: JSON.stringify(steps) });
const openaiArgs = (fake: RemoteServer, more: string[] = []) => ['--provider', 'openai', '--base-url', fake.url('/v1'), '--model', 'm', '--json', ...more];
/** The bodies the fake was sent, in order. */
const requests = (fake: RemoteServer) => [...fake.output().matchAll(/^REQUEST \d+ (.*)$/gm)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);

let http: RemoteServer;
beforeAll(async () => {
  http = await startRemoteServer(EVERYTHING_ON_LOOPBACK, ['streamableHttp']);
});
afterAll(async () => {
  await http?.stop();
});

describe.concurrent('mcpscope chat', () => {
  it('runs a scripted two-step tool conversation on server-everything (stdio, streamed) and reports each call with its frames', async () => {
    const fake = await openai(
      script([
        { toolCalls: [{ name: 'get-sum', arguments: { a: 2, b: 3 } }] },
        { text: 'Let me echo it.', toolCalls: [{ name: 'echo', arguments: { message: 'five' } }] },
        { text: 'The sum is 5.' },
      ]),
    );
    const run = await chat([...openaiArgs(fake, ['--prompt', 'What is 2 + 3?', '--approve', 'read-only', '--lint']), ...everything]);
    expect(run.code, run.stderr).toBe(0);
    const t = JSON.parse(run.stdout) as Transcript;
    expect(t.outcome).toBe('answer');
    expect(t.answer).toBe('The sum is 5.');
    expect(t.turns.map((turn) => turn.toolCalls.map((c) => c.name))).toEqual([['get-sum'], ['echo'], []]);
    const [sum, echo] = [t.turns[0]!.toolCalls[0]!, t.turns[1]!.toolCalls[0]!];
    expect(sum).toMatchObject({ arguments: { a: 2, b: 3 }, decision: 'auto', isError: false, text: 'The sum of 2 and 3 is 5.' });
    expect(echo).toMatchObject({ decision: 'auto', isError: false, text: 'Echo: five' });
    // Each call is two frames of the session, the request then its response, later calls later in the log.
    expect(sum.seqs).toHaveLength(2);
    expect(sum.seqs[1]!).toBeGreaterThan(sum.seqs[0]!);
    expect(echo.seqs[0]!).toBeGreaterThan(sum.seqs[1]!);
    expect(t.turns.every((turn) => turn.usage !== null && turn.usage.inputTokens > 0 && turn.latencyMs >= 0)).toBe(true);
    expect(t.usage.inputTokens).toBe(t.turns.reduce((n, turn) => n + turn.usage!.inputTokens, 0));
    // The model saw the tools as functions, and each result came back to it as a tool message.
    const sent = requests(fake);
    expect(sent).toHaveLength(3);
    expect((sent[0]!.tools as { function: { name: string } }[]).map((f) => f.function.name)).toContain('get-sum');
    expect(sent[1]!.messages).toContainEqual({ role: 'tool', tool_call_id: 'call_1_1', content: 'The sum of 2 and 3 is 5.' });
    expect(sent[0]!.stream).toBe(true);
    // The linter read the frames: the tool calls are marked as the model's.
    expect(run.stderr).toMatch(/lint: \d+ frames/);
    expect(`${run.stdout}${run.stderr}`).not.toContain(KEY);
    expect(fake.output()).toContain(`AUTH 1 ${KEY}`);
  });

  it('drives server-everything over Streamable HTTP through the Anthropic Messages API, whole replies', async () => {
    const fake = await anthropic(script([{ text: 'Adding.', toolCalls: [{ name: 'get-sum', arguments: { a: 20, b: 22 } }] }, { text: 'It is 42.' }]));
    const run = await chat([
      '--provider',
      'anthropic',
      '--base-url',
      fake.url(''),
      '--model',
      'claude-test',
      '--json',
      '--no-stream',
      '--approve',
      'all',
      '--system',
      'Be brief.',
      '--prompt',
      'Add 20 and 22',
      '--url',
      http.url('/mcp'),
    ]);
    expect(run.code, run.stderr).toBe(0);
    const t = JSON.parse(run.stdout) as Transcript;
    expect(t).toMatchObject({ outcome: 'answer', answer: 'It is 42.' });
    expect(t.turns[0]!.toolCalls[0]).toMatchObject({ name: 'get-sum', decision: 'auto', text: 'The sum of 20 and 22 is 42.' });
    expect(t.turns[0]!.toolCalls[0]!.seqs).toHaveLength(2);
    const sent = requests(fake);
    expect(sent[0]).toMatchObject({ model: 'claude-test', system: 'Be brief.', max_tokens: 4096, stream: false });
    expect((sent[0]!.tools as { name: string; input_schema: unknown }[]).find((tool) => tool.name === 'get-sum')?.input_schema).toMatchObject({
      type: 'object',
    });
    // The tool's result goes back as a tool_result block in the next user message.
    expect(sent[1]!.messages).toContainEqual({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_1_1', content: 'The sum of 20 and 22 is 42.' }],
    });
    expect(fake.output()).toContain(`AUTH 1 ${KEY}`);
  });

  it('read-only approval runs read-only tools on their own and declines the rest without a terminal; all runs every call', async () => {
    const steps = [
      {
        toolCalls: [
          { name: 'echo', arguments: { message: 'hi' } },
          { name: 'toggle-simulated-logging', arguments: {} },
          { name: 'get-env', arguments: {} },
        ],
      },
      { text: 'Done.' },
    ];
    const [fakeRo, fakeAll] = await Promise.all([openai(script(steps)), openai(script(steps))]);
    const [ro, all] = await Promise.all([
      chat([...openaiArgs(fakeRo, ['--prompt', 'go', '--approve', 'read-only']), ...everything]),
      chat([...openaiArgs(fakeAll, ['--prompt', 'go', '--approve', 'all']), ...everything]),
    ]);
    expect(ro.code, ro.stderr).toBe(0);
    const calls = (JSON.parse(ro.stdout) as Transcript).turns[0]!.toolCalls;
    expect(calls.map((c) => [c.name, c.decision, c.seqs.length])).toEqual([
      ['echo', 'auto', 2],
      ['toggle-simulated-logging', 'declined', 0],
      ['get-env', 'auto', 2],
    ]);
    // The server was spawned without the provider's key: a tool that dumps its environment cannot hand it on.
    expect(calls[2]!.text).toContain('PATH');
    expect(calls[2]!.text).not.toContain(KEY);
    expect(requests(fakeRo)[1]!.messages).toContainEqual({ role: 'tool', tool_call_id: 'call_1_2', content: 'The user declined this tool call.' });
    expect(ro.stderr).toContain('no terminal to ask at');
    expect((JSON.parse(all.stdout) as Transcript).turns[0]!.toolCalls.map((c) => c.decision)).toEqual(['auto', 'auto', 'auto']);
  });

  it("answers the server's sampling request with the same model (--sampling model), its params honoured", async () => {
    const fake = await openai(
      script([
        { toolCalls: [{ name: 'trigger-sampling-request', arguments: { prompt: 'a haiku', maxTokens: 50 } }] },
        { text: 'Leaves fall softly' },
        { text: 'The server heard a haiku.' },
      ]),
    );
    const run = await chat([...openaiArgs(fake, ['--prompt', 'ask the server to sample', '--approve', 'all', '--sampling', 'model']), ...everything]);
    expect(run.code, run.stderr).toBe(0);
    const t = JSON.parse(run.stdout) as Transcript & { sampling: { approved: boolean; result: unknown }[] };
    expect(t.turns[0]!.toolCalls[0]).toMatchObject({ name: 'trigger-sampling-request', isError: false });
    expect(t.turns[0]!.toolCalls[0]!.text).toContain('Leaves fall softly');
    expect(t.sampling).toEqual([
      expect.objectContaining({
        approved: true,
        result: { role: 'assistant', content: { type: 'text', text: 'Leaves fall softly' }, model: 'm', stopReason: 'endTurn' },
      }),
    ]);
    // The sampling request reached the model as the server asked: its system prompt, maxTokens and message, no tools.
    const sampled = requests(fake)[1]!;
    expect(sampled).toMatchObject({
      max_tokens: 50,
      temperature: 0.7,
      messages: [
        { role: 'system', content: 'You are a helpful test server.' },
        { role: 'user', content: 'Resource trigger-sampling-request context: a haiku' },
      ],
    });
    expect(sampled.tools).toBeUndefined();
  });

  it('--record keeps the chat as a stored session whose model requests are model-exchange events (the model lane), the key in no file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcpscope-chat-record-'));
    const fake = await openai(
      script([
        { toolCalls: [{ name: 'trigger-sampling-request', arguments: { prompt: 'a haiku', maxTokens: 50 } }] },
        { text: 'Leaves fall softly' },
        { text: 'The server heard a haiku.' },
      ]),
    );
    const args = openaiArgs(fake, ['--prompt', 'ask the server to sample', '--approve', 'all', '--sampling', 'model', '--record', '--data-dir', dir]);
    const run = await chat([...args, ...everything]);
    expect(run.code, run.stderr).toBe(0);
    const t = JSON.parse(run.stdout) as Transcript & { session: string };
    expect(run.stderr).toContain(`recorded as session ${t.session}`);
    const recorder = new Recorder(dir);
    try {
      expect(recorder.getSession(t.session)).toMatchObject({ status: 'stopped' });
      const frames = recorder.readFrames(t.session, 0, 10_000);
      const exchanges = frames.filter((f) => f.method === 'model-exchange').map((f) => JSON.parse(f.text) as Record<string, unknown>);
      // Three model requests: the chat's first step, the server's sampling request, the chat's answer.
      expect(exchanges.map((e) => e.purpose)).toEqual(['chat', 'sampling', 'chat']);
      expect(exchanges[1]).toMatchObject({ provider: 'openai', status: 200, reply: { text: 'Leaves fall softly' } });
      expect(frames.some((f) => f.dir === 'out' && f.method === 'tools/call' && f.origin === 'model')).toBe(true);
    } finally {
      recorder.close();
    }
    for (const file of readdirSync(dir, { recursive: true, withFileTypes: true }))
      if (file.isFile()) expect(readFileSync(join(file.parentPath, file.name)).includes(KEY), file.name).toBe(false);
  });

  it('stops at the step limit with exit 3', async () => {
    const fake = await openai(script([{ toolCalls: [{ name: 'echo', arguments: { message: 'again' } }], loop: true }]));
    const run = await chat([...openaiArgs(fake, ['--prompt', 'loop', '--approve', 'all', '--max-steps', '2']), ...everything]);
    expect(run.code, run.stderr).toBe(3);
    const t = JSON.parse(run.stdout) as Transcript;
    expect(t.outcome).toBe('step-limit');
    expect(t.turns).toHaveLength(2);
    expect(run.stderr).toContain('the step limit (2 model requests) was reached');
  });

  it("hands a tool's isError result back to the model as an error (the demo server, whole replies)", async () => {
    const fake = await openai(script([{ toolCalls: [{ name: 'divide', arguments: { a: 1, b: 0 } }] }, { text: 'Cannot divide by zero.' }]));
    const run = await chat([...openaiArgs(fake, ['--prompt', '1/0', '--approve', 'all', '--no-stream']), ...demo]);
    expect(run.code, run.stderr).toBe(0);
    const call = (JSON.parse(run.stdout) as Transcript).turns[0]!.toolCalls[0]!;
    expect(call).toMatchObject({ name: 'divide', isError: true, result: { isError: true } });
    expect(call.seqs).toHaveLength(2);
    expect(requests(fake)[0]!.stream).toBe(false);
  });

  it('exits 4 under --lint --strict when a tool call the model asked for hit a protocol fault', async () => {
    const fake = await openai(script([{ toolCalls: [{ name: 'weather', arguments: { city: 'Paris' } }] }, { text: 'The weather tool failed.' }]));
    const run = await chat([
      ...openaiArgs(fake, ['--prompt', 'weather?', '--approve', 'all', '--strict']),
      '--',
      process.execPath,
      join(FIXTURES, 'faulty-server.mjs'),
      '--business-error-as-protocol-error',
    ]);
    expect(run.code, run.stderr).toBe(4);
    const t = JSON.parse(run.stdout) as Transcript;
    expect(t.outcome).toBe('answer');
    expect(t.turns[0]!.toolCalls[0]).toMatchObject({ name: 'weather', isError: true });
    expect(t.turns[0]!.toolCalls[0]!.error).toBeDefined();
    // The finding names the rule, and the frame is the model's.
    expect(run.stderr).toContain('mcp/tool-failure-channel');
  });

  it('says clearly when the provider refuses the key (401) or rate limits (429), exit 2', async () => {
    const [f401, f429, fAnthropic] = await Promise.all([
      openai(script([{ status: 401 }])),
      openai(script([{ status: 429 }])),
      anthropic(script([{ status: 401 }])),
    ]);
    const [r401, r429, rAnthropic] = await Promise.all([
      chat([...openaiArgs(f401, ['--prompt', 'hi']), ...everything]),
      chat([...openaiArgs(f429, ['--prompt', 'hi']), ...everything]),
      chat(['--provider', 'anthropic', '--base-url', fAnthropic.url(''), '--model', 'c', '--prompt', 'hi', ...everything]),
    ]);
    expect(r401.code).toBe(2);
    expect(r401.stderr).toMatch(/the openai provider refused the API key \(HTTP 401\): Incorrect API key provided\.; check the key/);
    expect(JSON.parse(r401.stdout)).toMatchObject({ outcome: 'model-error', turns: [] });
    expect(r429.code).toBe(2);
    expect(r429.stderr).toMatch(/rate limiting \(HTTP 429, retry after 20 s\).*nothing was lost/);
    expect(rAnthropic.code).toBe(2);
    expect(rAnthropic.stderr).toContain('the anthropic provider refused the API key (HTTP 401): invalid x-api-key');
    // No retry behind the person's back: one request each.
    expect(requests(f429)).toHaveLength(1);
    expect(`${r401.stderr}${r429.stderr}${rAnthropic.stderr}`).not.toContain(KEY);
  });

  it('refuses to start without a key, naming the variable', async () => {
    const run = await chat(['--provider', 'anthropic', '--model', 'c', '--prompt', 'hi', ...everything], { ANTHROPIC_API_KEY: '' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('no API key: set ANTHROPIC_API_KEY (or name another variable with --api-key-env)');
  });

  it('Ctrl-C mid-stream cancels the model stream; mid-call it cancels the tool call with notifications/cancelled', async () => {
    const [streaming, calling] = await Promise.all([
      openai(script([{ stall: true, text: 'Thinking about' }])),
      openai(script([{ toolCalls: [{ name: 'trigger-long-running-operation', arguments: { duration: 30, steps: 30 } }] }])),
    ]);
    const a = startChat([...openaiArgs(streaming, ['--prompt', 'think']), ...everything]);
    await streaming.waitOutput(/STALLED 1/, 30_000);
    a.proc.kill('SIGINT');
    const b = startChat([...openaiArgs(calling, ['--prompt', 'wait', '--approve', 'all', '--timeout', '60000']), ...everything]);
    await calling.waitOutput(/REQUEST 1/, 30_000);
    // The chat says on stderr when a tool call goes out.
    await waitFor(() => /step 1: calling trigger-long-running-operation/.test(b.stderr()), 'the tool call to go out', 30_000);
    b.proc.kill('SIGINT');
    const [ra, rb] = await Promise.all([a.done, b.done]);
    expect(ra.code).toBe(130);
    expect(JSON.parse(ra.stdout)).toMatchObject({ outcome: 'stopped' });
    await streaming.waitOutput(/CLIENT CLOSED 1/);
    expect(rb.code, rb.stderr).toBe(130);
    const t = JSON.parse(rb.stdout) as Transcript;
    expect(t.outcome).toBe('stopped');
    const call = t.turns[0]!.toolCalls[0]!;
    expect(call.error?.code).toBe('CANCELLED');
    // The request and the cancellation the Stop sent, in the session's own numbering.
    expect(call.seqs).toHaveLength(2);
    expect(requests(calling)).toHaveLength(1);
  });
});
