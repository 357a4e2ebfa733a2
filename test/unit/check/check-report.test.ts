import { describe, expect, it } from 'vitest';
import { frameLinkOf } from '../../../web/lib/ui/use-frame-link.js';
import { argumentsFor, checkExitCode, frameLink, checkMarkdown, terminalSummary, type CheckReport, type CheckResult } from '../../../shared/check/index.js';
import { parseCheckArgs } from '../../../server/check/check-args.js';
import { UsageError } from '../../../server/cli/flags.js';
import { checkResult } from './check-result.js';

const result = (id: string, status: CheckResult['status'], detail = 'seen'): CheckResult => checkResult(id, status, { detail });

const report = (results: CheckResult[]): CheckReport => ({
  target: 'node s.js',
  transport: 'stdio',
  protocolVersion: '2025-11-25',
  startedAt: '2026-12-01T00:00:00Z',
  sessions: [{ name: 'check', frames: 9 }],
  results,
});

describe('the check report', () => {
  it('exits 1 only when a check failed: warnings and skips pass a run', () => {
    expect(checkExitCode([result('lifecycle/ping', 'pass'), result('tools/unknown-tool', 'warn'), result('http/origin-403', 'skip')])).toBe(0);
    expect(checkExitCode([result('lifecycle/ping', 'pass'), result('http/origin-403', 'fail')])).toBe(1);
  });

  it('prints a summary grouped by group, with the sentence and the fix under a failure', () => {
    const text = terminalSummary(report([result('lifecycle/ping', 'pass'), result('http/origin-403', 'fail', 'got 200')]));
    expect(text).toContain('  FAIL  http/origin-403  got 200 [check #3, #4]');
    expect(text).toContain('spec (MUST): "servers MUST respond with HTTP 403 Forbidden" — transports');
    expect(text).toContain('fix: Answer 403.');
    expect(text.trim().split('\n').at(-1)).toBe('2 checks: 1 passed, 1 failed, 0 warned, 0 skipped');
  });

  it('writes Markdown with a table and a section per problem, and escapes pipes', () => {
    const md = checkMarkdown(report([result('lifecycle/ping', 'pass'), result('http/origin-403', 'fail', 'a | b')]));
    expect(md).toContain('| FAIL | `http/origin-403` | a \\| b | check #3, #4 |');
    expect(md).toContain('## FAIL `http/origin-403`: http/origin-403 title');
    expect(md).not.toContain('## PASS');
  });

  it('links a problem to its first frame when its connection was recorded, and says nothing of links when none was', () => {
    const recorded = { ...report([result('http/origin-403', 'fail')]), sessions: [{ name: 'check', frames: 9, id: 'mk1-ab' }] };
    expect(frameLink(recorded, recorded.results[0]!)).toBe('#session=mk1-ab&seq=3');
    expect(terminalSummary(recorded)).toContain('open: <inspector URL>#session=mk1-ab&seq=3');
    expect(terminalSummary(recorded)).toContain('recorded: check → session mk1-ab');
    expect(checkMarkdown(recorded)).toContain('Frames: open `#session=mk1-ab&seq=3` in the inspector.');
    const bare = report([result('http/origin-403', 'fail')]);
    expect(frameLink(bare, bare.results[0]!)).toBeNull();
    expect(terminalSummary(bare)).not.toMatch(/#session=|recorded:/);
  });
});

describe('inspector deep links', () => {
  it('name a session and a frame, and ignore what is not one', () => {
    expect(frameLinkOf('#token=t&session=mk1-ab&seq=12')).toEqual({ sessionId: 'mk1-ab', seq: 12 });
    expect(frameLinkOf('#session=mk1-ab')).toEqual({ sessionId: 'mk1-ab', seq: null });
    expect(frameLinkOf('#session=mk1-ab&seq=-2')).toEqual({ sessionId: 'mk1-ab', seq: null });
    expect(frameLinkOf('#session=../x')).toBeNull();
    expect(frameLinkOf('#token=t')).toBeNull();
  });
});

describe('made-up tool arguments', () => {
  it('fill each required property from its default, enum, bounds or type, and leave optional ones out', () => {
    const schema = {
      type: 'object',
      properties: {
        n: { type: 'integer', minimum: 3 },
        unit: { enum: ['c', 'f'] },
        name: { type: 'string', minLength: 10 },
        on: { type: 'boolean' },
        when: { type: 'string', format: 'date' },
        list: { type: 'array', items: { type: 'number' }, minItems: 1 },
        opt: { type: 'string' },
        d: { type: 'number', default: 7 },
      },
      required: ['n', 'unit', 'name', 'on', 'when', 'list', 'd'],
    };
    expect(argumentsFor(schema)).toEqual({ n: 3, unit: 'c', name: 'mcpscopexx', on: true, when: '2026-01-01', list: [1], d: 7 });
  });
});

describe('check arguments', () => {
  it('takes a server, outputs and a tool policy', () => {
    const o = parseCheckArgs(['--json', '--junit', 'out.xml', '--allow-tools', 'a,b', '--only', 'lifecycle,http/origin-403', '--', 'node', 's.js']);
    expect(o).toMatchObject({
      output: 'json',
      junit: 'out.xml',
      allowTools: ['a', 'b'],
      only: ['lifecycle', 'http/origin-403'],
      robustness: false,
      target: { transport: 'stdio', command: 'node', args: ['s.js'] },
    });
    expect(parseCheckArgs(['--url', 'http://127.0.0.1:1/mcp']).robustness).toBe(true);
  });

  it('refuses an unknown check id, both outputs at once, and no server', () => {
    expect(() => parseCheckArgs(['--only', 'nope', '--', 'node'])).toThrow(/--only takes check ids or groups/);
    expect(() => parseCheckArgs(['--json', '--markdown', '-', '--', 'node'])).toThrow(UsageError);
    expect(() => parseCheckArgs(['--markdown', '--', 'node'])).toThrow(/--markdown takes a file to write the job summary to \(or - for stdout\), got "--"/);
    expect(parseCheckArgs(['--markdown', 'summary.md', '--', 'node'])).toMatchObject({ markdown: 'summary.md', output: 'summary' });
    expect(parseCheckArgs(['--markdown', '-', '--', 'node'])).toMatchObject({ markdown: null, output: 'markdown' });
    expect(() => parseCheckArgs([])).toThrow(/say which server/);
    expect(() => parseCheckArgs(['--data-dir', '/tmp/x', '--', 'node'])).toThrow(/--data-dir goes with --record or --auth oauth/);
  });

  it('takes --auth oauth and its options as call does, into the target every connection opens, and the token cache dir', () => {
    const parsed = parseCheckArgs([
      '--auth',
      'oauth',
      '--grant',
      'client-credentials',
      '--client-id',
      'ci',
      '--client-secret',
      's3',
      '--data-dir',
      '/tmp/t',
      '--url',
      'http://127.0.0.1:1/mcp',
    ]);
    expect(parsed.target).toMatchObject({
      url: 'http://127.0.0.1:1/mcp',
      auth: { type: 'oauth', grant: 'client_credentials', clientId: 'ci', clientSecret: 's3' },
    });
    expect(parsed.dataDir).toBe('/tmp/t');
    expect(parsed.record).toBeNull();
    expect(() => parseCheckArgs(['--client-id', 'x', '--url', 'http://127.0.0.1:1/mcp'])).toThrow(/--client-id goes with --auth oauth/);
    expect(() => parseCheckArgs(['--auth', 'oauth', '--grant', 'client-credentials', '--url', 'http://127.0.0.1:1/mcp'])).toThrow(
      /needs a pre-registered client/,
    );
    expect(parseCheckArgs(['--header', 'Authorization: Bearer t0k', '--url', 'http://127.0.0.1:1/mcp']).target).toMatchObject({
      transport: 'auto',
      headers: { Authorization: 'Bearer t0k' },
    });
  });

  it('records into the given store with --record, and into none without it', () => {
    expect(parseCheckArgs(['--record', '--data-dir', '/tmp/x', '--', 'node']).record).toBe('/tmp/x');
    expect(parseCheckArgs(['--', 'node']).record).toBeNull();
  });

  it('runs the robustness presets in one lane unless --lanes asks for more, from 1 to 8', () => {
    expect(parseCheckArgs(['--', 'node']).robustnessLanes).toBe(1);
    expect(parseCheckArgs(['--lanes', '4', '--', 'node']).robustnessLanes).toBe(4);
    expect(() => parseCheckArgs(['--lanes', '0', '--', 'node'])).toThrow(/--lanes needs a whole number from 1 to 8, got "0"/);
    expect(() => parseCheckArgs(['--lanes', '9', '--', 'node'])).toThrow(UsageError);
  });
});
