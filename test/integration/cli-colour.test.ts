// Colour in the real CLI: check's summary and replay's diff are coloured only when asked (--color always, FORCE_COLOR)
// or on a terminal, never with --color never or NO_COLOR, and never into a pipe by default.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SERVER } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';

// runCli passes neither FORCE_COLOR nor NO_COLOR from the shell running the tests: each run here says what it sets.
const plain = {};
const ESC = '\x1b[';
const demo = ['--', process.execPath, DEMO_SERVER];

describe.concurrent('colour in the CLI', () => {
  let bundle: string;
  beforeAll(async () => {
    bundle = join(mkdtempSync(join(tmpdir(), 'mcpscope-colour-')), 'ping.bundle.json');
    const made = await runCli(['call', '--method', 'ping', '--bundle', bundle, ...demo], plain);
    expect(made.code, made.stderr).toBe(0);
  });

  it('colours check’s marks with --color always and FORCE_COLOR, and not into a pipe, with --color never or NO_COLOR', async () => {
    const check = ['check', '--only', 'lifecycle', '--no-robustness'];
    const [always, forced, piped, never, noColor] = await Promise.all([
      runCli([...check, '--color', 'always', ...demo], { ...plain, NO_COLOR: '1' }),
      runCli([...check, ...demo], { ...plain, FORCE_COLOR: '1' }),
      runCli([...check, ...demo], plain),
      runCli([...check, '--color', 'never', ...demo], { ...plain, FORCE_COLOR: '1' }),
      runCli([...check, ...demo], { ...plain, NO_COLOR: '1' }),
    ]);
    for (const r of [always, forced]) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`  ${ESC}32mPASS${ESC}39m  `);
    }
    for (const r of [piped, never, noColor]) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^ {2}PASS {2}/m);
      expect(r.stdout).not.toContain(ESC);
    }
  });

  it('colours replay’s verdict with --color always, and not with NO_COLOR or into a pipe', async () => {
    const replay = ['replay', bundle];
    const [always, piped, noColor] = await Promise.all([
      runCli([...replay, '--color', 'always', ...demo], plain),
      runCli([...replay, ...demo], plain),
      runCli([...replay, ...demo], { ...plain, NO_COLOR: '1' }),
    ]);
    expect(always.code, always.stderr).toBe(0);
    expect(always.stdout).toMatch(new RegExp(`^\\x1b\\[1midentical: .*\\x1b\\[22m$`, 'm'));
    for (const r of [piped, noColor]) {
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^identical: /m);
      expect(r.stdout).not.toContain(ESC);
    }
  });

  it('refuses a --color it does not know, naming the choices', async () => {
    const r = await runCli(['check', '--color', 'sometimes', ...demo], plain);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mcpscope check: --color must be one of auto, always, never/);
  });
});
