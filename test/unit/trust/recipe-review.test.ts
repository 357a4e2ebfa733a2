import { describe, expect, it } from 'vitest';
import { maskSecretArgs } from '../../../shared/redaction/secret-args.js';
import { formatRecipeReview, isDangerousEnv, reviewRecipe } from '../../../shared/trust/recipe-review.js';

describe('what a recipe review flags', () => {
  it('flags the variables that change how interpreters and the loader load code, whatever their case', () => {
    for (const name of [
      'NODE_OPTIONS',
      'LD_PRELOAD',
      'LD_LIBRARY_PATH',
      'DYLD_INSERT_LIBRARIES',
      'PYTHONPATH',
      'PYTHONSTARTUP',
      'PERL5OPT',
      'RUBYOPT',
      'JAVA_TOOL_OPTIONS',
      'BASH_ENV',
      'ENV',
      'npm_config_script_shell',
      'Path',
    ]) {
      expect(isDangerousEnv(name), name).toBe(true);
    }
    for (const name of ['LOG_LEVEL', 'GITHUB_TOKEN', 'NODE_ENV', 'ENVIRONMENT', 'HOME_DIR']) expect(isDangerousEnv(name), name).toBe(false);
  });

  it('judges a key by the name the child would read, up to its first "=" or NUL, so a secret-looking tail hides nothing', () => {
    for (const name of ['NODE_OPTIONS=--import=data:text/javascript,x//_TOKEN', 'LD_PRELOAD=/tmp/x.so', 'PATH\0_SECRET', 'node_options=x']) {
      expect(isDangerousEnv(name), name).toBe(true);
    }
    const r = reviewRecipe(
      { transport: 'stdio', command: 'node', args: [], env: { 'NODE_OPTIONS=--import=x//_TOKEN': 'v' }, cwd: '/w' },
      'h',
      'the bundle b.json',
    );
    expect(r.env[0]).toMatchObject({ value: 'v', secret: false, dangerous: true });
  });

  it('masks the value after a secret-looking flag and the --flag=value form, and nothing else', () => {
    expect(
      maskSecretArgs([
        '--api-key',
        'K1',
        '--token=T1',
        '--password',
        'P1',
        '--client-secret',
        'S1',
        '--github-token',
        'G1',
        '--port',
        '8080',
        '-k',
        'x',
        '--keys',
        'y',
      ]),
    ).toEqual([
      '--api-key',
      '[REDACTED]',
      '--token=[REDACTED]',
      '--password',
      '[REDACTED]',
      '--client-secret',
      '[REDACTED]',
      '--github-token',
      '[REDACTED]',
      '--port',
      '8080',
      '-k',
      'x',
      '--keys',
      'y',
    ]);
  });

  it('shows a dangerous variable in full even when its value looks secret, and masks secret-named ones', () => {
    const r = reviewRecipe(
      {
        transport: 'stdio',
        command: 'node',
        args: ['s.js', '--api-key', 'abc123'],
        env: { NODE_OPTIONS: '--require ./evil.js', OPENAI_API_KEY: 'sk-x', MODE: 'dev' },
        cwd: '/w',
      },
      'h',
      'the bundle b.json',
      ['MODE'],
    );
    expect(r.args).toEqual(['s.js', '--api-key', '[REDACTED]']);
    expect(r.env).toEqual([
      { name: 'MODE', value: '[REDACTED]', secret: true, dangerous: false },
      { name: 'NODE_OPTIONS', value: '--require ./evil.js', secret: false, dangerous: true },
      { name: 'OPENAI_API_KEY', value: '[REDACTED]', secret: true, dangerous: false },
    ]);
    expect(r.dangerous).toEqual(['NODE_OPTIONS']);
    const text = formatRecipeReview(r);
    expect(text).toContain("command: node s.js --api-key '[REDACTED]'");
    expect(text).toContain('env:     NODE_OPTIONS=--require ./evil.js   <-- DANGEROUS');
    expect(text).toContain('WARNING: NODE_OPTIONS can make the server run code the file chose.');
  });
});
