// One failing and one passing example for every JSON-RPC 2.0 rule.
import { j, type Pair } from './frames.js';
import type { RuleCase } from './rule-case.js';

const ping = (id: unknown): Pair => ['out', j({ id, method: 'ping' })];
const ok = (id: unknown): Pair => ['in', j({ id, result: {} })];
const note: Pair = ['out', j({ method: 'notifications/roots/list_changed' })];

export const JSONRPC_CASES: RuleCase[] = [
  { rule: 'jsonrpc/not-json', fails: 'a truncated message from the client', bad: [['out', '{"jsonrpc":"2.0",']], passes: 'a complete one', good: [note] },
  {
    rule: 'jsonrpc/not-json',
    fails: 'a non-JSON body over HTTP',
    bad: [['in', '<html>502</html>']],
    passes: 'a JSON body over HTTP',
    good: [ping(1), ok(1)],
    options: { transport: 'http' },
  },
  { rule: 'jsonrpc/not-object', fails: 'a bare number', bad: [['out', '42']], passes: 'an object', good: [note] },
  {
    rule: 'jsonrpc/missing-version',
    fails: 'a request without "jsonrpc"',
    bad: [['out', '{"id":1,"method":"ping"}']],
    passes: 'the same request with it',
    good: [ping(1), ok(1)],
  },
  {
    rule: 'jsonrpc/wrong-version',
    fails: '"jsonrpc": "1.0"',
    bad: [['out', '{"jsonrpc":"1.0","id":1,"method":"ping"}']],
    passes: '"jsonrpc": "2.0"',
    good: [ping(1), ok(1)],
  },
  {
    rule: 'jsonrpc/wrong-version',
    fails: 'a numeric 2.0',
    bad: [['out', '{"jsonrpc":2.0,"id":1,"method":"ping"}']],
    passes: 'the string "2.0"',
    good: [ping(1), ok(1)],
  },
  { rule: 'jsonrpc/method-not-string', fails: 'a numeric method', bad: [['out', j({ id: 1, method: 5 })]], passes: 'a string method', good: [ping(1), ok(1)] },
  {
    rule: 'jsonrpc/reserved-method',
    fails: 'a method named rpc.discover',
    bad: [['out', j({ method: 'rpc.discover' })]],
    passes: 'a method without the rpc. prefix',
    good: [note],
  },
  {
    rule: 'jsonrpc/params-not-structured',
    fails: 'string params',
    bad: [['out', j({ id: 1, method: 'ping', params: 'x' })], ok(1)],
    passes: 'object params',
    good: [['out', j({ id: 1, method: 'ping', params: {} })], ok(1)],
  },
  { rule: 'jsonrpc/invalid-id-type', fails: 'an object id', bad: [ping({ n: 1 })], passes: 'a string id', good: [ping('a'), ok('a')] },
  { rule: 'jsonrpc/null-id', fails: 'a request with id null', bad: [ping(null)], passes: 'a request with an integer id', good: [ping(1), ok(1)] },
  { rule: 'jsonrpc/fractional-id', fails: 'id 1.5', bad: [ping(1.5), ok(1.5)], passes: 'id 2', good: [ping(2), ok(2)] },
  {
    rule: 'jsonrpc/result-and-error',
    fails: 'a response with both result and error',
    bad: [ping(1), ['in', j({ id: 1, result: {}, error: { code: -32603, message: 'x' } })]],
    passes: 'a response with only a result',
    good: [ping(1), ok(1)],
  },
  {
    rule: 'jsonrpc/no-result-or-error',
    fails: 'an object with only an id',
    bad: [ping(1), ['in', j({ id: 1 })]],
    passes: 'a response with a result',
    good: [ping(1), ok(1)],
  },
  {
    rule: 'jsonrpc/error-object-shape',
    fails: 'an error with a string code and a numeric message',
    bad: [ping(1), ['in', j({ id: 1, error: { code: 'oops', message: 5 } })]],
    passes: 'an error with an integer code and a string message',
    good: [ping(1), ['in', j({ id: 1, error: { code: -32601, message: 'Method not found' } })]],
  },
  {
    rule: 'jsonrpc/reserved-error-code',
    fails: 'code -32500, reserved but undefined',
    bad: [ping(1), ['in', j({ id: 1, error: { code: -32500, message: 'quota exceeded' } })]],
    passes: 'an application code outside the reserved range',
    good: [ping(1), ['in', j({ id: 1, error: { code: 1001, message: 'quota exceeded' } })]],
  },
  {
    rule: 'jsonrpc/invalid-params-as-internal-error',
    fails: 'a zod issue list sent as -32603 (SDK 1.x, bad log level)',
    bad: [
      ['out', j({ id: 1, method: 'logging/setLevel', params: { level: 'loud' } })],
      ['in', j({ id: 1, error: { code: -32603, message: '[{"code":"invalid_value","values":["debug"],"path":["params","level"]}]' } })],
    ],
    passes: 'the same report sent as -32602',
    good: [
      ['out', j({ id: 1, method: 'logging/setLevel', params: { level: 'loud' } })],
      ['in', j({ id: 1, error: { code: -32602, message: '[{"code":"invalid_value","values":["debug"],"path":["params","level"]}]' } })],
    ],
  },
  {
    rule: 'jsonrpc/response-to-notification',
    fails: 'a result with id null right after a notification',
    bad: [note, ['in', j({ id: null, result: {} })]],
    passes: 'silence after a notification',
    good: [note, ['in', j({ method: 'notifications/message', params: { level: 'info', data: 'hi' } })]],
  },
  {
    rule: 'jsonrpc/response-to-notification',
    fails: 'a result with id null answering a notification the client followed with a request at once',
    bad: [note, ping(1), ['in', j({ id: null, result: {} })], ok(1)],
    passes: 'the server answering the request first: its later id-less reply answers nothing',
    good: [note, ping(1), ok(1)],
  },
  {
    rule: 'jsonrpc/unmatched-response',
    fails: 'a response with id "1" to a request with id 1',
    bad: [ping(1), ok('1')],
    passes: 'a response echoing id 1',
    good: [ping(1), ok(1)],
  },
  {
    rule: 'jsonrpc/unmatched-response',
    fails: 'a result without an id',
    bad: [['in', '{"jsonrpc":"2.0","result":{}}']],
    passes: 'a -32700 error with id null',
    good: [
      ['out', '{'],
      ['in', j({ id: null, error: { code: -32700, message: 'Parse error' } })],
    ],
  },
  { rule: 'jsonrpc/duplicate-response', fails: 'two responses to one request', bad: [ping(1), ok(1), ok(1)], passes: 'one response', good: [ping(1), ok(1)] },
  {
    rule: 'jsonrpc/unanswered-request',
    fails: 'a request still pending when the session ends',
    bad: [ping(1)],
    passes: 'an answered request',
    good: [ping(1), ok(1)],
  },
  {
    rule: 'jsonrpc/id-reused-in-flight',
    fails: 'a second request with a pending id',
    bad: [ping(1), ping(1), ok(1), ok(1)],
    passes: 'distinct ids',
    good: [ping(1), ping(2), ok(1), ok(2)],
  },
  {
    rule: 'jsonrpc/empty-batch',
    fails: 'an empty batch',
    bad: [['out', '[]']],
    passes: 'a batch with one request',
    good: [
      ['out', `[${j({ id: 1, method: 'ping' })}]`],
      ['in', `[${j({ id: 1, result: {} })}]`],
    ],
  },
  {
    rule: 'jsonrpc/notification-batch-answered',
    fails: '[] in reply to a batch of notifications',
    bad: [
      ['out', `[${j({ method: 'notifications/roots/list_changed' })},${j({ method: 'notifications/cancelled', params: { requestId: 9 } })}]`],
      ['in', '[]'],
    ],
    passes: 'silence after a batch of notifications',
    good: [['out', `[${j({ method: 'notifications/roots/list_changed' })},${j({ method: 'notifications/cancelled', params: { requestId: 9 } })}]`]],
  },
  {
    rule: 'jsonrpc/notification-batch-answered',
    fails: 'a null-id response after a batch of notifications',
    bad: [
      ['out', `[${j({ method: 'notifications/roots/list_changed' })}]`],
      ['in', j({ id: null, result: {} })],
    ],
    passes: 'a server notification after it',
    good: [
      ['out', `[${j({ method: 'notifications/roots/list_changed' })}]`],
      ['in', j({ method: 'notifications/tools/list_changed' })],
    ],
  },
  {
    rule: 'jsonrpc/batch-missing-response',
    fails: 'a reply array that answers one of two requests',
    bad: [
      ['out', `[${j({ id: 1, method: 'ping' })},${j({ id: 2, method: 'ping' })}]`],
      ['in', `[${j({ id: 1, result: {} })}]`],
    ],
    passes: 'a reply array that answers both',
    good: [
      ['out', `[${j({ id: 1, method: 'ping' })},${j({ id: 2, method: 'ping' })}]`],
      ['in', `[${j({ id: 2, result: {} })},${j({ id: 1, result: {} })}]`],
    ],
  },
  {
    rule: 'jsonrpc/batch-extra-response',
    fails: 'a reply array with a response for an id the batch did not hold',
    bad: [
      ['out', `[${j({ id: 1, method: 'ping' })}]`],
      ['in', `[${j({ id: 1, result: {} })},${j({ id: 7, result: {} })}]`],
    ],
    passes: 'one -32600 error per invalid element',
    good: [
      ['out', `[${j({ id: 1, method: 'ping' })},1]`],
      ['in', `[${j({ id: 1, result: {} })},${j({ id: null, error: { code: -32600, message: 'Invalid Request' } })}]`],
    ],
  },
  {
    rule: 'jsonrpc/batch-reply-not-array',
    fails: 'batched requests answered one by one over stdio',
    bad: [['out', `[${j({ id: 1, method: 'ping' })},${j({ id: 2, method: 'ping' })}]`], ok(1), ok(2)],
    passes: 'batched requests answered one by one over HTTP, where SSE carries them separately',
    good: [['out', `[${j({ id: 1, method: 'ping' })},${j({ id: 2, method: 'ping' })}]`], ok(1), ok(2)],
    goodOptions: { transport: 'http' },
  },
];
