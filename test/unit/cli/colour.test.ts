import { describe, expect, it } from 'vitest';
import { colourCheckSummary, colourDiff, painter, wantsColour } from '../../../server/cli/colour.js';

const tty = { isTTY: true };
const pipe = { isTTY: false };

describe('whether the CLI colours', () => {
  it('colours a terminal and not a pipe by default', () => {
    expect(wantsColour(undefined, tty, {})).toBe(true);
    expect(wantsColour('auto', pipe, {})).toBe(false);
    expect(wantsColour('auto', tty, { TERM: 'dumb' })).toBe(false);
  });

  it('turns colour off for NO_COLOR set and not empty, as no-color.org says', () => {
    expect(wantsColour('auto', tty, { NO_COLOR: '1' })).toBe(false);
    expect(wantsColour('auto', tty, { NO_COLOR: '' })).toBe(true);
  });

  it('turns colour on for FORCE_COLOR, even over NO_COLOR and a pipe, and off for FORCE_COLOR=0', () => {
    expect(wantsColour('auto', pipe, { FORCE_COLOR: '1' })).toBe(true);
    expect(wantsColour('auto', pipe, { FORCE_COLOR: '1', NO_COLOR: '1' })).toBe(true);
    expect(wantsColour('auto', tty, { FORCE_COLOR: '0' })).toBe(false);
    expect(wantsColour('auto', tty, { FORCE_COLOR: 'false' })).toBe(false);
  });

  it('lets --color always and never win over the environment and the stream', () => {
    expect(wantsColour('always', pipe, { NO_COLOR: '1', FORCE_COLOR: '0' })).toBe(true);
    expect(wantsColour('never', tty, { FORCE_COLOR: '1' })).toBe(false);
  });
});

describe('colouring a text', () => {
  const on = painter(true);
  const off = painter(false);

  it('colours check marks and the counts line, and leaves the text alone when off', () => {
    const summary =
      'mcpscope check x\n\nlifecycle\n  PASS  a  fine\n  FAIL  b  bad\n        fix: PASS  it\n  WARN  c  hm\n  SKIP  d  -\n\n4 checks: 1 passed, 1 failed, 1 warned, 1 skipped';
    expect(colourCheckSummary(summary, off)).toBe(summary);
    const lines = colourCheckSummary(summary, on).split('\n');
    expect(lines[3]).toBe('  \x1b[32mPASS\x1b[39m  a  fine');
    expect(lines[4]).toBe('  \x1b[31mFAIL\x1b[39m  b  bad');
    expect(lines[5]).toBe('        fix: PASS  it');
    expect(lines[6]).toBe('  \x1b[33mWARN\x1b[39m  c  hm');
    expect(lines[7]).toBe('  \x1b[2mSKIP\x1b[22m  d  -');
    expect(lines[9]).toBe('\x1b[1m4 checks: 1 passed, 1 failed, 1 warned, 1 skipped\x1b[22m');
  });

  it('colours a diff by each entry’s mark, never by what the entry quotes', () => {
    const diff = '~ ← answer #6  (old #6, new #6)\n    result: "+ a" → "- b"\n+ → ping  (new #9)\n- ← log  (old #7)\ndiffers: 3 entries\n';
    expect(colourDiff(diff, off)).toBe(diff);
    expect(colourDiff(diff, on).split('\n')).toEqual([
      '\x1b[33m~ ← answer #6  (old #6, new #6)\x1b[39m',
      '    result: "+ a" → "- b"',
      '\x1b[32m+ → ping  (new #9)\x1b[39m',
      '\x1b[31m- ← log  (old #7)\x1b[39m',
      '\x1b[1mdiffers: 3 entries\x1b[22m',
      '',
    ]);
  });
});
