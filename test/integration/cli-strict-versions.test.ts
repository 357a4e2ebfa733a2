// `mcpscope call --lint --strict` against well-behaved servers at every protocol version, through the check script's
// representative slice (scripts/strict-lint-check.mjs --slice: a tool call at each version over stdio, over Streamable
// HTTP at 2025-11-25, and the SDK v2 server at 2026-07-28 over stdio and HTTP); the script without --slice is the full
// matrix. A severity that outruns the spec (a newer field in an older version, say) fails --strict; info never does.
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LEGACY_PROTOCOL_VERSIONS } from '../../shared/mcp-versions.js';
import { runScript, type CliRun } from '../helpers/run-cli.js';

const SCRIPT = join(import.meta.dirname, '..', '..', 'scripts', 'strict-lint-check.mjs');

interface Run {
  label: string;
  code: number | null;
  ok: boolean;
  findings: Array<{ ruleId: string; severity: string; message: string }>;
}

let check: CliRun;
let runs: Map<string, Run>;

beforeAll(async () => {
  check = await runScript(SCRIPT, ['--slice', '--json']);
  const lines = check.stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Run & { runs?: number });
  runs = new Map(lines.filter((l) => l.runs === undefined).map((l) => [l.label, l]));
}, 300_000);

const clean = (label: string) => {
  const run = runs.get(label);
  expect(run, `${label} ran:\n${check.stdout}${check.stderr}`).toBeDefined();
  expect(run!.code, label).toBe(0);
  expect(
    run!.findings.filter((f) => f.severity !== 'info'),
    label,
  ).toEqual([]);
  return run!;
};

describe('call --lint --strict against well-behaved servers exits 0 at every protocol version', () => {
  for (const v of LEGACY_PROTOCOL_VERSIONS) {
    it(`server-everything over stdio at ${v}: a tool call, no warning or error`, () => {
      clean(`everything stdio ${v} tools/call`);
    });
  }

  it('server-everything over Streamable HTTP at 2025-11-25', () => {
    clean('everything http 2025-11-25 tools/call');
  });

  it("--transport auto on a legacy HTTP+SSE URL, in the legacy and the auto era: mcpscope's own frames clean too", () => {
    clean('everything sse auto-transport legacy tools/call');
    clean('everything sse auto-transport auto-era tools/call');
  });

  it('the SDK v2 server (@modelcontextprotocol/server) at 2026-07-28, over stdio and over HTTP', () => {
    clean('sdk-v2 stdio 2026-07-28 tools/call');
    clean('sdk-v2 http 2026-07-28 tools/call');
  });

  it('lets info findings through: server-everything’s newer fields at 2024-11-05 are reported and still exit 0', () => {
    const run = clean('everything stdio 2024-11-05 tools/call');
    expect(run.findings.map((f) => [f.ruleId, f.severity])).toContainEqual(['mcp/field-not-in-version', 'info']);
  });

  it('the check script exits 0 only because every run was clean', () => {
    expect(runs.size).toBe(LEGACY_PROTOCOL_VERSIONS.length + 5);
    expect(check.code, check.stderr).toBe(0);
  });
});
