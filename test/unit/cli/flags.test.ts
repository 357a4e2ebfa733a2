import { describe, expect, it } from 'vitest';
import { editDistance, flagHelp, list, onOff, parseFlags, value, wantsHelp } from '../../../server/cli/flags.js';
import { envPair, wholeNumber } from '../../../server/cli/validators.js';
import { usageMessage } from '../../helpers/usage-message.js';

const FLAGS = {
  port: value('<n>', 'a port', wholeNumber(0, 65535)),
  name: value('<s>', 'a name'),
  env: list('<KEY=VALUE>', 'a pair\n(repeatable)', envPair),
  quiet: onOff('say less', 'q'),
};

const usage = (argv: string[], rules = {}) => usageMessage(() => parseFlags(argv, FLAGS, rules));

describe('parseFlags', () => {
  it('reads values in both spellings, converts them, and keeps the last of a repeated one', () => {
    const p = parseFlags(['--port', '80', '--name=a', '--name', 'b', '-q'], FLAGS);
    expect(p.values).toEqual({ port: 80, name: 'b', quiet: true });
    expect(p).toMatchObject({ positionals: [], command: null, help: false });
  });

  it('collects a repeatable flag in order', () => {
    expect(parseFlags(['--env', 'A=1', '--env=B=x=y'], FLAGS).values.env).toEqual([
      ['A', '1'],
      ['B', 'x=y'],
    ]);
  });

  it('hands back everything after the first -- untouched, and an empty command for a bare --', () => {
    expect(parseFlags(['--port', '1', '--', 'node', 's.js', '--port', 'x', '--'], FLAGS).command).toEqual(['node', 's.js', '--port', 'x', '--']);
    expect(parseFlags(['--'], FLAGS).command).toEqual([]);
  });

  it('takes a value that starts with a dash for the flag before it', () => {
    expect(parseFlags(['--name', '-x', '--name', '--'], FLAGS)).toMatchObject({ values: { name: '--' }, command: null });
  });

  it('names each mistake', () => {
    expect(usage(['--nope'])).toBe("unknown option '--nope'");
    expect(usage(['-z'])).toBe("unknown option '-z'");
    expect(usage(['--port'])).toBe('--port needs a value (--port <n>)');
    expect(usage(['--quiet=1'])).toBe('--quiet takes no value');
    expect(usage(['--port', '70000'])).toBe('--port needs a whole number from 0 to 65535, got "70000"');
    expect(usage(['--env', 'x'])).toBe('--env needs KEY=VALUE, got "x"');
    expect(usage(['stray'], { positionalHint: 'commands go after --' })).toBe('unexpected argument "stray" (commands go after --)');
    expect(usage([], { positionals: { min: 1, max: 1, what: 'one file' } })).toBe('expected one file');
    expect(usage(['a', 'b'], { positionals: { min: 1, max: 1, what: 'one file' } })).toBe('unexpected argument "b"');
  });

  it('suggests the one flag a typo is nearest to (two edits, one for a name under six letters), and none when two are as near or all are far', () => {
    expect(usage(['--prot', '1'])).toBe("unknown option '--prot' (did you mean --port?)");
    expect(usage(['--quite'])).toBe("unknown option '--quite' (did you mean --quiet?)");
    expect(usage(['--nmae=x'])).toBe("unknown option '--nmae' (did you mean --name?)");
    expect(usage(['--hlep'])).toBe("unknown option '--hlep' (did you mean --help?)");
    expect(usage(['--en', 'A=1'])).toBe("unknown option '--en' (did you mean --env?)");
    // Two edits from --name, but a short word two edits from a flag is as likely another word altogether.
    expect(usage(['--nope'])).toBe("unknown option '--nope'");
    expect(usage(['--verbose'])).toBe("unknown option '--verbose'");
    const long = { 'max-line-bytes': value('<n>', 'a cap'), 'strict-version': onOff('strict') };
    expect(usageMessage(() => parseFlags(['--max-lin-byte', '1'], long))).toBe("unknown option '--max-lin-byte' (did you mean --max-line-bytes?)");
    expect(usageMessage(() => parseFlags(['--ab'], { aa: onOff('a'), bb: onOff('b') }))).toBe("unknown option '--ab'");
  });

  it('reports help before anything else, and only before --', () => {
    expect(parseFlags(['--nope', '--port', 'x', '-h'], FLAGS).help).toBe(true);
    expect(parseFlags(['--', 'srv', '--help'], FLAGS).help).toBe(false);
    expect(wantsHelp(['--name', '--help'], FLAGS)).toBe(false);
    expect(wantsHelp(['--help'], FLAGS)).toBe(true);
  });
});

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swapped neighbours as one edit each', () => {
    expect([
      editDistance('', ''),
      editDistance('port', 'port'),
      editDistance('prot', 'port'),
      editDistance('method', 'methd'),
      editDistance('', 'abc'),
      editDistance('kitten', 'sitting'),
      editDistance('ab', 'ba'),
    ]).toEqual([0, 0, 1, 1, 3, 3, 1]);
  });
});

describe('flagHelp', () => {
  it('lists every flag with its value and help, continuation lines aligned, and -h last', () => {
    const lines = flagHelp(FLAGS).split('\n');
    expect(lines[0]).toMatch(/^ {2}--port <n> +a port$/);
    const at = lines.findIndex((l) => l.includes('--env <KEY=VALUE>'));
    expect(lines[at + 1]!.indexOf('(repeatable)')).toBe(lines[at]!.indexOf('a pair'));
    expect(lines.at(-1)).toMatch(/^ {2}-h, --help +show this help$/);
    expect(flagHelp(FLAGS)).toContain('-q, --quiet');
  });
});
