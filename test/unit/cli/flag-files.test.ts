import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCallArgs } from '../../../server/call/call-args.js';
import { envFile, headerFile } from '../../../server/cli/flag-files.js';
import { parseReplayArgs } from '../../../server/commands/replay-args.js';
import { parseCliArgs } from '../../../server/cli/cli-args.js';
import { usageMessage } from '../../helpers/usage-message.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpscope-flag-files-'));
let n = 0;
function file(text: string): string {
  const f = join(dir, `f${++n}`);
  writeFileSync(f, text);
  return f;
}

describe('--env-file', () => {
  it('reads KEY=VALUE lines: comments, blank lines, export, quotes, CRLF and a BOM', () => {
    const f = file('\uFEFF# a comment\r\n\r\nexport A=1\r\n  B = two words \nC="quoted # not a comment"\nD=\'x=y\'\nE=\nF="unclosed\n');
    expect(envFile(f, '--env-file')).toEqual([
      ['A', '1'],
      ['B', 'two words'],
      ['C', 'quoted # not a comment'],
      ['D', 'x=y'],
      ['E', ''],
      ['F', '"unclosed'],
    ]);
  });

  it('refuses a bad line by file and line number, the name escaped', () => {
    const f = file('OK=1\n\n\tA\u0007B=1\n');
    expect(() => envFile(f, '--env-file')).toThrow(
      `--env-file ${f}, line 3: environment variable "A\\u0007B": not a valid name (it contains a control character)`,
    );
    expect(() => envFile(file('=1\n'), '--env-file')).toThrow(/line 1: environment variable "": not a valid name \(it is empty\)/);
  });
});

describe('--header-file', () => {
  it("reads 'Name: value' lines and refuses a bad name or a value with a CR or NUL", () => {
    expect(headerFile(file('# x\nAuthorization: Bearer a:b\r\nX-Trace:  1 \n'), '--header-file')).toEqual([
      ['Authorization', 'Bearer a:b'],
      ['X-Trace', '1'],
    ]);
    expect(() => headerFile(file('Bad Name: x\n'), '--header-file')).toThrow(/line 1: needs 'Name: value' with a valid header name/);
    expect(() => headerFile(file('X: a\rb\n'), '--header-file')).toThrow(/line 1: the value of X contains a CR or NUL character/);
    expect(() => headerFile(file('X: a\0b\n'), '--header-file')).toThrow(/line 1: the value of X contains a CR or NUL character/);
  });
});

describe('the commands that take --env and --header', () => {
  it('merge the files in order, the flags over them, in call, the inspector and replay', () => {
    const env1 = file('A=file1\nB=file1\n');
    const env2 = file('B=file2\nC=file2\n');
    const headers = file('Authorization: Bearer from-file\nX-A: file\n');
    const call = parseCallArgs(['--method', 'ping', '--env-file', env1, '--env-file', env2, '--env', 'C=flag', '--', 'srv']);
    expect(call.target).toEqual({ transport: 'stdio', command: 'srv', args: [], env: { A: 'file1', B: 'file2', C: 'flag' } });
    const remote = parseCallArgs(['--method', 'ping', '--url', 'http://127.0.0.1:1/mcp', '--header-file', headers, '--header', 'X-A: flag']);
    expect(remote.target).toMatchObject({ headers: { Authorization: 'Bearer from-file', 'X-A': 'flag' } });
    expect(parseCliArgs(['--env-file', env1, '--', 'srv']).env).toEqual({ A: 'file1', B: 'file1' });
    expect(parseReplayArgs(['b.json', '--env-file', env2, '--header-file', headers])).toMatchObject({
      env: { B: 'file2', C: 'file2' },
      headers: { 'X-A': 'file' },
    });
  });

  it('keep --env-file with a command and --header-file with --url', () => {
    const env1 = file('A=1\n');
    expect(usageMessage(() => parseCallArgs(['--method', 'ping', '--url', 'http://127.0.0.1:1/mcp', '--env-file', env1]))).toMatch(
      /--env, --env-file and --cwd go with a command after --/,
    );
    expect(usageMessage(() => parseCallArgs(['--method', 'ping', '--header-file', file('X: 1\n'), '--', 'srv']))).toMatch(
      /--header-file and --http-timeout go with --url/,
    );
  });
});
