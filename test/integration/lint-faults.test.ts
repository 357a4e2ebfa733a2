// Every fault of test/fixtures/faulty-server.mjs, run through the real relay and linted from the recorded frames.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonSchemaValidator, lintFrames, type Finding } from '../../shared/lint/index.js';
import type { FrameRecord } from '../../shared/relay-protocol.js';
import { CHECK_ONLY_FAULTS, FAULTS, sessionVersion } from '../fixtures/faulty-faults.js';
import { FAULTY_SERVER, driveFaultySession, openFaultySession } from '../helpers/faulty-session.js';
import { startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { runLint } from '../helpers/lint-cli.js';

interface Outcome {
  frames: FrameRecord[];
  findings: Finding[];
}

async function clientSession(relay: RelayHandle, option: string | null): Promise<Outcome> {
  const d = await openFaultySession(relay, option);
  await driveFaultySession(d, option);
  const frames = await d.stop();
  return {
    frames,
    findings: lintFrames(frames, { transport: 'stdio', protocolVersion: sessionVersion(option), jsonSchemaValidator: new JsonSchemaValidator() }),
  };
}

let relay: RelayHandle;
const outcomes = new Map<string, Outcome>();

beforeAll(async () => {
  // A small framing cap, so --oversize needs only a 100 KB line.
  relay = await startRelay({ args: ['--max-line-bytes', '65536'] });
  const queue: (string | null)[] = [null, ...FAULTS.map((f) => f.option)];
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
  it('has every option the fixture documents in the shared fault table (or among the check-only faults), and no other', () => {
    const documented = [...readFileSync(FAULTY_SERVER, 'utf8').matchAll(/^\/\/ {3}(--[a-z0-9-]+)/gm)].map((m) => m[1]);
    expect(documented.length).toBeGreaterThan(40);
    expect([...FAULTS.map((f) => f.option), ...Object.keys(CHECK_ONLY_FAULTS)].sort()).toEqual(documented.sort());
  });

  it('produces no findings at all when it commits no fault', () => {
    expect(outcomes.get('none')!.findings).toEqual([]);
  });

  it.each(FAULTS.map((f) => [f.option, f.rules] as const))('with %s is caught by exactly %j', (option, rules) => {
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
