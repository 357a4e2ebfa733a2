// End-to-end checks of the compiled demo MCP server, driven by the SDK client over a real stdio child process.
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { LoggingMessageNotificationSchema, ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { LoggingMessageNotification, Progress } from '@modelcontextprotocol/sdk/types.js';
import { assertDemoBuilt, connectDemo, delay, DEMO_SERVER_PATH, waitFor } from './demo-client.js';
import type { DemoConnection } from './demo-client.js';
import { exitedAndRead } from '../helpers/run-cli.js';

// Assertions walk deep into generated JSON Schema; typing every level would hide what is being checked.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type JsonSchema = Record<string, any>;

function textOf(result: unknown): string {
  const content = ((result as { content?: unknown }).content ?? []) as Array<{ text?: string }>;
  return content.map((part) => part.text ?? '').join('\n');
}

describe('the demo MCP server', () => {
  let demo: DemoConnection;
  let client: Client;
  const logs: LoggingMessageNotification['params'][] = [];
  const updatedUris: string[] = [];

  beforeAll(async () => {
    demo = await connectDemo();
    client = demo.client;
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updatedUris.push(n.params.uri));
  });

  afterAll(async () => {
    await client?.close();
  });

  it('introduces itself as mcpscope-demo 0.1.0 with instructions and the capabilities it uses', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'mcpscope-demo', version: '0.1.0' });
    expect(client.getInstructions()).toContain('get_weather');
    const caps = client.getServerCapabilities();
    expect(caps?.logging).toBeDefined();
    expect(caps?.completions).toBeDefined();
    expect(caps?.resources?.subscribe).toBe(true);
    expect(caps?.tools).toBeDefined();
    expect(caps?.prompts).toBeDefined();
    expect(demo.stderr()).toContain('mcpscope-demo: ready on stdio');
  });

  it('lists its tools with rich input schemas, including a union inside an array of objects', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    for (const name of ['get_weather', 'plan_trip', 'create_order', 'slow_count', 'log_message', 'divide', 'echo']) {
      expect(byName.has(name), name).toBe(true);
    }
    const weather = byName.get('get_weather')!;
    expect(weather.inputSchema.required).toEqual(['location']);
    expect((weather.inputSchema.properties as JsonSchema).units).toMatchObject({ enum: ['celsius', 'fahrenheit'], default: 'celsius' });
    expect(weather.outputSchema?.properties).toHaveProperty('temperature');

    const trip = byName.get('plan_trip')!.inputSchema.properties as JsonSchema;
    expect(trip.destination.type).toBe('object');
    expect(trip.destination.properties.country.pattern).toBe('^[A-Z]{2}$');
    expect(trip.destination.properties.arrival.format).toBe('date');
    expect(trip.destination.properties.nights).toMatchObject({ minimum: 1, maximum: 30, default: 3 });
    expect(trip.travellers.type).toBe('array');
    expect(trip.travellers.items.type).toBe('object');
    const ticket = trip.travellers.items.properties.ticket;
    expect(ticket.oneOf ?? ticket.anyOf).toHaveLength(2);

    const order = byName.get('create_order')!.inputSchema.properties as JsonSchema;
    expect(order.payment.anyOf ?? order.payment.oneOf).toHaveLength(3);
    expect(order.customer.properties.email.format).toBe('email');
    expect(order.items.items.properties.options.type).toBe('object');
  });

  it('answers get_weather with text naming the location and matching structured content, the same every time', async () => {
    const first = await client.callTool({ name: 'get_weather', arguments: { location: 'Lisbon' } });
    const second = await client.callTool({ name: 'get_weather', arguments: { location: 'Lisbon' } });
    expect(textOf(first)).toContain('Lisbon');
    expect(first.structuredContent).toMatchObject({ location: 'Lisbon', units: 'celsius' });
    expect(second).toEqual(first);
    const fahrenheit = await client.callTool({ name: 'get_weather', arguments: { location: 'Lisbon', units: 'fahrenheit' } });
    expect(textOf(fahrenheit)).toContain('°F');
  });

  it('echoes a summary of plan_trip and create_order so a tester can see the arguments arrived', async () => {
    const trip = await client.callTool({
      name: 'plan_trip',
      arguments: {
        destination: { city: 'Lisbon', country: 'PT', arrival: '2026-12-01' },
        travellers: [
          { name: 'Ana', age: 34, ticket: { kind: 'adult' } },
          { name: 'Rui', age: 8, ticket: { kind: 'child', guardian: 'Ana' } },
        ],
      },
    });
    expect(trip.isError).toBeFalsy();
    expect(textOf(trip)).toContain('Trip to Lisbon (PT) arriving 2026-12-01 for 3 nights by train');
    expect(textOf(trip)).toContain('Rui (8, child with Ana)');

    const order = await client.callTool({
      name: 'create_order',
      arguments: {
        customer: { name: 'Ana', email: 'ana@example.com' },
        items: [{ sku: 'MUG-0001', quantity: 2, options: { giftWrap: true } }],
        payment: { method: 'card', last4: '4242' },
      },
    });
    expect(textOf(order)).toContain('2 × MUG-0001 (gift wrapped)');
    expect(order.structuredContent).toMatchObject({ itemCount: 2, currency: 'EUR' });
  });

  it('returns an isError result, not a protocol error, for divide by zero and for a child without a guardian', async () => {
    const byZero = await client.callTool({ name: 'divide', arguments: { a: 1, b: 0 } });
    expect(byZero.isError).toBe(true);
    expect(textOf(byZero)).toContain('zero');
    expect(textOf(await client.callTool({ name: 'divide', arguments: { a: 6, b: 3 } }))).toBe('6 / 3 = 2');
    const orphan = await client.callTool({
      name: 'plan_trip',
      arguments: {
        destination: { city: 'Paris', country: 'FR', arrival: '2026-05-01' },
        travellers: [{ name: 'Kim', age: 6, ticket: { kind: 'child', guardian: 'Nobody' } }],
      },
    });
    expect(orphan.isError).toBe(true);
  });

  it('sends one progress notification per slow_count step, all before the response', async () => {
    const start = demo.wire.length;
    const result = await client.callTool({ name: 'slow_count', arguments: { steps: 3, delayMs: 10 } }, undefined, {
      onprogress: () => undefined,
    });
    expect(textOf(result)).toContain('Counted to 3');
    // Checked on the wire: SDK 1.x clients can drop the last progress when it shares a read with the response
    // (modelcontextprotocol/typescript-sdk#2580), which says nothing about the server.
    const seen = demo.wire.slice(start);
    const progress = seen.flatMap((m) => ('method' in m && m.method === 'notifications/progress' ? [m.params as Progress & { progressToken: number }] : []));
    expect(progress.map((p) => [p.progress, p.total])).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    const responseAt = seen.findIndex((m) => 'id' in m && m.id === progress[0]?.progressToken && 'result' in m);
    const lastProgressAt = seen.findLastIndex((m) => 'method' in m && m.method === 'notifications/progress');
    expect(lastProgressAt).toBeLessThan(responseAt);
  });

  it('stops slow_count, and its progress, when the request is cancelled', async () => {
    const controller = new AbortController();
    const start = demo.wire.length;
    const call = client.callTool({ name: 'slow_count', arguments: { steps: 50, delayMs: 100 } }, undefined, {
      signal: controller.signal,
      onprogress: () => controller.abort('test cancels'),
    });
    await expect(call).rejects.toThrow();
    await waitFor(() => logs.some((l) => l.logger === 'slow_count'), 2_000, 'the cancellation notice');
    expect(logs.find((l) => l.logger === 'slow_count')).toMatchObject({
      level: 'notice',
      data: expect.stringMatching(/^slow_count cancelled after [1-3] of 50 steps$/),
    });
    await delay(250);
    const progress = demo.wire.slice(start).filter((m) => 'method' in m && m.method === 'notifications/progress');
    expect(progress.length).toBeLessThanOrEqual(3);
    await expect(client.ping()).resolves.toBeDefined();
  });

  it('logs through notifications/message and honours logging/setLevel', async () => {
    const first = logs.length;
    await client.callTool({ name: 'log_message', arguments: { level: 'warning', message: 'disk nearly full' } });
    await waitFor(() => logs.length > first, 2_000, 'a logging notification');
    expect(logs.at(-1)).toMatchObject({ level: 'warning', data: 'disk nearly full', logger: 'mcpscope-demo' });

    await client.setLoggingLevel('error');
    const before = logs.length;
    await client.callTool({ name: 'log_message', arguments: { level: 'info', message: 'too quiet to pass' } });
    await client.callTool({ name: 'log_message', arguments: { level: 'critical', message: 'loud enough' } });
    await waitFor(() => logs.length > before, 2_000, 'the critical log');
    expect(logs.slice(before).map((l) => l.level)).toEqual(['critical']);
    await client.setLoggingLevel('debug');
  });

  it('lists and reads its text, JSON and binary resources', async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toEqual(expect.arrayContaining(['demo://readme', 'demo://config.json', 'demo://pixel.png', 'demo://clock', 'demo://cities/lisbon']));

    const readme = (await client.readResource({ uri: 'demo://readme' })).contents[0] as { text: string };
    expect(readme.text).toContain('# mcpscope-demo');
    const config = (await client.readResource({ uri: 'demo://config.json' })).contents[0] as { text: string; mimeType: string };
    expect(config.mimeType).toBe('application/json');
    expect(JSON.parse(config.text).server.name).toBe('mcpscope-demo');
    const pixel = (await client.readResource({ uri: 'demo://pixel.png' })).contents[0] as { blob: string; mimeType: string };
    expect(pixel.mimeType).toBe('image/png');
    expect(Buffer.from(pixel.blob, 'base64').subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('lists the city template, reads a city through it, and rejects an unknown city with -32002', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toContain('demo://cities/{city}');
    const city = (await client.readResource({ uri: 'demo://cities/lisbon' })).contents[0] as { text: string };
    expect(JSON.parse(city.text)).toMatchObject({ name: 'Lisbon', country: 'PT' });
    await expect(client.readResource({ uri: 'demo://cities/atlantis' })).rejects.toMatchObject({ code: -32002 });
  });

  it('completes the city template variable and the prompt arguments', async () => {
    const cities = await client.complete({ ref: { type: 'ref/resource', uri: 'demo://cities/{city}' }, argument: { name: 'city', value: 'l' } });
    expect(cities.completion.values).toEqual(['lisbon', 'london']);
    const locations = await client.complete({ ref: { type: 'ref/prompt', name: 'weather_report' }, argument: { name: 'location', value: 'pa' } });
    expect(locations.completion.values).toEqual(['Paris']);
    const languages = await client.complete({ ref: { type: 'ref/prompt', name: 'code_review' }, argument: { name: 'language', value: 'ty' } });
    expect(languages.completion.values).toEqual(['typescript']);
  });

  it('lists its prompts and renders their messages from the arguments', async () => {
    const { prompts } = await client.listPrompts();
    const review = prompts.find((p) => p.name === 'code_review');
    expect(prompts.map((p) => p.name)).toEqual(expect.arrayContaining(['weather_report', 'code_review']));
    expect(review?.arguments?.filter((a) => a.required).map((a) => a.name)).toEqual(['language', 'code']);

    const weather = await client.getPrompt({ name: 'weather_report', arguments: { location: 'Paris', style: 'detailed' } });
    expect(weather.messages[0]?.content).toMatchObject({ type: 'text', text: expect.stringContaining('detailed weather report for Paris') });
    const code = await client.getPrompt({ name: 'code_review', arguments: { language: 'python', code: 'print(1)' } });
    expect(code.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(code.messages[0]?.content).toMatchObject({ text: expect.stringContaining('```python\nprint(1)\n```') });
  });

  it('sends resource updates for demo://clock only while subscribed', async () => {
    await client.subscribeResource({ uri: 'demo://clock' });
    await waitFor(() => updatedUris.includes('demo://clock'), 4_000, 'a clock update');
    await client.unsubscribeResource({ uri: 'demo://clock' });
    const count = updatedUris.length;
    await delay(2_500);
    expect(updatedUris.length).toBe(count);
  });

  it('writes nothing but JSON-RPC messages to stdout', () => {
    // The SDK client's late-progress race (typescript-sdk#2580) also lands in onerror; it is not a stdout fault.
    const faults = demo.errors.filter((error) => !error.message.startsWith('Received a progress notification for an unknown token'));
    expect(faults).toEqual([]);
    expect(demo.wire.every((m) => m.jsonrpc === '2.0')).toBe(true);
  });
});

describe('the demo server process', () => {
  it('exits with code 0 and an empty stdout when stdin closes', async () => {
    assertDemoBuilt();
    const child = spawn(process.execPath, [DEMO_SERVER_PATH], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = exitedAndRead(child); // its output read to the end, so an empty stdout means one
    // A start is seconds on two busy cores (three integration workers beside other work): the wait is for the line,
    // not a budget the test is about.
    await waitFor(() => stderr.includes('ready on stdio'), 30_000, 'the ready line');
    child.stdin.end();
    const code = await Promise.race([exited, delay(3_000).then(() => 'still running' as const)]);
    if (code === 'still running') child.kill('SIGKILL');
    expect(code).toBe(0);
    expect(stdout).toBe('');
  });
});
