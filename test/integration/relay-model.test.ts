// The Chat tab's relay routes against a real relay and the fake OpenAI server: a key typed in the page is kept in
// secrets.json (0600) and nowhere else (not in the SQLite store, its WAL, an event or a bundle), each model request is
// recorded in the session as a masked `model-exchange` event, a refused key is a clear MODEL_FAILED, and Stop aborts
// the provider's stream.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SERVER, FIXTURES, startRelay, type RelayHandle } from '../helpers/relay-process.js';
import { fixtureStarter, type RemoteServer } from '../helpers/remote-server.js';

const TYPED_KEY = 'sk-typed-in-the-page-9f8e7d6c5b4a';
const ENV_KEY = 'sk-from-the-relay-env-0a1b2c3d4e5f';
const openai = fixtureStarter(join(FIXTURES, 'fake-openai.mjs'));

interface Reply {
  text: string;
  seq: number;
  usage: { inputTokens: number } | null;
}

let relay: RelayHandle;
let fake: RemoteServer;
let sessionId: string;

const complete = (requestId: string, text: string) =>
  relay.api<Reply & { error?: { code: string; message: string } }>(`/api/sessions/${sessionId}/model/complete`, {
    method: 'POST',
    body: JSON.stringify({
      requestId,
      purpose: 'chat',
      request: { model: 'm', messages: [{ role: 'user', text }], tools: [{ name: 'echo', description: 'Echo', parameters: { type: 'object' } }] },
    }),
  });

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

beforeAll(async () => {
  fake = await openai({ FAKE_MODEL_SCRIPT: JSON.stringify([{ text: `Hello. Your key is ${TYPED_KEY}` }, { status: 401 }, { stall: true }]) });
  relay = await startRelay({ command: [process.execPath, DEMO_SERVER], env: { OPENAI_API_KEY: ENV_KEY } });
  const sessions = await relay.api<{ id: string }[]>('/api/sessions');
  sessionId = sessions.body[0]!.id;
});
afterAll(async () => {
  await relay?.stop();
});

describe("the relay as the Chat tab's model host", () => {
  it('keeps a typed key in secrets.json only, proxies a model request and records it, masked, as a model-exchange event', async () => {
    expect((await relay.api('/api/model/settings')).body).toEqual({ provider: null, baseUrl: null, model: null, models: [], keySource: 'none' });
    const saved = await relay.api('/api/model/settings', {
      method: 'PUT',
      body: JSON.stringify({ provider: 'openai', baseUrl: fake.url('/v1'), model: 'm', models: ['m-large', 'claude-haiku'], apiKey: TYPED_KEY }),
    });
    // The listed models (for sampling's hints) are kept; a save without the list keeps it.
    expect(saved.body).toEqual({ provider: 'openai', baseUrl: fake.url('/v1'), model: 'm', models: ['m-large', 'claude-haiku'], keySource: 'stored' });
    const again = await relay.api('/api/model/settings', { method: 'PUT', body: JSON.stringify({ provider: 'openai', baseUrl: fake.url('/v1'), model: 'm' }) });
    expect(again.body).toMatchObject({ models: ['m-large', 'claude-haiku'], keySource: 'stored' });

    const reply = await complete('r1', 'hi');
    expect(reply.status).toBe(200);
    expect(reply.body.text).toBe(`Hello. Your key is ${TYPED_KEY}`);
    expect(reply.body.usage?.inputTokens).toBeGreaterThan(0);
    // The provider got the typed key (it wins over the relay's environment).
    expect(fake.output()).toContain(`AUTH 1 ${TYPED_KEY}`);

    const frames = (
      await relay.api<{ frames: { seq: number; kind: string; method: string | null; text: string }[] }>(`/api/sessions/${sessionId}/frames?afterSeq=0`)
    ).body.frames;
    const event = frames.find((f) => f.seq === reply.body.seq)!;
    expect(event).toMatchObject({ kind: 'event', method: 'model-exchange' });
    const recorded = JSON.parse(event.text) as {
      purpose: string;
      provider: string;
      url: string;
      request: { messages: unknown[]; tools: unknown[] };
      reply: { text: string };
      status: number;
    };
    expect(recorded).toMatchObject({ purpose: 'chat', provider: 'openai', url: fake.url('/v1/chat/completions'), status: 200 });
    expect(recorded.request.messages).toEqual([{ role: 'user', content: 'hi' }]);
    // The model echoed the key: the recorded reply has it masked.
    expect(recorded.reply.text).toBe('Hello. Your key is [REDACTED]');
  });

  it('says clearly when the provider refuses the key, and records that too', async () => {
    const refused = await complete('r2', 'again');
    expect(refused.status).toBe(502);
    expect(refused.body.error).toMatchObject({ code: 'MODEL_FAILED' });
    expect(refused.body.error!.message).toMatch(/the openai provider refused the API key \(HTTP 401\)/);
    const frames = (await relay.api<{ frames: { method: string | null; text: string }[] }>(`/api/sessions/${sessionId}/frames?afterSeq=0`)).body.frames;
    expect(frames.filter((f) => f.method === 'model-exchange').map((f) => (JSON.parse(f.text) as { status: number }).status)).toEqual([200, 401]);
  });

  it('Stop aborts the model request at the provider and the reply says it was stopped', async () => {
    const pending = complete('r3', 'think');
    await fake.waitOutput(/STALLED 3/, 30_000);
    const stopped = await relay.api(`/api/sessions/${sessionId}/model/stop`, { method: 'POST', body: JSON.stringify({ requestId: 'r3' }) });
    expect(stopped.body).toEqual({ stopped: true });
    // A Stop is not a failure: the request ends with a reply that says it was stopped.
    const answer = await pending;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ text: '', stopReason: 'stopped' });
    await fake.waitOutput(/CLIENT CLOSED 3/);
  });

  it('leaves no key in the data dir but secrets.json (0600), nor in a bundle of the session', async () => {
    const bundle = await fetch(`${relay.base}/api/sessions/${sessionId}/bundle`, { headers: { authorization: `Bearer ${relay.token}` } });
    expect(bundle.status).toBe(200);
    const bytes = Buffer.from(await bundle.arrayBuffer()).toString('latin1');
    expect(bytes.length).toBeGreaterThan(100);
    expect(bytes).not.toContain(TYPED_KEY);
    expect(bytes).not.toContain(ENV_KEY);
    for (const file of filesUnder(relay.dataDir)) {
      const text = readFileSync(file).toString('latin1');
      expect(text, file).not.toContain(ENV_KEY);
      if (file.endsWith('secrets.json')) {
        expect(text).toContain(TYPED_KEY);
        expect(statSync(file).mode & 0o777).toBe(0o600);
      } else expect(text, file).not.toContain(TYPED_KEY);
    }
    // The page is told where the key is, never what it is.
    expect(JSON.stringify((await relay.api('/api/model/settings')).body)).not.toContain(TYPED_KEY);
  });
});
