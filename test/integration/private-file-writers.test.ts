// The data dir's small JSON files (confirmed recipes, OAuth tokens, secrets) written by several mcpscope processes at
// once, as when three `mcpscope replay` runs share a data dir, or a `mcpscope call` saves a token while the relay does:
// every process's entries must survive. Each used to read the file, add its entry and write back what it had read,
// dropping the entry another process wrote in between (a replay then refused the recipe it had just confirmed).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lockFile } from '../../server/store/locked-files.js';
import { ROOT } from '../helpers/relay-process.js';
import { exitedAndRead } from '../helpers/run-cli.js';

const WRITERS = 6;
const EACH = 25;
const dist = (path: string) => pathToFileURL(join(ROOT, 'dist', 'server', path)).href;

/** Runs `body` (an ES module's text, with `w` the writer's number and `dir` the data dir) in WRITERS processes at once. */
async function writeSideBySide(body: string): Promise<string> {
  const dir = join(mkdtempSync(join(tmpdir(), 'mcpscope-writers-')), 'data');
  const runs = Array.from({ length: WRITERS }, (_, w) => {
    const p = spawn(process.execPath, ['--input-type=module', '-e', `const w = ${w}; const dir = ${JSON.stringify(dir)};\n${body}`], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    p.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    return exitedAndRead(p).then((code) => ({ code, stderr }));
  });
  for (const r of await Promise.all(runs)) expect(r, r.stderr).toMatchObject({ code: 0 });
  return dir;
}

describe.concurrent('files in the data dir written by several processes at once', () => {
  it('keeps every confirmed recipe', async () => {
    const dir = await writeSideBySide(`
      const { RecipeTrust } = await import(${JSON.stringify(dist('trust/recipe-trust.js'))});
      for (let i = 0; i < ${EACH}; i++) new RecipeTrust(dir).allow({ transport: 'stdio', command: 'node', args: [\`w\${w}-\${i}\`], env: {}, cwd: '/srv' }, 'confirmed');
    `);
    const { RecipeTrust } = await import('../../server/trust/recipe-trust.js');
    const trust = new RecipeTrust(dir);
    const missing = [];
    for (let w = 0; w < WRITERS; w++)
      for (let i = 0; i < EACH; i++)
        if (!trust.isConfirmed({ transport: 'stdio', command: 'node', args: [`w${w}-${i}`], env: {}, cwd: '/srv' })) missing.push(`w${w}-${i}`);
    expect(missing).toEqual([]);
    // Every lock was released, and no temporary file was left.
    expect(readdirSync(dir)).toEqual(['confirmed-recipes.json']);
  });

  it('keeps every OAuth token entry', async () => {
    const dir = await writeSideBySide(`
      const { FileTokenStore } = await import(${JSON.stringify(dist('oauth/token-store.js'))});
      for (let i = 0; i < ${EACH}; i++) new FileTokenStore(dir).put({ serverUrl: \`http://127.0.0.1:1/w\${w}-\${i}\`, issuer: 'http://127.0.0.1:1' });
    `);
    const { FileTokenStore } = await import('../../server/oauth/token-store.js');
    expect(new FileTokenStore(dir).list()).toHaveLength(WRITERS * EACH);
    expect(readdirSync(dir)).toEqual(['oauth-tokens.json']);
  });

  it('keeps every secret', async () => {
    const dir = await writeSideBySide(`
      const { SecretStore } = await import(${JSON.stringify(dist('store/secret-store.js'))});
      for (let i = 0; i < ${EACH}; i++) new SecretStore(dir).put(\`w\${w}\`, \`k\${i}\`, { v: i });
    `);
    const { SecretStore } = await import('../../server/store/secret-store.js');
    const store = new SecretStore(dir);
    const missing = [];
    for (let w = 0; w < WRITERS; w++) for (let i = 0; i < EACH; i++) if (store.get(`w${w}`, `k${i}`) === undefined) missing.push(`w${w}/k${i}`);
    expect(missing).toEqual([]);
    expect(readdirSync(dir)).toEqual(['secrets.json']);
  });
});

describe('the lock of a data-dir file', () => {
  it('waits for the process that holds it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-lock-')), 'secrets.json');
    const lock = `${file}.lock`;
    // Held as proper-lockfile holds it: the directory <file>.lock, made by another process and removed 400 ms later.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `require('fs').mkdirSync(${JSON.stringify(lock)}); console.log('held'); setTimeout(() => require('fs').rmSync(${JSON.stringify(lock)}, { recursive: true }), 400)`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise((r) => holder.stdout.once('data', r));
    const asked = performance.now();
    const release = lockFile(file);
    expect(performance.now() - asked).toBeGreaterThan(150);
    expect(existsSync(lock)).toBe(true);
    release();
    expect(existsSync(lock)).toBe(false);
    await exitedAndRead(holder);
  });

  it('takes over a lock left by a process that died holding it', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-lock-')), 'confirmed-recipes.json');
    mkdirSync(`${file}.lock`);
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, minuteAgo, minuteAgo);
    const asked = performance.now();
    lockFile(file)();
    expect(existsSync(`${file}.lock`)).toBe(false);
    expect(performance.now() - asked).toBeLessThan(1_000);
  });
});
