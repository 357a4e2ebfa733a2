import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { installScriptedClient, loadScriptedClient } from '../../server/call/call-answers.js';
import { ClientEngine } from '../../shared/engine/index.js';

const dir = mkdtempSync(join(tmpdir(), 'mcpscope-answers-'));
const file = (name: string, body: string) => {
  const path = join(dir, name);
  writeFileSync(path, body);
  return path;
};

describe('call --answers', () => {
  it('declares what the file answers, or what --capabilities says', async () => {
    const answers = file('a.json', JSON.stringify({ elicitation: { action: 'decline' }, roots: [{ uri: 'file:///w' }] }));
    expect(await loadScriptedClient({ answers, capabilities: null })).toMatchObject({ capabilities: { elicitation: {}, roots: {} } });
    expect(await loadScriptedClient({ answers, capabilities: ['roots', 'tasks'] })).toMatchObject({ capabilities: { roots: {}, tasks: {} } });
    expect(await loadScriptedClient({ answers: null, capabilities: null })).toBeNull();
  });

  it('refuses a file that is missing, not JSON, or not an answers file, saying why', async () => {
    await expect(loadScriptedClient({ answers: join(dir, 'none.json'), capabilities: null })).rejects.toThrow(/cannot read .*none\.json/);
    await expect(loadScriptedClient({ answers: file('b.json', '{'), capabilities: null })).rejects.toThrow(/b\.json is not JSON/);
    await expect(loadScriptedClient({ answers: file('c.json', '{"roots":"all"}'), capabilities: null })).rejects.toThrow(
      /c\.json is not an answers file: roots: /,
    );
  });

  it("answers the server's elicitation through the engine with the schema's defaults filled in", async () => {
    const sent: string[] = [];
    const engine = new ClientEngine({ send: (t) => void sent.push(t), serverRequests: 'answer' });
    const client = await loadScriptedClient({ answers: file('d.json', '{"elicitation":{"action":"accept","content":{"name":"Ada"}}}'), capabilities: null });
    installScriptedClient(engine, client!);
    engine.receive(
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'e1',
        method: 'elicitation/create',
        params: { message: 'who?', requestedSchema: { type: 'object', properties: { name: { type: 'string' }, age: { type: 'integer', default: 30 } } } },
      }),
    );
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent.map((t) => JSON.parse(t))).toEqual([{ jsonrpc: '2.0', id: 'e1', result: { action: 'accept', content: { name: 'Ada', age: 30 } } }]);
  });
});
