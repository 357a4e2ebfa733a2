// Trust before running anything from a file: a bundle crafted to run code (NODE_OPTIONS=--import=data:…) does nothing
// until a person has seen its recipe and said yes: at a terminal, with --yes, or through the relay's confirmation.
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../shared/archive-api.js';
import type { RelayErrorBody } from '../../shared/relay-errors.js';
import type { RelayConfig, SessionInfo } from '../../shared/relay-protocol.js';
import type { RecipeReview } from '../../shared/trust/recipe-review.js';
import { craftBundle, recordDemoBundle } from '../helpers/crafted-bundle.js';
import { DEMO_SERVER, FIXTURES, ROOT, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { runCli, runOnTerminal } from '../helpers/run-cli.js';

let bundleText: string;
const relays: RelayHandle[] = [];

beforeAll(async () => {
  bundleText = await recordDemoBundle();
});

afterEach(async () => {
  await Promise.all(relays.splice(0).map((r) => r.stop()));
});

describe('mcpscope replay of a bundle from elsewhere', () => {
  it('prints the whole recipe, flags NODE_OPTIONS as dangerous, masks the secret and runs nothing without --yes', async () => {
    const b = craftBundle(bundleText, { API_TOKEN: 'sekrit-token-value', GREETING: 'hello' });
    const run = await runCli(['replay', b.file], {}, ROOT);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`The recipe from the bundle ${b.file} would run:`);
    expect(run.stderr).toContain('command: node dist/bundle/demo-server.js');
    expect(run.stderr).toMatch(/env: {5}NODE_OPTIONS=--import=data:text\/javascript,.*<-- DANGEROUS/);
    expect(run.stderr).toContain('env:     API_TOKEN=[REDACTED]');
    expect(run.stderr).toContain('env:     GREETING=hello');
    expect(run.stderr).toContain('not run: this recipe came from a file');
    expect(run.stderr).not.toContain('sekrit-token-value');
    expect(b.ran()).toBe(false);
  });

  it('runs it with --yes, and remembers that exact recipe: the next replay asks nothing, a changed one asks again', async () => {
    const b = craftBundle(bundleText);
    const yes = await runCli(['replay', b.file, '--yes'], {}, ROOT);
    expect(yes.stderr).toContain('confirmed by --yes');
    expect(yes.code).toBe(0);
    expect(b.ran()).toBe(true);
    const again = await runCli(['replay', b.file], {}, ROOT);
    expect(again.code).toBe(0);
    expect(again.stderr).not.toContain('would run');
    const changed = craftBundle(bundleText, { EXTRA: '1' });
    expect((await runCli(['replay', changed.file], {}, ROOT)).code).toBe(2);
    expect(changed.ran()).toBe(false);
  });

  it('asks at a terminal: "n" runs nothing, "y" runs it and remembers it', async () => {
    const home = mkdtempSync(join(tmpdir(), 'mcpscope-tty-home-'));
    const b = craftBundle(bundleText);
    const no = await runOnTerminal(['replay', b.file], 'n', home);
    expect(no.output).toContain('NODE_OPTIONS=--import=data:');
    expect(no.output).toContain('mcpscope replay: not run');
    expect(no.code).toBe(2);
    expect(b.ran()).toBe(false);
    const yes = await runOnTerminal(['replay', b.file], 'y', home);
    expect(yes.code).toBe(0);
    expect(b.ran()).toBe(true);
    const trust = join(home, 'mcpscope', 'confirmed-recipes.json');
    expect(JSON.stringify(JSON.parse(readFileSync(trust, 'utf8')))).toContain('"how":"confirmed"');
    expect(statSync(trust).mode & 0o777).toBe(0o600);
  });

  it('needs no confirmation for a server typed after --', async () => {
    const b = craftBundle(bundleText);
    const run = await runCli(['replay', b.file, '--', process.execPath, DEMO_SERVER], {}, ROOT);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('would run');
  });
});

describe('a bundle opened in the inspector', () => {
  it('opens read-only; the API refuses Replay with the recipe until it is confirmed, then runs it', async () => {
    const b = craftBundle(bundleText, { API_TOKEN: 'sekrit-token-value' });
    const relay = await startRelay({ leading: ['open', b.file] });
    relays.push(relay);
    expect(relay.output()).toContain('not confirmed: the session opens read-only');
    const { body: config } = await relay.api<RelayConfig>('/api/config');
    const refused = await relay.api<RelayErrorBody>(`/api/sessions/${config.launchSessionId}/replay`, { method: 'POST', body: '{}' });
    expect(refused.status).toBe(428);
    expect(refused.body.error.code).toBe('RECIPE_UNCONFIRMED');
    const review = refused.body.error.review as RecipeReview;
    expect(review).toMatchObject({ command: 'node', args: ['dist/bundle/demo-server.js'], cwd: ROOT, dangerous: ['NODE_OPTIONS'] });
    expect(review.env).toContainEqual({ name: 'API_TOKEN', value: '[REDACTED]', secret: true, dangerous: false });
    expect(b.ran()).toBe(false);

    const bogus = await relay.api(`/api/recipes/confirm`, { method: 'POST', body: JSON.stringify({ hash: 'f'.repeat(64) }) });
    expect(bogus.status).toBe(404);
    const confirmed = await relay.api(`/api/recipes/confirm`, { method: 'POST', body: JSON.stringify({ hash: review.hash }) });
    expect(confirmed.status).toBe(204);
    const replay = await relay.api<{ session: HistoryEntry }>(`/api/sessions/${config.launchSessionId}/replay`, { method: 'POST', body: '{}' });
    expect(replay.status).toBe(200);
    expect(b.ran()).toBe(true);
  });

  it('with --yes the recipe is confirmed at open, and Replay runs at once', async () => {
    const b = craftBundle(bundleText);
    const relay = await startRelay({ leading: ['open', b.file, '--yes'] });
    relays.push(relay);
    expect(relay.output()).toContain('confirmed by --yes');
    const { body: config } = await relay.api<RelayConfig>('/api/config');
    const replay = await relay.api(`/api/sessions/${config.launchSessionId}/replay`, { method: 'POST', body: '{}' });
    expect(replay.status).toBe(200);
    expect(b.ran()).toBe(true);
  });
});

describe('profiles imported from a config file', () => {
  it('do not start until their recipe is confirmed; a server typed into the connect form starts at once', async () => {
    const relay = await startRelay({ args: ['--demo'] });
    relays.push(relay);
    const text = readFileSync(join(FIXTURES, 'mcp-configs', 'claude_desktop_config.json'), 'utf8');
    const imported = await relay.api<{ profiles: Array<{ id: string; name: string; importedFrom?: string; target: { transport: string } }> }>(
      '/api/profiles/import',
      { method: 'POST', body: JSON.stringify({ text }) },
    );
    expect(imported.status).toBe(201);
    const stdio = imported.body.profiles.find((p) => p.target.transport === 'stdio')!;
    expect(stdio.importedFrom).toBeTruthy();
    const refused = await relay.api<RelayErrorBody>(`/api/profiles/${stdio.id}/connect`, { method: 'POST', body: '{"handshake":false}' });
    expect(refused.status).toBe(428);
    expect(refused.body.error.review?.source).toContain(`the imported profile "${stdio.name}"`);
    const typed = await relay.api<SessionInfo>('/api/sessions', {
      method: 'POST',
      body: JSON.stringify({
        target: { transport: 'stdio', command: process.execPath, args: [DEMO_SERVER], env: {} },
        protocolVersion: '2025-11-25',
        handshake: false,
      }),
    });
    expect(typed.status).toBe(201);
  });
});
