// Every fault of test/fixtures/faulty-server.mjs caught by `mcpscope call --lint --strict`: the rule's finding on
// stderr, and exit 4 when one of its rules is a warning or an error (in place of the call's own 0, 1 or 3); a fault
// whose rules are all info (the spec is silent, or only guides) keeps the call's own code: info never fails --strict.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { RULES, type RuleId } from '../../shared/lint/index.js';
import { CALL_BATCH_FILES, FAULTS, type FaultCase } from '../fixtures/faulty-faults.js';
import { FAULTY_SERVER } from '../helpers/faulty-session.js';
import { BIN } from '../helpers/relay-process.js';

interface Run {
  code: number | null;
  stderr: string;
  ruleIds: string[];
}

const dir = mkdtempSync(join(tmpdir(), 'mcpscope-cli-faults-'));
for (const [name, body] of Object.entries(CALL_BATCH_FILES)) writeFileSync(join(dir, `${name}.json`), JSON.stringify(body));

// The call's default framing cap is 16 MiB: the fixture's --oversize line is made just bigger than that.
const ENV = { ...process.env, FAULTY_OVERSIZE_BYTES: String(16 * 1024 * 1024 + 1024) };

function callWith(fault: FaultCase): Promise<Run> {
  const args = fault.call.map((a) => (a.startsWith('@') ? join(dir, `${a.slice(1)}.json`) : a));
  const proc = spawn(process.execPath, [BIN, 'call', ...args, '--lint', '--strict', '--', process.execPath, FAULTY_SERVER, fault.option], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: ENV,
  });
  let stderr = '';
  proc.stdout.resume();
  proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((ok) =>
    proc.on('close', (code) => {
      const ruleIds = stderr
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => (JSON.parse(l) as { ruleId: string }).ruleId);
      ok({ code, stderr, ruleIds });
    }),
  );
}

const runs = new Map<string, Run>();
const failsStrict = (f: FaultCase) => f.rules.some((r) => RULES[r as RuleId].severity !== 'info');
/** The exit code --strict gives the call: 4 for a warning or error finding, otherwise the call's own. */
const strictExit = (f: FaultCase) => (failsStrict(f) ? 4 : (f.callBase ?? 0));

beforeAll(async () => {
  const queue = [...FAULTS];
  const worker = async () => {
    for (let f = queue.shift(); f !== undefined; f = queue.shift()) runs.set(f.option, await callWith(f));
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}, 300_000);

describe('mcpscope call --lint --strict against each fault of the faulty fixture', () => {
  it.each(FAULTS.map((f) => [f.option, f] as const))('%s: its rule on stderr, and the right exit code', (option, fault) => {
    const run = runs.get(option)!;
    for (const rule of fault.rules) expect(run.ruleIds, run.stderr).toContain(rule);
    expect(run.code, run.stderr).toBe(strictExit(fault));
  });

  it('exits 4 for a fault with a warning or error, and never for one whose findings are all info', () => {
    const infoOnly = FAULTS.filter((f) => !failsStrict(f));
    // The faults whose rule the spec only guides on, or is silent about: they are reported, not failed.
    expect(infoOnly.map((f) => f.option).sort()).toEqual([
      '--batch-separate-replies',
      '--declared-capability-unsupported',
      '--error-code-from-other-version',
      '--old-version-new-fields',
      '--oversize',
      '--reserved-error-code',
      '--unknown-method',
      '--unknown-protocol-version',
    ]);
    for (const f of FAULTS) expect(runs.get(f.option)!.code, f.option).toBe(strictExit(f));
    for (const f of infoOnly) expect(runs.get(f.option)!.code, f.option).not.toBe(4);
  });

  it('catches a missing reply as a finding: 4 wins over the timeout (3) under --strict', () => {
    for (const option of ['--unanswered', '--batch-missing-response']) {
      const run = runs.get(option)!;
      expect(run.code, run.stderr).toBe(4);
      expect(run.stderr).toMatch(/no response after|got no reply within/);
    }
  });
});
