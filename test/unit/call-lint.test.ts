// The --strict decision shared by `mcpscope lint` and `call --lint`, and how a call's timeout is linted.
import { describe, expect, it } from 'vitest';
import { framesForLint, strictCallExit } from '../../server/call/call-lint.js';
import { failsStrict, lintExitCode } from '../../server/cli/lint-output.js';
import { messageFrame } from '../../server/core/frame-factory.js';
import { lintFrames, type Finding } from '../../shared/lint/index.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';

const finding = (severity: Finding['severity']): Finding => ({ ruleId: 'jsonrpc/unanswered-request', severity, seq: 1, message: 'm', related: [] }) as Finding;

function frames(...messages: ['out' | 'in', unknown][]): FrameRecord[] {
  return messages.map(([dir, m], i) => ({ seq: i + 1, ts: 1000 + i, ...messageFrame(dir, Buffer.from(JSON.stringify(m))) }));
}

describe('--strict', () => {
  it('fails on a warning or an error, never on info', () => {
    expect(['error', 'warning', 'info'].map((s) => failsStrict(finding(s as Finding['severity'])))).toEqual([true, true, false]);
    expect(lintExitCode([finding('info'), finding('warning')], true)).toBe(4);
    expect(lintExitCode([finding('info')], true)).toBe(0);
    expect(lintExitCode([finding('error')], false)).toBe(0);
  });

  it("replaces a result, an error response, a timeout or a tool's isError with 4 in a call, but not a usage or transport error", () => {
    expect([0, 1, 3, 5, 2].map((code) => strictCallExit(code, [finding('warning')], true))).toEqual([4, 4, 4, 4, 2]);
    expect([0, 1, 3, 5].map((code) => strictCallExit(code, [finding('warning')], false))).toEqual([0, 1, 3, 5]);
    expect(strictCallExit(3, [finding('info')], true)).toBe(3);
  });
});

describe('a call that timed out', () => {
  const init = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  };
  const initOk = { jsonrpc: '2.0', id: 1, result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } };
  const session = frames(
    ['out', init],
    ['in', initOk],
    ['out', { jsonrpc: '2.0', method: 'notifications/initialized' }],
    ['out', { jsonrpc: '2.0', id: 2, method: 'ping' }],
    ['out', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'timed out' } }],
  );
  const rules = (fs: FrameRecord[]) => lintFrames(fs, { transport: 'stdio' }).map((f) => [f.ruleId, f.seq]);

  it('is linted without the cancellation its timeout sent, so the request is reported unanswered', () => {
    expect(framesForLint(session).map((f) => f.seq)).toEqual([1, 2, 3, 4]);
    expect(rules(framesForLint(session))).toContainEqual(['jsonrpc/unanswered-request', 4]);
    // The full transcript says the client cancelled, which on its own is no finding at all.
    expect(rules(session).map(([id]) => id)).not.toContain('jsonrpc/unanswered-request');
  });

  it('keeps a cancellation sent for any other reason', () => {
    const user = frames(['out', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2, reason: 'user' } }]);
    expect(framesForLint(user)).toHaveLength(1);
  });
});
