// Every fault of test/fixtures/faulty-server.mjs, run through the real relay and linted from the recorded frames.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonSchemaValidator, lintFrames, type Finding } from '../../shared/lint/index.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { FIXTURES, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { runLint } from '../helpers/lint-cli.js';
import { SessionDriver } from '../helpers/session-driver.js';

const FAULTY = join(FIXTURES, 'faulty-server.mjs');

/** Each option of the fixture and the rule ids its session must produce, nothing more. */
const FAULTS: readonly (readonly [string, readonly string[]])[] = [
  ['--noise', ['framing/stdout-noise']],
  ['--bad-utf8', ['framing/invalid-utf8']],
  ['--oversize', ['framing/oversize']],
  ['--not-object', ['jsonrpc/not-object']],
  ['--no-jsonrpc', ['jsonrpc/missing-version']],
  ['--wrong-version', ['jsonrpc/wrong-version']],
  ['--method-not-string', ['jsonrpc/method-not-string']],
  ['--reserved-method', ['jsonrpc/reserved-method', 'mcp/unknown-method']],
  ['--params-not-structured', ['jsonrpc/params-not-structured']],
  ['--invalid-id-type', ['jsonrpc/invalid-id-type']],
  ['--null-id-request', ['jsonrpc/null-id']],
  ['--fractional-id', ['jsonrpc/fractional-id']],
  ['--result-and-error', ['jsonrpc/result-and-error']],
  ['--no-result-or-error', ['jsonrpc/no-result-or-error']],
  ['--string-error-code', ['jsonrpc/error-object-shape']],
  ['--reserved-error-code', ['jsonrpc/reserved-error-code']],
  ['--validation-error-as-32603', ['jsonrpc/invalid-params-as-internal-error']],
  ['--respond-to-notification', ['jsonrpc/response-to-notification']],
  ['--unmatched-response', ['jsonrpc/unmatched-response']],
  ['--duplicate-response', ['jsonrpc/duplicate-response']],
  ['--unanswered', ['jsonrpc/unanswered-request']],
  ['--id-reused-in-flight', ['jsonrpc/id-reused-in-flight']],
  ['--empty-batch', ['jsonrpc/empty-batch']],
  ['--empty-batch-reply', ['jsonrpc/notification-batch-answered']],
  ['--batch-missing-response', ['jsonrpc/batch-missing-response']],
  ['--batch-separate-replies', ['jsonrpc/batch-reply-not-array']],
  ['--request-before-initialized', ['mcp/request-before-initialized']],
  ['--unknown-protocol-version', ['mcp/unknown-protocol-version']],
  ['--method-not-in-version', ['mcp/method-not-in-version']],
  ['--unknown-method', ['mcp/unknown-method']],
  ['--old-version-new-fields', ['mcp/field-not-in-version']],
  ['--capability-not-declared', ['mcp/capability-not-declared']],
  ['--sampling-without-capability', ['mcp/capability-not-declared']],
  ['--tool-without-input-schema', ['mcp/result-schema']],
  ['--bad-structured-content', ['mcp/structured-content-schema']],
  ['--progress-unknown-token', ['mcp/progress-unknown-token']],
  ['--progress-after-response', ['mcp/progress-after-response']],
  ['--progress-not-increasing', ['mcp/progress-not-increasing']],
  ['--business-error-as-protocol-error', ['mcp/tool-failure-channel']],
  ['--error-code-not-in-version', ['mcp/error-code-not-in-version']],
  ['--batch-not-in-version', ['mcp/batch-not-in-version']],
];

/** Faults that need batches, which only 2025-03-26 has; every other session offers 2025-11-25. */
const BATCH_FAULTS = new Set(['--empty-batch-reply', '--batch-missing-response', '--batch-separate-replies']);

interface Outcome {
  frames: FrameRecord[];
  findings: Finding[];
}

/** A correct client's session: handshake, tools/list, two tool calls (one with progress), ping, and batches in 2025-03-26. */
async function clientSession(relay: RelayHandle, option: string | null): Promise<Outcome> {
  const version = option !== null && BATCH_FAULTS.has(option) ? '2025-03-26' : '2025-11-25';
  const d = await SessionDriver.open(relay, [process.execPath, FAULTY, ...(option ? [option] : [])], version);
  const clientInfo = { name: 'lint-test', version: '1.0.0' };
  await d.request(1, 'initialize', { protocolVersion: version, capabilities: { roots: { listChanged: true } }, clientInfo });
  d.notify('notifications/initialized');
  // A reply to a notification is recognised by following it; give it the chance before the next request goes out.
  if (option === '--respond-to-notification') await d.waitFor((f) => f.dir === 'in' && f.kind === 'response' && f.rpcId === null, 2_000);
  await d.request(2, 'tools/list');
  await d.request(3, 'tools/call', { name: 'weather', arguments: { city: 'Paris' } });
  await d.request(4, 'tools/call', { name: 'echo', arguments: { text: 'hi' }, _meta: { progressToken: 'p1' } });
  await d.request(5, 'ping', undefined, option === '--unanswered' ? 300 : 5_000);
  if (version === '2025-03-26') {
    d.raw(JSON.stringify([{ jsonrpc: '2.0', method: 'notifications/roots/list_changed' }]));
    if (option === '--empty-batch-reply') await d.waitFor((f) => f.dir === 'in' && f.text === '[]', 2_000);
    d.raw(JSON.stringify([{ jsonrpc: '2.0', id: 6, method: 'ping' }, { jsonrpc: '2.0', id: 7, method: 'ping' }]));
    await d.waitFor((f) => f.dir === 'in' && f.text.includes('"id":7'), 2_000);
  }
  // Let late messages (progress after the response, answers to the server's requests) land before stopping.
  await new Promise((r) => setTimeout(r, 150));
  const frames = await d.stop();
  return { frames, findings: lintFrames(frames, { transport: 'stdio', protocolVersion: version, jsonSchemaValidator: new JsonSchemaValidator() }) };
}

let relay: RelayHandle;
const outcomes = new Map<string, Outcome>();

beforeAll(async () => {
  // A small framing cap, so --oversize needs only a 100 KB line.
  relay = await startRelay({ args: ['--max-line-bytes', '65536'] });
  const queue: (string | null)[] = [null, ...FAULTS.map(([o]) => o)];
  const worker = async () => {
    for (let o = queue.shift(); o !== undefined; o = queue.shift()) outcomes.set(o ?? 'none', await clientSession(relay, o));
  };
  await Promise.all(Array.from({ length: 6 }, worker));
});

afterAll(async () => {
  await relay?.stop();
});

const ruleSet = (findings: readonly Finding[]) => [...new Set(findings.map((f) => f.ruleId))].sort();

describe('the faulty fixture through the real relay', () => {
  it('produces no findings at all when it commits no fault', () => {
    expect(outcomes.get('none')!.findings).toEqual([]);
  });

  it.each(FAULTS)('with %s is caught by exactly %j', (option, rules) => {
    const { findings, frames } = outcomes.get(option)!;
    expect(ruleSet(findings), JSON.stringify(findings, null, 1)).toEqual([...rules].sort());
    // Every finding points at a frame that was really recorded.
    const seqs = new Set(frames.map((f) => f.seq));
    for (const f of findings) expect(seqs.has(f.seq)).toBe(true);
  });
});

describe('mcpscope lint over a transcript the relay recorded', () => {
  it('finds the same faults in the JSONL of a session’s frames, and --strict exits 4', async () => {
    const { frames, findings } = outcomes.get('--duplicate-response')!;
    const path = join(mkdtempSync(join(tmpdir(), 'mcpscope-faults-')), 'session.jsonl');
    writeFileSync(path, frames.map((f) => JSON.stringify(f)).join('\n'));
    const r = await runLint(['--strict', '--protocol', '2025-11-25', path]);
    expect(r.code).toBe(4);
    expect(r.lines.map((l) => [l.ruleId, l.seq])).toEqual(findings.map((f) => [f.ruleId, f.seq]));
  });
});

