// One failing and one passing example for every framing rule.
import { j } from './frames.js';
import type { RuleCase } from './rule-case.js';

const log = j({ method: 'notifications/message', params: { level: 'info', data: 'ready' } });

export const FRAMING_CASES: RuleCase[] = [
  {
    rule: 'framing/stdout-noise',
    fails: 'a banner printed on stdout',
    bad: [['in', 'Server listening on stdio']],
    passes: 'the same banner on stderr',
    good: [
      ['stderr', 'Server listening on stdio'],
      ['in', log],
    ],
  },
  { rule: 'framing/stdout-noise', fails: 'an empty line on stdout', bad: [['in', '']], passes: 'a JSON-RPC line', good: [['in', log]] },
  {
    rule: 'framing/embedded-newline',
    fails: 'a pretty-printed message sent over stdio',
    bad: [['out', '{\n  "jsonrpc": "2.0",\n  "method": "notifications/initialized"\n}']],
    passes: 'the same message over a WebSocket',
    good: [['out', '{\n  "jsonrpc": "2.0",\n  "method": "notifications/initialized"\n}']],
    goodOptions: { transport: 'ws' },
  },
  {
    rule: 'framing/oversize',
    fails: 'a line over the framing cap',
    bad: [
      ['out', j({ id: 1, method: 'ping' })],
      ['in', '{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"aaaa', { kind: 'oversize', size: 20_000_000 }],
    ],
    passes: 'a line under it',
    good: [
      ['out', j({ id: 1, method: 'ping' })],
      ['in', j({ id: 1, result: {} })],
    ],
  },
  {
    rule: 'framing/invalid-utf8',
    fails: 'a frame whose bytes were not UTF-8',
    bad: [['in', '{"jsonrpc":"2.0","method":"x\uFFFD"}', { b64: 'eyJqc29ucnBjIjoiMi4wIn0=' }]],
    passes: 'a UTF-8 frame',
    good: [['in', log]],
  },
];
