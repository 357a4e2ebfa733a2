// The Chat tab in Chromium against server-everything and the fake OpenAI server (test/fixtures/fake-openai.mjs): a key
// typed in the page stays write-only, the model's tool call waits for the approval prompt, runs through the page's
// engine with provenance `model`, shows in place with links to its frames, and each model request is a model-exchange
// event in the session, drawn on the sequence view's model lane. Then a server's sampling request is answered by the
// model, edited by the person before it is sent, then on its own when the auto-response rule says so; and Stop during
// a tool call cancels it on the wire.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInfo } from '../../shared/relay-protocol.js';
import { openInspector, type Inspector } from '../helpers/browser.js';
import { fillCodeEditor, openTab, selectTool, sessionFrames, waitForServer } from '../helpers/panel-page.js';
import { EVERYTHING_SERVER, FIXTURES } from '../helpers/relay-process.js';
import { startRemoteServer, type RemoteServer } from '../helpers/remote-server.js';

const KEY = 'sk-typed-in-the-chat-tab-4242424242';

describe('the Chat tab', () => {
  let ui: Inspector;
  let fake: RemoteServer;
  let sessionId: string;
  beforeAll(async () => {
    fake = await startRemoteServer(join(FIXTURES, 'fake-openai.mjs'), [], {
      FAKE_MODEL_SCRIPT: JSON.stringify([
        { text: 'Let me add.', toolCalls: [{ name: 'get-sum', arguments: { a: 6, b: 3 } }] },
        { text: 'Six plus three is 9.' },
        { text: 'A haiku from the model' },
        { text: 'An automatic haiku' },
        { toolCalls: [{ name: 'trigger-long-running-operation', arguments: { duration: 60, steps: 60 } }] },
        { stall: true, text: 'Thinking about it' },
      ]),
    });
    ui = await openInspector({ command: [process.execPath, EVERYTHING_SERVER, 'stdio'], viewport: { width: 1400, height: 1000 } });
    await waitForServer(ui.page);
    sessionId = (await ui.relay.api<SessionInfo[]>('/api/sessions')).body[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await ui?.close();
    await fake?.stop();
  });

  it('runs a tool conversation with the approval prompt, each call linked to its frames, the key never shown', async () => {
    const page = ui.page;
    await openTab(page, 'chat');
    await page.getByTestId('model-base-url').fill(fake.url('/v1'));
    await page.getByTestId('model-name').fill('m');
    await page.getByTestId('model-key').fill(KEY);
    await page.getByTestId('model-save').click();
    await expect.poll(() => page.getByTestId('model-key').getAttribute('placeholder')).toBe('key: stored by the relay');
    expect(await page.getByTestId('model-key').inputValue()).toBe('');

    await page.getByTestId('chat-prompt').fill('What is 6 + 3?');
    await page.getByTestId('chat-send').click();
    // Ask before every call (the default): the call waits for a person.
    const approval = page.getByTestId('chat-approval');
    await approval.waitFor({ timeout: 30_000 });
    expect(await approval.textContent()).toContain('get-sum');
    expect((await sessionFrames(ui.relay, sessionId)).filter((f) => f.origin === 'model')).toEqual([]);
    await page.getByTestId('chat-approve').click();

    await page.getByTestId('chat-reply').filter({ hasText: 'Six plus three is 9.' }).waitFor({ timeout: 30_000 });
    const card = page.locator('[data-testid="chat-tool-call"][data-tool="get-sum"]');
    await expect.poll(() => card.getAttribute('data-decision')).toBe('approved');
    expect(await card.getByTestId('chat-tool-result').textContent()).toBe('The sum of 6 and 3 is 9.');
    await page
      .getByTestId('chat-outcome')
      .filter({ hasText: /^answer/ })
      .waitFor();
    expect(await page.getByTestId('chat-usage').count()).toBe(2);

    // The call went out through the page's engine as the model's, and the links lead to its frames.
    const frames = await sessionFrames(ui.relay, sessionId);
    const request = frames.find((f) => f.dir === 'out' && f.method === 'tools/call' && f.origin === 'model')!;
    expect(request).toBeDefined();
    const links = await card.getByTestId('chat-frame-link').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))));
    expect(links[0]).toBe(request.seq);
    expect(frames.find((f) => f.seq === links[1])).toMatchObject({ dir: 'in', rpcId: request.rpcId });
    await card.getByTestId('chat-frame-link').first().click();
    await page.locator(`[data-testid="log-row"][data-seq="${request.seq}"][aria-selected="true"]`).waitFor();

    // Both model requests are events of the session; the tool's result reached the model.
    const exchanges = frames.filter((f) => f.method === 'model-exchange');
    expect(exchanges).toHaveLength(2);
    expect(exchanges[1]!.text).toContain('"role":"tool"');
    expect(fake.output()).toContain(`AUTH 1 ${KEY}`);
    for (const f of frames) expect(f.text).not.toContain(KEY);
    expect(await page.content()).not.toContain(KEY);
  }, 120_000);

  it('draws the model as a fourth lane of the sequence view: model → mcpscope → server and back', async () => {
    const page = ui.page;
    const frames = await sessionFrames(ui.relay, sessionId);
    const request = frames.find((f) => f.dir === 'out' && f.method === 'tools/call' && f.origin === 'model')!;
    const response = frames.find((f) => f.dir === 'in' && f.rpcId === request.rpcId)!;
    const exchange = frames.find((f) => f.method === 'model-exchange')!;
    await page.getByTestId('log-view-sequence').click();
    await page.getByTestId('sequence-view').waitFor();
    await expect
      .poll(() => page.getByTestId('seq-lane').evaluateAll((els) => els.map((e) => e.getAttribute('data-lane'))))
      .toEqual(['model', 'client', 'mcpscope', 'server']);
    const laneX = (lane: string) => page.locator(`[data-testid="seq-lane"][data-lane="${lane}"]`).getAttribute('x').then(Number);
    const ends = (seq: number) =>
      page
        .locator(`[data-testid="seq-arrow"][data-seq="${seq}"]`)
        .evaluate((g) => [Number(g.getAttribute('data-from-x')), Number(g.getAttribute('data-to-x'))]);
    const [model, mcpscope, server] = [await laneX('model'), await laneX('mcpscope'), await laneX('server')];
    await page.getByTestId('sequence-scroll').evaluate((el) => (el.scrollTop = el.scrollHeight));
    expect(await ends(exchange.seq)).toEqual([mcpscope, model]);
    expect(await ends(request.seq)).toEqual([model, server]);
    expect(await ends(response.seq)).toEqual([server, model]);
    await page.getByTestId('log-view-log').click();
  }, 60_000);

  it("answers the server's sampling request with the model, edited by the person before it is sent", async () => {
    const page = ui.page;
    await selectTool(page, 'trigger-sampling-request');
    await page.locator('#args_prompt').fill('a haiku');
    await page.getByTestId('tool-call').click();
    await openTab(page, 'server-requests');
    const card = page.locator('[data-testid="server-request"][data-kind="sampling"][data-state="pending"]');
    await card.waitFor({ timeout: 15_000 });
    await card.getByTestId('sampling-ask-model').click();
    await card.getByTestId('sampling-model-note').filter({ hasText: 'm answered' }).waitFor({ timeout: 30_000 });
    // The model's answer fills the editor; nothing went back to the server yet.
    // Monaco draws spaces as no-break spaces.
    await expect
      .poll(async () => (await card.getByTestId('sampling-result').textContent())?.replaceAll('\u00a0', ' '), { timeout: 10_000 })
      .toContain('A haiku from the model');
    const frames = await sessionFrames(ui.relay, sessionId);
    const asked = frames.filter((f) => f.dir === 'in' && f.method === 'sampling/createMessage').at(-1)!;
    expect(frames.some((f) => f.dir === 'out' && f.kind === 'response' && f.rpcId === asked.rpcId)).toBe(false);
    const exchange = JSON.parse(frames.filter((f) => f.method === 'model-exchange').at(-1)!.text) as {
      purpose: string;
      request: { messages: { role: string; content: string }[] };
    };
    expect(exchange.purpose).toBe('sampling');
    expect(exchange.request.messages).toContainEqual({ role: 'user', content: 'Resource trigger-sampling-request context: a haiku' });
    const edited = { role: 'assistant', content: { type: 'text', text: 'A haiku, edited by a person' }, model: 'm', stopReason: 'endTurn' };
    await fillCodeEditor(page, card.getByTestId('sampling-result'), JSON.stringify(edited));
    await card.getByTestId('sampling-send').click();
    await openTab(page, 'tools');
    await page.getByTestId('tool-result').filter({ hasText: 'A haiku, edited by a person' }).waitFor({ timeout: 15_000 });
  }, 90_000);

  it("answers the server's sampling request with the model on its own when the auto-response rule says so", async () => {
    const page = ui.page;
    await openTab(page, 'server-requests');
    await page.getByTestId('rule-sampling').selectOption('model');
    await openTab(page, 'tools');
    await selectTool(page, 'trigger-sampling-request');
    await page.locator('#args_prompt').fill('another haiku');
    await page.getByTestId('tool-call').click();
    // Nobody clicks: the model's answer reaches the tool.
    await page.getByTestId('tool-result').filter({ hasText: 'An automatic haiku' }).waitFor({ timeout: 30_000 });
    await openTab(page, 'server-requests');
    const card = page.locator('[data-testid="server-request"][data-kind="sampling"]').first();
    expect(await card.getAttribute('data-state')).toBe('auto');
    expect(await card.getByTestId('sampling-model-note').textContent()).toMatch(/^m answered .*sent without asking/);
    const frames = await sessionFrames(ui.relay, sessionId);
    const exchange = JSON.parse(frames.filter((f) => f.method === 'model-exchange').at(-1)!.text) as { purpose: string };
    expect(exchange.purpose).toBe('sampling');
    await page.getByTestId('rule-sampling').selectOption('manual');
  }, 90_000);

  it('Stop during a tool call the model asked for cancels it on the wire (notifications/cancelled)', async () => {
    const page = ui.page;
    await openTab(page, 'chat');
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.getByTestId('chat-prompt').fill('Run the long operation.');
    await page.getByTestId('chat-send').click();
    await page.getByTestId('chat-approval').waitFor({ timeout: 30_000 });
    await page.getByTestId('chat-approve').click();
    // The call is on the wire and the server is working on it (its progress runs for a minute).
    const inFlight = async () =>
      (await sessionFrames(ui.relay, sessionId)).find(
        (f) => f.dir === 'out' && f.method === 'tools/call' && f.origin === 'model' && f.text.includes('trigger-long-running-operation'),
      );
    await expect.poll(inFlight, { timeout: 15_000 }).toBeDefined();
    const request = (await inFlight())!;
    await page.getByTestId('chat-stop').click();
    await page
      .getByTestId('chat-outcome')
      .filter({ hasText: /^stopped/ })
      .waitFor({ timeout: 15_000 });
    const cancelled = async () =>
      (await sessionFrames(ui.relay, sessionId)).find((f) => f.dir === 'out' && f.method === 'notifications/cancelled' && f.seq > request.seq);
    await expect.poll(cancelled, { timeout: 10_000 }).toBeDefined();
    const params = (JSON.parse((await cancelled())!.text) as { params: { requestId: unknown; reason?: string } }).params;
    expect(String(params.requestId)).toBe(request.rpcId);
    // The card lists the cancellation among the call's frames.
    const card = page.locator('[data-testid="chat-tool-call"][data-tool="trigger-long-running-operation"]');
    await expect
      .poll(() => card.getByTestId('chat-frame-link').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq')))))
      .toContain((await cancelled())!.seq);
  }, 90_000);

  it('streams the reply into the page as it comes, and Stop cancels the model request at the provider', async () => {
    const page = ui.page;
    await openTab(page, 'chat');
    await page.getByTestId('chat-prompt').fill('Think.');
    await page.getByTestId('chat-send').click();
    // The provider has sent a first piece and holds the stream open: the page shows that piece before any reply is whole.
    await page.getByTestId('chat-streaming').filter({ hasText: 'Thinking about it' }).waitFor({ timeout: 30_000 });
    await fake.waitOutput(/STALLED 6/);
    await page.getByTestId('chat-stop').click();
    await page
      .getByTestId('chat-outcome')
      .filter({ hasText: /^stopped/ })
      .waitFor({ timeout: 15_000 });
    await fake.waitOutput(/CLIENT CLOSED 6/);
    await page.getByTestId('chat-send').waitFor();
    expect(ui.errors).toEqual([]);
  }, 60_000);
});
