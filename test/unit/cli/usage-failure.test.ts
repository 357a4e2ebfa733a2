import { describe, expect, it } from 'vitest';
import { synopsis, usageFailureText } from '../../../server/cli/usage-failure.js';

const USAGE = `usage: mcpscope thing <file> [--flag]
                      [--other <x>]

A long description that a usage error must not print.

  --flag   a flag`;

describe('a usage error', () => {
  it('takes the synopsis of a help text: its lines up to the first blank one', () => {
    expect(synopsis(USAGE)).toBe('usage: mcpscope thing <file> [--flag]\n                      [--other <x>]');
    expect(synopsis('usage: one line only')).toBe('usage: one line only');
  });

  it('prints the mistake, the synopsis and where the full help is, not the help itself', () => {
    const text = usageFailureText('thing', "unknown option '--flg' (did you mean --flag?)", USAGE);
    expect(text).toBe(
      "mcpscope thing: unknown option '--flg' (did you mean --flag?)\nusage: mcpscope thing <file> [--flag]\n                      [--other <x>]\nsee 'mcpscope thing --help'\n",
    );
    expect(text).not.toContain('long description');
    expect(usageFailureText('', 'oops', 'Usage: mcpscope [options]\n\nmore')).toBe("mcpscope: oops\nUsage: mcpscope [options]\nsee 'mcpscope --help'\n");
  });

  it('escapes control characters in the message, which quotes what was typed or read from a file', () => {
    expect(usageFailureText('thing', 'bad value "\x1b[2Jx"', USAGE)).toContain('bad value "\\x1b[2Jx"');
  });
});
