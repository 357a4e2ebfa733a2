// One severity per event: the same hostile replies to a fault preset go through lint (the shared Linter over the
// frames), the lab (gradeFault + judgeVerdict, which `call --fault` uses too) and check (its robustness result), and all
// three must cost the same: error → fail, warning → warn, info or nothing → pass.
import { describe, expect, it } from 'vitest';
import { faultPreset, gradeFault, judgeVerdict, PRESET_SENTENCES, FAULT_PRESETS, type FaultReply } from '../../../shared/fault-lab/index.js';
import { lintFrames, JsonSchemaValidator, type Severity } from '../../../shared/lint/index.js';
import type { FrameRecord } from '../../../shared/relay-protocol.js';
import { robustnessResult } from '../../../server/check/robustness-checks.js';
import { messageFrame } from '../../../server/core/frame-factory.js';
import { hostRebindingAnswered } from '../../../shared/check/http-checks.js';
import { unknownToolAnswered } from '../../../shared/check/tool-checks.js';
import { statusOf } from '../../../shared/check/check-types.js';
import { handshake, http, j, lint as lintPairs } from '../lint/frames.js';

const ID = 5;
const VERSION = '2025-11-25';
const HANDSHAKE = [
  ['out', `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"${VERSION}","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`],
  ['in', `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"${VERSION}","capabilities":{"tools":{}},"serverInfo":{"name":"hostile","version":"1"}}}`],
  ['out', '{"jsonrpc":"2.0","method":"notifications/initialized"}'],
] as const;

const frame = (seq: number, dir: 'in' | 'out', text: string): FrameRecord => ({
  seq,
  ts: seq,
  ...messageFrame(dir, Buffer.from(text), dir === 'out' ? 'lab' : undefined),
});
const STATUS: Record<string, string> = { error: 'fail', warning: 'warn', info: 'pass', none: 'pass' };
const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

/** The three verdicts on one exchange: the preset's frame, then the server's replies (none: silence). */
function grade(presetId: string, replies: string[]) {
  const preset = faultPreset(presetId)!;
  const payload = preset.build({ id: ID, protocolVersion: VERSION });
  const sent = 'text' in payload ? payload.text : '';
  const frames = [...HANDSHAKE.map(([dir, text], i) => frame(i + 1, dir, text)), frame(4, 'out', sent), ...replies.map((text, i) => frame(5 + i, 'in', text))];
  const replySeqs = new Set(replies.map((_, i) => 5 + i));
  // What lint says about the server: its reply frames, and the preset's request left unanswered (mcpscope's own frame
  // is otherwise mcpscope's fault, as check leaves it out).
  const findings = lintFrames(frames, { transport: 'stdio', protocolVersion: VERSION, jsonSchemaValidator: new JsonSchemaValidator() }).filter(
    (f) => replySeqs.has(f.seq) || (f.seq === 4 && f.ruleId === 'jsonrpc/unanswered-request'),
  );
  const lint = findings.reduce<Severity | 'none'>((worst, f) => (worst === 'none' || RANK[f.severity] > RANK[worst] ? f.severity : worst), 'none');
  const toReplies: FaultReply[] = replies.map((text) => {
    try {
      return { text, value: JSON.parse(text) as unknown };
    } catch {
      return { text };
    }
  });
  const verdict = gradeFault(preset.expect, sent, toReplies, { protocolVersion: VERSION });
  const lab = judgeVerdict(presetId, verdict).severity ?? 'none';
  const check = robustnessResult(
    preset,
    { verdict },
    { id: `robustness/${presetId}`, group: 'robustness', title: preset.title, session: 'robustness', fix: '', frames: [] },
  );
  return { lint, lab, check: check.status, keyword: check.spec.keyword, outcome: verdict.outcome, rules: findings.map((f) => f.ruleId) };
}

const OOPS = `{"jsonrpc":"2.0","id":${ID},"error":{"code":"oops"}}`;
/** preset, what the hostile server sends back, and the one status all three must give. */
const CASES: [preset: string, replies: string[], status: 'fail' | 'warn' | 'pass'][] = [
  ['wrong-jsonrpc', [OOPS], 'fail'],
  ['unknown-method', [OOPS], 'fail'],
  ['second-initialize', [OOPS], 'fail'],
  ['unknown-method', [], 'fail'],
  ['crlf', [], 'fail'],
  ['rpc-method', [`{"jsonrpc":"2.0","id":${ID},"error":{"code":-32601,"message":"Method not found"}}`], 'pass'],
  ['unknown-method', [`{"jsonrpc":"2.0","id":${ID},"error":{"code":-32600,"message":"Invalid Request"}}`], 'pass'],
  ['invalid-json', [], 'pass'],
  ['invalid-json', [`{"jsonrpc":"2.0","id":${ID},"error":{"code":-32700,"message":"Parse error"}}`], 'fail'],
  ['wrong-jsonrpc', [`{"jsonrpc":"2.0","id":${ID},"result":{}}`], 'pass'],
  ['null-id', [], 'pass'],
  ['embedded-newline', [], 'pass'],
  ['cancel-unknown', ['{"jsonrpc":"2.0","id":null,"error":{"code":-32601,"message":"Method not found"}}'], 'fail'],
  ['notification-with-id', ['starting up, please wait'], 'fail'],
];

describe('one severity per event: lint, the fault lab and check', () => {
  it.each(CASES)('grades %s answered with %j the same way in all three', (preset, replies, status) => {
    const g = grade(preset, replies);
    expect({ preset, lint: STATUS[g.lint], lab: STATUS[g.lab], check: g.check, rules: g.rules }).toEqual({
      preset,
      lint: status,
      lab: status,
      check: status,
      rules: g.rules,
    });
  });

  it("takes check's keyword from the preset's own sentence: the MUST-level 403 for a foreign Origin and 400 for a wrong MCP-Protocol-Version fail", () => {
    const served = (id: string) =>
      robustnessResult(
        faultPreset(id)!,
        { verdict: { outcome: 'deviates', explanation: 'Accepted it (200 OK)' } },
        { id, group: 'robustness', title: id, session: 'robustness', fix: '', frames: [] },
      );
    expect([served('http-origin-foreign').status, served('http-origin-foreign').spec.keyword]).toEqual(['fail', 'MUST']);
    expect([served('http-protocol-version-wrong').status, served('http-protocol-version-wrong').spec.keyword]).toEqual(['fail', 'MUST']);
    expect([served('http-session-missing').status, served('http-session-missing').spec.keyword]).toEqual(['warn', 'SHOULD']);
    expect([served('http-accept-missing').status, served('http-accept-missing').detail]).toEqual(['pass', expect.stringMatching(/^info \(no keyword\)/)]);
  });

  it('has a sentence for every preset, and lint-backed ones quote their rule', () => {
    expect(FAULT_PRESETS.map((p) => p.id).filter((id) => PRESET_SENTENCES[id] === undefined)).toEqual([]);
    expect(PRESET_SENTENCES['http-origin-foreign']).toMatchObject({ keyword: 'MUST', rule: 'http/foreign-origin-accepted' });
  });

  it("grades a server that died on a preset as an error, whatever the preset's own sentence", () => {
    expect(judgeVerdict('invalid-json', { outcome: 'died', explanation: 'exited' })).toMatchObject({ severity: 'error', sentence: { keyword: 'MUST' } });
    expect(judgeVerdict('invalid-json', { outcome: 'no-reply', local: true, explanation: 'not sent' }).severity).toBeNull();
  });

  it("grades check's keyword-free results as lint does: an unknown tool answered with a result, and a foreign Host served, are info", () => {
    const worst = (fs: { severity: Severity; ruleId: string }[], rule: string) => fs.filter((f) => f.ruleId === rule).map((f) => f.severity);
    const unknown = lintPairs([
      ...handshake('2025-11-25'),
      ['out', j({ id: 2, method: 'tools/list' })],
      ['in', j({ id: 2, result: { tools: [{ name: 'echo', inputSchema: { type: 'object' } }] } })],
      ['out', j({ id: 3, method: 'tools/call', params: { name: 'mcpscope-check-no-such-tool', arguments: {} } })],
      ['in', j({ id: 3, result: { content: [{ type: 'text', text: 'no such tool' }], isError: true } })],
    ]);
    expect(worst(unknown, 'mcp/unknown-tool-as-result')).toEqual(['info']);
    const result = { content: [{ type: 'text', text: 'no such tool' }], isError: true };
    const asked = { response: null, result, error: null, malformedError: null, failure: null, frames: [5] };
    const tool = unknownToolAnswered(asked);
    expect([STATUS.info, statusOf(tool, 'ok' in tool ? (tool.spec?.keyword ?? 'silent') : 'silent'), 'ok' in tool && tool.detail]).toEqual([
      'pass',
      'pass',
      expect.stringMatching(/^info \(no keyword\): .*lint mcp\/unknown-tool-as-result \(info\)$/),
    ]);
    const host = lintPairs([http({ headers: [['Host', 'rebinding.mcpscope.invalid:3001']], body: handshake('2025-11-25')[0]![1], status: 200 })], {
      transport: 'http',
    });
    expect(worst(host, 'http/foreign-host-accepted')).toEqual(['info']);
    const served = hostRebindingAnswered({ status: 200, statusText: 'OK', error: null });
    expect([statusOf(served, 'ok' in served ? (served.spec?.keyword ?? 'silent') : 'silent'), 'ok' in served && served.spec?.quote]).toEqual([
      'pass',
      expect.stringContaining('(lint: http/foreign-host-accepted)'),
    ]);
    // Silence, or no HTTP answer, is still a problem (the request was owed an answer).
    expect(statusOf(unknownToolAnswered({ ...asked, result: null, failure: 'timed out' }), 'silent')).toBe('warn');
    expect(statusOf(hostRebindingAnswered({ status: null, statusText: '', error: 'ECONNREFUSED' }), 'silent')).toBe('warn');
  });
});
