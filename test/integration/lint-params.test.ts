// A client's arguments checked against what server-everything listed: tools/call against the tool's inputSchema and
// prompts/get against the prompt's required arguments, through the real relay, linted as the UI and CLI lint.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonSchemaValidator, lintFrames, type Finding } from '../../shared/lint/index.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { EVERYTHING_SERVER, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { SessionDriver } from '../helpers/session-driver.js';

const VERSION = '2025-11-25';
let relay: RelayHandle;
let frames: FrameRecord[];
let findings: Finding[];

const requestSeq = (id: number) => frames.find((f) => f.dir === 'out' && f.rpcId === String(id))!.seq;
const reply = (id: number) =>
  JSON.parse(frames.find((f) => f.dir === 'in' && f.rpcId === String(id))!.text) as { result?: { isError?: boolean }; error?: unknown };

beforeAll(async () => {
  relay = await startRelay();
  const d = await SessionDriver.open(relay, [process.execPath, EVERYTHING_SERVER, 'stdio'], VERSION);
  await d.request(1, 'initialize', { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 'lint-test', version: '1.0.0' } });
  d.notify('notifications/initialized');
  await d.request(2, 'tools/list');
  await d.request(3, 'tools/call', { name: 'echo', arguments: { message: 42 } });
  await d.request(4, 'tools/call', { name: 'echo', arguments: { message: 'hi' } });
  await d.request(5, 'prompts/list');
  await d.request(6, 'prompts/get', { name: 'args-prompt', arguments: { state: 'CA' } });
  await d.request(7, 'prompts/get', { name: 'args-prompt', arguments: { city: 'Oslo' } });
  frames = await d.stop();
  findings = lintFrames(frames, { transport: 'stdio', protocolVersion: VERSION, jsonSchemaValidator: new JsonSchemaValidator() });
}, 60_000);

afterAll(async () => {
  await relay?.stop();
});

describe('arguments linted against the lists the server sent', () => {
  it('flags the tools/call whose arguments fail the tool’s inputSchema, and only that one', () => {
    const mine = findings.filter((f) => f.ruleId === 'mcp/tool-arguments-schema');
    expect(mine.map((f) => f.seq)).toEqual([requestSeq(3)]);
    expect(mine[0]!.message).toMatch(/"echo".*inputSchema: message: .*string/);
    // The server agrees: it refused the call, as an isError result or an error.
    const r = reply(3);
    expect(r.error !== undefined || r.result?.isError === true).toBe(true);
    expect(reply(4).result?.isError).not.toBe(true);
  });

  it('flags the prompts/get that leaves out a required argument, and only that one', () => {
    const mine = findings.filter((f) => f.ruleId === 'mcp/prompt-arguments-missing');
    expect(mine.map((f) => f.seq)).toEqual([requestSeq(6)]);
    expect(mine[0]!.message).toBe('prompts/get "args-prompt" lacks required argument "city".');
    expect(reply(6).error).toBeDefined();
  });
});
