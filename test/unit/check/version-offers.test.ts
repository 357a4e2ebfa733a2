// The version offers' fresh connections: side by side on a stdio server (each a process of its own), one after
// another over HTTP (a server behind OAuth gets one token request, reused), graded the same either way.
import { describe, expect, it } from 'vitest';
import { runChecks, type ScratchConnection } from '../../../shared/check/index.js';
import type { TransportKind } from '../../../shared/lint/lint-types.js';
import { goodServer, scriptedConnection } from '../../helpers/scripted-peer.js';
import { scriptedContext } from './check-context.js';

async function run(transport: TransportKind) {
  let open = 0;
  let most = 0;
  const opened: string[] = [];
  // Each fresh connection takes a moment to start, as a server process does, and counts as open until it is closed.
  const fresh = async (name: string): Promise<ScratchConnection> => {
    opened.push(name);
    most = Math.max(most, ++open);
    await new Promise((r) => setTimeout(r, 20));
    const conn = scriptedConnection(name, goodServer());
    return { ...conn, close: async () => void open-- };
  };
  const ctx = await scriptedContext(goodServer(), { transport, fresh });
  const results = await runChecks(ctx, { only: ['lifecycle/unsupported-version', 'lifecycle/version-support'] });
  return { results, most, opened, open };
}

describe('the version offers', () => {
  it('are made side by side on a stdio server and one after another over HTTP, with the same results', async () => {
    const stdio = await run('stdio');
    const http = await run('http');
    expect(stdio.most).toBeGreaterThanOrEqual(3);
    expect(http.most).toBe(1);
    for (const r of [stdio, http]) {
      // Opened in the same order (the report's sessions), and every one closed again.
      expect(r.opened.slice(0, 3)).toEqual(['unsupported-version', 'unsupported-future', 'unsupported-not-a-date']);
      expect(r.opened.slice(3).every((n) => n.startsWith('version-'))).toBe(true);
      expect(r.open).toBe(0);
    }
    expect(stdio.results.map((r) => [r.id, r.status, r.detail])).toEqual(http.results.map((r) => [r.id, r.status, r.detail]));
    expect(stdio.results.map((r) => r.status)).toEqual(['pass', 'pass']);
  });
});
