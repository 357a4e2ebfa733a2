// One failing and one passing example for the rules about what a request asks and how long it waits.
import { JsonSchemaValidator } from '../../../shared/lint/index.js';
import { handshake, j, type Pair } from './frames.js';
import type { RuleCase } from './rule-case.js';

const WEATHER = { name: 'weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };
const GREET = { name: 'greet', arguments: [{ name: 'who', required: true }, { name: 'tone' }] };
const listed = (method: 'tools/list' | 'prompts/list', key: string, items: unknown[]): Pair[] => [
  ['out', j({ id: 1, method })],
  ['in', j({ id: 1, result: { [key]: items } })],
];
const callWeather = (args: unknown): Pair => ['out', j({ id: 2, method: 'tools/call', params: { name: 'weather', arguments: args } })];
const getGreet = (args: unknown): Pair => ['out', j({ id: 2, method: 'prompts/get', params: { name: 'greet', arguments: args } })];
const validator = { jsonSchemaValidator: new JsonSchemaValidator() };
const caps = { tools: {}, prompts: {} };

export const REQUEST_CASES: RuleCase[] = [
  {
    rule: 'mcp/tool-arguments-schema',
    fails: 'a city given as a number, against the listed inputSchema',
    bad: [...handshake('2025-11-25', caps), ...listed('tools/list', 'tools', [WEATHER]), callWeather({ city: 42 })],
    passes: 'a city given as a string',
    good: [...handshake('2025-11-25', caps), ...listed('tools/list', 'tools', [WEATHER]), callWeather({ city: 'Oslo' })],
    options: validator,
  },
  {
    rule: 'mcp/tool-arguments-schema',
    fails: 'a call without arguments to a tool with a required property',
    bad: [
      ...handshake('2025-11-25', caps),
      ...listed('tools/list', 'tools', [WEATHER]),
      ['out', j({ id: 2, method: 'tools/call', params: { name: 'weather' } })],
    ],
    passes: 'the same call before any tools/list, when the schema is not known',
    good: [...handshake('2025-11-25', caps), ['out', j({ id: 2, method: 'tools/call', params: { name: 'weather' } })]],
    options: validator,
  },
  {
    rule: 'mcp/prompt-arguments-missing',
    fails: 'prompts/get without the required argument "who"',
    bad: [...handshake('2025-11-25', caps), ...listed('prompts/list', 'prompts', [GREET]), getGreet({ tone: 'warm' })],
    passes: 'prompts/get with "who" and without the optional "tone"',
    good: [...handshake('2025-11-25', caps), ...listed('prompts/list', 'prompts', [GREET]), getGreet({ who: 'Ada' })],
  },
  {
    rule: 'mcp/prompt-arguments-missing',
    fails: 'a prompt argument sent as a number',
    bad: [...handshake('2025-11-25', caps), ...listed('prompts/list', 'prompts', [GREET]), getGreet({ who: 7 })],
    passes: 'every argument a string',
    good: [...handshake('2025-11-25', caps), ...listed('prompts/list', 'prompts', [GREET]), getGreet({ who: '7' })],
  },
  {
    // The frames of these examples are 1 ms apart; lint() asks for the pending requests at the last frame's time.
    rule: 'mcp/request-pending',
    fails: 'a ping still unanswered 2 ms later, with a 2 ms threshold',
    bad: [
      ...handshake(),
      ['out', j({ id: 5, method: 'ping' })],
      ['in', j({ method: 'notifications/message', params: { level: 'info', data: 'a' } })],
      ['in', j({ method: 'notifications/message', params: { level: 'info', data: 'b' } })],
    ],
    passes: 'a ping answered in time',
    good: [
      ...handshake(),
      ['out', j({ id: 5, method: 'ping' })],
      ['in', j({ id: 5, result: {} })],
      ['in', j({ method: 'notifications/message', params: { level: 'info', data: 'b' } })],
    ],
    options: { slowAfterMs: 2 },
  },
  {
    rule: 'mcp/slow-response',
    fails: 'a ping answered 2 ms later, with a 2 ms threshold',
    bad: [
      ...handshake(),
      ['out', j({ id: 5, method: 'ping' })],
      ['in', j({ method: 'notifications/message', params: { level: 'info', data: 'a' } })],
      ['in', j({ id: 5, result: {} })],
    ],
    passes: 'the same answer under the default 30 s threshold',
    good: [
      ...handshake(),
      ['out', j({ id: 5, method: 'ping' })],
      ['in', j({ method: 'notifications/message', params: { level: 'info', data: 'a' } })],
      ['in', j({ id: 5, result: {} })],
    ],
    options: { slowAfterMs: 2 },
    goodOptions: { slowAfterMs: undefined },
  },
];
