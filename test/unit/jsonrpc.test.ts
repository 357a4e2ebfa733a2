import { describe, expect, it } from 'vitest';
import { classifyText, idKey } from '../../shared/jsonrpc.js';

describe('classifyText', () => {
  it('classifies a request with its method and id', () => {
    const c = classifyText('{"jsonrpc":"2.0","id":7,"method":"tools/list"}');
    expect(c).toMatchObject({ kind: 'request', method: 'tools/list', hasId: true, id: 7 });
  });

  it('classifies a notification as having no id', () => {
    expect(classifyText('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toMatchObject({ kind: 'notification', hasId: false });
  });

  it('classifies results and errors, keeping the error code', () => {
    expect(classifyText('{"jsonrpc":"2.0","id":"a","result":{}}').kind).toBe('response');
    expect(classifyText('{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"nope"}}')).toMatchObject({ kind: 'error', errorCode: -32601 });
  });

  it('calls text that is not JSON noise, with the parse position', () => {
    const c = classifyText('{"jsonrpc":"2.0",');
    expect(c.kind).toBe('noise');
    expect(c.parseError?.message).toBeTruthy();
    expect(classifyText('hello world').kind).toBe('noise');
  });

  it('calls JSON that is not a JSON-RPC message invalid', () => {
    expect(classifyText('42').kind).toBe('invalid');
    expect(classifyText('{"hello":1}').kind).toBe('invalid');
    expect(classifyText('{"jsonrpc":"2.0","id":1,"method":5}').kind).toBe('invalid');
  });

  it('classifies an array as a batch and names its methods', () => {
    const c = classifyText('[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"x"}]');
    expect(c).toMatchObject({ kind: 'batch', batchSize: 2, method: 'ping, x' });
    expect(classifyText('[]')).toMatchObject({ kind: 'batch', batchSize: 0 });
  });
});

describe('idKey', () => {
  it('keeps numbers and strings apart', () => {
    expect(idKey(1)).toBe('1');
    expect(idKey('1')).toBe('"1"');
    expect(idKey(null)).toBeNull();
    expect(idKey({})).toBeNull();
  });
});
