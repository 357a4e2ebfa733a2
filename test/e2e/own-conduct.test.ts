// mcpscope's own conduct, however a session is started with the feature panels open: against a server that declares
// only tools, nothing but the handshake goes out before it completes, nothing is asked of a capability the server did
// not declare, and the session's lint finds nothing at all (the inspector is never the source of what it reports).
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonSchemaValidator, lintFrames } from '../../shared/lint/index.js';
import type { Profile } from '../../shared/profiles/profile.js';
import type { FrameRecord, SessionInfo } from '../../shared/relay-protocol.js';
import { openInspector, type Inspector } from '../helpers/browser.js';
import { openTab, waitForServer } from '../helpers/panel-page.js';
import { FIXTURES, waitFor } from '../helpers/relay-process.js';

const TOOLS_ONLY = join(FIXTURES, 'tools-only-server.mjs');
/** Requests of capabilities the fixture does not declare: mcpscope must never send one on its own. */
const UNDECLARED = ['resources/list', 'resources/templates/list', 'prompts/list', 'logging/setLevel', 'completion/complete', 'resources/subscribe'];
const PANELS = ['tools', 'resources', 'prompts', 'logging', 'tasks'];

let ui: Inspector;
let page: Page;

async function frames(sessionId: string): Promise<FrameRecord[]> {
  return (await ui.relay.api<{ frames: FrameRecord[] }>(`/api/sessions/${sessionId}/frames?afterSeq=0&limit=10000`)).body.frames;
}

async function sessions(): Promise<SessionInfo[]> {
  return (await ui.relay.api<SessionInfo[]>('/api/sessions')).body;
}

/** Waits for a session that was not there before, and for its panels to have listed the tools. */
async function newSession(before: readonly SessionInfo[]): Promise<string> {
  const known = new Set(before.map((s) => s.id));
  const created = await waitFor(async () => (await sessions()).find((s) => !known.has(s.id)), 'a new session', 30_000);
  await waitFor(
    async () => (await frames(created.id)).some((f) => f.dir === 'in' && f.kind === 'response' && f.text.includes('"tools"')),
    `tools/list answered in ${created.id}`,
    30_000,
  );
  return created.id;
}

/** The session's conduct, from what the relay recorded: the handshake first, nothing undeclared, no finding. */
async function expectCleanConduct(sessionId: string, era: 'legacy' | 'modern'): Promise<void> {
  // Give late panel requests (a re-list, a second panel mounting) a moment to show up before judging.
  await new Promise((r) => setTimeout(r, 1500));
  const recorded = await frames(sessionId);
  const out = recorded.filter((f) => f.dir === 'out');
  const opener = era === 'legacy' ? 'notifications/initialized' : 'server/discover';
  const openAt =
    era === 'legacy'
      ? out.findIndex((f) => f.method === opener)
      : recorded.findIndex((f) => f.dir === 'in' && f.kind === 'response' && f.text.includes('supportedVersions'));
  expect(openAt, `${opener} in ${sessionId}: ${JSON.stringify(recorded.map((f) => [f.dir, f.kind, f.method, f.text.slice(0, 200)]))}`).toBeGreaterThanOrEqual(
    0,
  );
  const beforeOpen = era === 'legacy' ? out.slice(0, openAt) : out.filter((f) => f.seq < recorded[openAt]!.seq);
  expect(beforeOpen.map((f) => f.method)).toEqual(era === 'legacy' ? ['initialize'] : ['server/discover']);
  expect(out.filter((f) => UNDECLARED.includes(f.method ?? '')).map((f) => f.method)).toEqual([]);
  expect(out.some((f) => f.method === 'tools/list')).toBe(true);
  // Every frame the page sent says who made it; the handshake and the panels' own lists are bookkeeping.
  expect(out.filter((f) => f.origin === undefined)).toEqual([]);
  expect(
    out.filter((f) => f.method === 'initialize' || f.method === 'server/discover' || f.method === 'tools/list').every((f) => f.origin === 'bookkeeping'),
  ).toBe(true);
  const findings = lintFrames(recorded, { transport: 'stdio', jsonSchemaValidator: new JsonSchemaValidator() });
  expect(findings.map((f) => `${f.ruleId} #${f.seq}: ${f.message}`)).toEqual([]);
}

async function openPanels(): Promise<void> {
  for (const id of PANELS) await openTab(page, id);
  await openTab(page, 'tools');
}

async function connectTarget(args: string[]): Promise<void> {
  if ((await page.getByTestId('target-command').count()) === 0) await page.getByTestId('target-toggle').click();
  await page.getByTestId('target-command').fill(process.execPath);
  await page.getByTestId('target-args').fill(args.join('\n'));
  await page.getByTestId('connect-button').click();
}

beforeAll(async () => {
  ui = await openInspector({ command: [process.execPath, TOOLS_ONLY] });
  ({ page } = ui);
  await waitForServer(page);
  await openPanels();
});
afterAll(() => ui?.close());

describe("mcpscope's own conduct against a tools-only server", () => {
  it('on the launch session: handshake first, only tools listed, no finding', async () => {
    const [launch] = await sessions();
    await waitFor(async () => (await frames(launch!.id)).some((f) => f.method === 'tools/list'), 'tools/list', 20_000);
    await expectCleanConduct(launch!.id, 'legacy');
  });

  it('says in the Resources and Prompts panels why nothing was listed, with a way to ask anyway', async () => {
    await openTab(page, 'resources');
    const note = page.getByTestId('resources-panel').getByTestId('undeclared-note');
    await note.waitFor({ timeout: 10_000 });
    expect(await note.textContent()).toMatch(/did not declare the capability "resources", so mcpscope did not ask for resources\/list/);
    await openTab(page, 'prompts');
    await page.getByTestId('prompts-panel').getByTestId('undeclared-note').waitFor({ timeout: 10_000 });
    await openTab(page, 'tools');
  });

  it('after a target switch with the panels open', async () => {
    const before = await sessions();
    await connectTarget([TOOLS_ONLY, '--second']);
    await expectCleanConduct(await newSession(before), 'legacy');
  });

  it('after an era switch to modern with the panels open', async () => {
    const before = await sessions();
    await page.getByTestId('era-select').selectOption('modern');
    await page.getByTestId('connect-button').click();
    await expectCleanConduct(await newSession(before), 'modern');
  });

  it('after an era switch to auto: the probe, then initialize, then the panels', async () => {
    const before = await sessions();
    await page.getByTestId('era-select').selectOption('auto');
    await page.getByTestId('connect-button').click();
    const id = await newSession(before);
    await expectCleanConduct(id, 'modern');
  });

  it('after a profile connect, and a restart of that session', async () => {
    await page.getByTestId('era-select').selectOption('legacy');
    const target = { transport: 'stdio', command: process.execPath, args: [TOOLS_ONLY, '--profile'] };
    const made = await ui.relay.api<Profile>('/api/profiles', {
      method: 'POST',
      body: JSON.stringify({ name: 'tools only', target, era: 'legacy', protocolVersion: '2025-11-25' }),
    });
    expect(made.status).toBe(201);
    await page.reload();
    await openPanels();
    const before = await sessions();
    await page.getByTestId('view-tab-sessions').click();
    await page.locator(`[data-testid="profile-row"][data-profile-id="${made.body.id}"]`).getByTestId('profile-connect').click();
    const id = await newSession(before);
    await expectCleanConduct(id, 'legacy');
    // A restart: a new process, a new handshake, and the panels ask again only after it.
    const listed = (await frames(id)).filter((f) => f.method === 'tools/list').length;
    await page.getByTestId('restart-button').click();
    await waitFor(async () => (await frames(id)).filter((f) => f.method === 'tools/list').length > listed, 'tools/list after the restart', 30_000);
    // Lint once the second session's requests are answered: read at the moment its tools/list went out, the recording
    // ends on a request whose answer is still on its way (the linter's unanswered-request).
    const lastList = (await frames(id)).filter((f) => f.method === 'tools/list').at(-1)!;
    await waitFor(
      async () => (await frames(id)).some((f) => f.dir === 'in' && f.seq > lastList.seq && f.rpcId === lastList.rpcId),
      'the answer to tools/list after the restart',
      30_000,
    );
    const after = await frames(id);
    const spawnedAgain = after.filter((f) => f.kind === 'event' && f.method === 'spawned').at(-1)!.seq;
    const second = after.filter((f) => f.dir === 'out' && f.seq > spawnedAgain);
    expect(second.slice(0, 2).map((f) => f.method)).toEqual(['initialize', 'notifications/initialized']);
    expect(second.filter((f) => UNDECLARED.includes(f.method ?? ''))).toEqual([]);
    expect(lintFrames(after, { transport: 'stdio', jsonSchemaValidator: new JsonSchemaValidator() }).map((f) => f.ruleId)).toEqual([]);
  });

  it('ran without page errors', () => expect(ui.errors).toEqual([]));
});
