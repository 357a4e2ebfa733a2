import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SERVER, EVERYTHING_SERVER, FIXTURES } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';

const demo = ['--', process.execPath, DEMO_SERVER];
const everything = ['--', process.execPath, EVERYTHING_SERVER, 'stdio'];
const batching = ['--', process.execPath, join(FIXTURES, 'scripted-server.mjs'), '--batches'];

async function fault(args: string[]) {
  const run = await runCli(['call', '--fault', ...args]);
  const verdict = run.stdout.trim() === '' ? null : (JSON.parse(run.stdout) as { preset: string; verdict: { outcome: string; explanation: string }; replies: unknown[] });
  return { ...run, verdict };
}

describe('mcpscope call --fault', () => {
  it('grades an unknown method answered with -32601 as the spec says and exits 0', async () => {
    const run = await fault(['unknown-method', ...demo]);
    expect(run.code).toBe(0);
    expect(run.verdict).toMatchObject({ preset: 'unknown-method', verdict: { outcome: 'as-spec' } });
  });

  it('reports invalid JSON dropped by the demo server as no reply and exits 3', async () => {
    const run = await fault(['invalid-json', '--timeout', '1000', ...demo]);
    expect(run.code).toBe(3);
    expect(run.verdict).toMatchObject({ verdict: { outcome: 'no-reply' }, replies: [] });
  });

  it('reports invalid UTF-8 bytes that server-everything accepts as a deviation and exits 1', async () => {
    const run = await fault(['invalid-utf8', ...everything]);
    expect(run.code).toBe(1);
    expect(run.verdict!.verdict.explanation).toMatch(/-32700/);
  });

  it('reports a null id dropped by server-everything on stdio as no reply', async () => {
    const run = await fault(['null-id', '--timeout', '1000', ...everything]);
    expect(run.verdict).toMatchObject({ verdict: { outcome: 'no-reply' } });
  });

  it('grades a batch with one invalid element answered per JSON-RPC 2.0 as the spec says', async () => {
    const run = await fault(['batch-one-invalid', ...batching]);
    expect(run.verdict).toMatchObject({ verdict: { outcome: 'as-spec' } });
    expect(run.code).toBe(0);
  });

  it('refuses a preset that needs a fresh session unless the handshake is left out', async () => {
    const refused = await fault(['before-initialize', ...demo]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--no-handshake/);
    const run = await fault(['before-initialize', '--no-handshake', ...demo]);
    expect(run.verdict).toMatchObject({ verdict: { outcome: 'as-spec' } });
  });
});
