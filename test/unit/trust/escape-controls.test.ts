import { describe, expect, it } from 'vitest';
import { escapeControls, escapeControlsKeepingLines } from '../../../shared/trust/escape-controls.js';
import { formatRecipeReview, reviewRecipe } from '../../../shared/trust/recipe-review.js';
import { formatRemoteRecipeReview, reviewRemoteRecipe } from '../../../shared/trust/remote-recipe-review.js';

/** Any byte a terminal would act on rather than print, and the Unicode marks that reorder or hide text. */
// eslint-disable-next-line no-control-regex -- the control characters are what the test looks for
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/;

describe('escaping what a file says before a terminal shows it', () => {
  it('writes C0, DEL, C1 and bidi or zero-width characters as escapes, and leaves everything else alone', () => {
    expect(escapeControls('\x1b[8mhidden')).toBe('\\x1b[8mhidden');
    expect(escapeControls('\r\x1b[2Kfake')).toBe('\\r\\x1b[2Kfake');
    expect(escapeControls('a\nb\tc\x00d\x07')).toBe('a\\nb\\tc\\x00d\\x07');
    expect(escapeControls('\x7f\u0085\u009b31m')).toBe('\\x7f\\x85\\x9b31m');
    expect(escapeControls('txt\u202egnp.exe\u2066\u200b\ufeff\u2028')).toBe('txt\\u202egnp.exe\\u2066\\u200b\\ufeff\\u2028');
    expect(escapeControls('plain — Ünïcødé 日本 /path/to C:\\dir')).toBe('plain — Ünïcødé 日本 /path/to C:\\dir');
  });

  it('keeps line breaks of a multi-line text and escapes a carriage return within it', () => {
    expect(escapeControlsKeepingLines('one\r\x1b[2K\ntwo\x1b]0;title\x07')).toBe('one\\r\\x1b[2K\ntwo\\x1b]0;title\\x07');
  });

  it('renders a stdio review of hostile strings with no raw control character, each escape where the file put it', () => {
    const r = reviewRecipe(
      { transport: 'stdio', command: 'node\x1b[8m', args: ['s.js', '\r\x1b[2KRun it? [y/N] y'], env: { GREETING: 'hi\x07\u009b2J\u202eexe' }, cwd: '/w\x7f' },
      'h',
      'the imported bundle "x\x1b]0;pwned\x07"',
    );
    const text = formatRecipeReview(r);
    expect(text).toBe(
      [
        'The recipe from the imported bundle "x\\x1b]0;pwned\\x07" would run:',
        "  command: 'node\\x1b[8m' s.js '\\r\\x1b[2KRun it? [y/N] y'",
        '  in:      /w\\x7f',
        '  env:     GREETING=hi\\x07\\x9b2J\\u202eexe',
      ].join('\n'),
    );
    expect(text).not.toMatch(RAW_CONTROL);
  });

  it('renders a remote review of hostile auth settings escaped too', () => {
    const r = reviewRemoteRecipe(
      {
        transport: 'http',
        url: 'https://example.test/mcp',
        headers: { 'X-A': 'v\x1b[8m' },
        auth: { type: 'oauth', clientId: 'c\x1b[8m', scope: '\r\x1b[2Kok' },
      },
      'h',
      'the bundle \u202eb.json',
    );
    const text = formatRemoteRecipeReview(r);
    expect(text).toContain('The recipe from the bundle \\u202eb.json would connect to a server:');
    expect(text).toContain('  auth:      clientId=c\\x1b[8m\n  auth:      scope=\\r\\x1b[2Kok');
    expect(text).toContain('  header:    X-A: [REDACTED]');
    expect(text).not.toMatch(RAW_CONTROL);
  });
});
