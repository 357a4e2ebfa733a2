// `mcpscope help [command]`, each command's --help and --version, through the built CLI.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';

describe('mcpscope help', () => {
  it('prints the inspector usage with no command, and a command’s usage as its --help does', async () => {
    const [main, mainFlag, call, callFlag] = await Promise.all([runCli(['help']), runCli(['--help']), runCli(['help', 'call']), runCli(['call', '--help'])]);
    expect(main).toMatchObject({ code: 0, stdout: mainFlag.stdout });
    expect(main.stdout).toMatch(/^Usage: mcpscope \[options\]/);
    expect(main.stdout).toContain('mcpscope help [command]');
    expect(call).toMatchObject({ code: 0, stdout: callFlag.stdout });
    expect(call.stdout).toMatch(/^usage: mcpscope call /);
  });

  it('answers --help for every command, with its flags, exit 0', async () => {
    const runs = await Promise.all(['lint', 'open', 'replay', 'call', 'tap', 'check', 'run', 'fuzz'].map((c) => runCli([c, '-h'])));
    const want = [
      /--transport <t>[\s\S]*--strict/,
      /--port <n>[\s\S]*--no-open/,
      /--preserve-pacing[\s\S]*--json/,
      /--method <m>[\s\S]*--answers <file\.json>[\s\S]*--http-timeout/,
      /--data-dir <dir>[\s\S]*--grace <ms>/,
      /--allow-tools[\s\S]*--junit <file>/,
      /--junit <file>[\s\S]*--bail[\s\S]*--answers <file>/,
      /--allow-tools <names\|all>[\s\S]*--seed <n>[\s\S]*--mode <m>[\s\S]*--out <dir>/,
    ];
    runs.forEach((r, i) => {
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(want[i]!);
    });
  });

  it('exits 2 for a command it does not know, naming the ones it does', async () => {
    const r = await runCli(['help', 'frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown command "frobnicate"; the commands are lint, open, replay, call, tap, wrap, check, export, run, chat, fuzz/);
  });

  it('exits 2 for an unknown option of the inspector, naming it, with its synopsis and where the help is', async () => {
    const r = await runCli(['--frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mcpscope: unknown option '--frobnicate'\nUsage: mcpscope \[options\] .*\nsee 'mcpscope --help'\n$/);
  });

  it('answers a typo of every command with the flag it meant, the command’s synopsis and its --help, not the whole help; exit 2', async () => {
    const typos: [string, string[], string][] = [
      ['', ['--prot', '0'], 'port'],
      ['call', ['--methd', 'ping', '--', 'node', 'x.js'], 'method'],
      ['check', ['--timout', '100', '--', 'node', 'x.js'], 'timeout'],
      ['lint', ['--stirct', 'x.jsonl'], 'strict'],
      ['open', ['x.json', '--no-opne'], 'no-open'],
      ['replay', ['x.json', '--jsno'], 'json'],
      ['tap', ['--nmae', 'x', '--', 'node', 'x.js'], 'name'],
      ['wrap', ['x.json', '--undoo'], 'undo'],
      ['run', ['x.json', '--bial', '--', 'node', 'x.js'], 'bail'],
    ];
    const runs = await Promise.all(typos.map(([cmd, args]) => runCli(cmd === '' ? args : [cmd, ...args])));
    runs.forEach((r, i) => {
      const [cmd, args, meant] = typos[i]!;
      const name = cmd === '' ? 'mcpscope' : `mcpscope ${cmd}`;
      expect(r.code, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trimEnd().split('\n');
      expect(lines[0]).toBe(`${name}: unknown option '${args.find((a) => a.startsWith('--'))}' (did you mean --${meant}?)`);
      expect(lines[1]).toMatch(new RegExp(`^usage: ${name} `, 'i'));
      expect(lines.at(-1)).toBe(`see '${name} --help'`);
      // The synopsis only: at most two lines of it, none of the flag table or the exit codes.
      expect(lines.length, r.stderr).toBeLessThanOrEqual(4);
      expect(r.stderr).not.toMatch(/Exit codes|show this help/);
    });
  });

  it('answers a mistyped command with the command it meant', async () => {
    const r = await runCli(['chek', '--', 'node', 'x.js']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mcpscope: unknown command 'chek' \(did you mean mcpscope check\?\)\nUsage: mcpscope .*\nsee 'mcpscope --help'\n$/);
  });

  it('prints other usage errors the same way: the mistake, the synopsis, see --help', async () => {
    const r = await runCli(['call', '--method', 'ping', '--era', 'future', '--', 'node', 'x.js']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^mcpscope call: --era must be one of legacy, modern, auto.*\nusage: mcpscope call .*\n.*\nsee 'mcpscope call --help'\n$/);
  });

  it('prints the version in package.json with --version (found from the bundle, dist/bundle/, not a fixed path)', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const r = await runCli(['--version']);
    expect(r).toMatchObject({ code: 0, stdout: `${version}\n` });
  });
});
