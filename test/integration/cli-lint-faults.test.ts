// Every fault of test/fixtures/faulty-server.mjs caught by `mcpscope call --lint --strict`: the rule's finding on
// stderr, and exit 4 whenever the fault breaks an error-level rule (warnings alone leave the call's own exit code).
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

const CALLABLE = FAULTS.filter((f) => f.call !== null);

function callWith(fault: FaultCase): Promise<Run> {
  const args = (fault.call ?? []).map((a) => (a.startsWith('@') ? join(dir, `${a.slice(1)}.json`) : a));
  const proc = spawn(process.execPath, [BIN, 'call', ...args, '--lint', '--strict', '--', process.execPath, FAULTY_SERVER, fault.option], { stdio: ['ignore', 'pipe', 'pipe'], env: ENV });
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

beforeAll(async () => {
  const queue = [...CALLABLE];
  const worker = async () => {
    for (let f = queue.shift(); f !== undefined; f = queue.shift()) runs.set(f.option, await callWith(f));
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}, 120_000);

/** 4 when the fault breaks an error-level rule and the call itself got a reply; a timeout (3) says more and stays. */
function expectedExit(f: FaultCase): number {
  const base = f.callBase ?? 0;
  const error = f.rules.some((r) => RULES[r as RuleId].severity === 'error');
  return error && base !== 3 ? 4 : base;
}

describe('mcpscope call --lint --strict against each fault of the faulty fixture', () => {
  it.each(CALLABLE.map((f) => [f.option, f] as const))('%s: its rule on stderr, and the right exit code', (option, fault) => {
    const run = runs.get(option)!;
    for (const rule of fault.rules) expect(run.ruleIds, run.stderr).toContain(rule);
    expect(run.code, run.stderr).toBe(expectedExit(fault));
  });

  it('leaves out only the fault one call cannot provoke, and says why', () => {
    const gaps = FAULTS.filter((f) => f.call === null);
    expect(gaps.map((f) => f.option)).toEqual(['--bad-structured-content']);
    for (const f of gaps) expect(f.callGap).toBeTruthy();
  });

  it('exits 4 for every fault whose rule is an error, which is most of them', () => {
    const strict = CALLABLE.filter((f) => expectedExit(f) === 4);
    expect(strict.length).toBeGreaterThanOrEqual(20);
    for (const f of strict) expect(runs.get(f.option)!.code, f.option).toBe(4);
  });
});
