import { describe, expect, it } from 'vitest';
import { remoteOnlyWithUrl, transportFor, urlOrCommand } from '../../../server/cli/common-flags.js';
import { headerPair, knownProtocol, milliseconds, oneOf, remoteUrl } from '../../../server/cli/validators.js';

describe('shared validators', () => {
  it('checks a URL, a header, a choice, a known version and a duration, naming the flag', () => {
    expect(remoteUrl('http://127.0.0.1:3001/mcp', '--url')).toBe('http://127.0.0.1:3001/mcp');
    expect(() => remoteUrl('file:///etc/passwd', '--url')).toThrow('--url must be http://, https://, ws:// or wss://, got file:');
    expect(() => remoteUrl('nope', '--url')).toThrow(/--url needs an absolute URL/);
    expect(headerPair('Authorization: Bearer a:b', '--header')).toEqual(['Authorization', 'Bearer a:b']);
    expect(() => headerPair('bad name: x', '--header')).toThrow(`--header needs 'Name: value', got "bad name: x"`);
    expect(oneOf(['a', 'b'])('b', '--x')).toBe('b');
    expect(() => oneOf(['a', 'b'])('c', '--x')).toThrow('--x must be one of a, b, got "c"');
    expect(() => knownProtocol('1999-01-01', '--protocol')).toThrow(/--protocol must be one of 2024-11-05/);
    expect(() => milliseconds(100)('50', '--timeout')).toThrow(/--timeout needs a whole number of milliseconds from 100/);
    expect(() => milliseconds(1)('', '--timeout')).toThrow(/whole number/);
  });
});

describe('remote target checks', () => {
  it('defaults the transport by scheme and refuses one that does not fit', () => {
    expect(transportFor('http://h/', undefined)).toBe('auto');
    expect(transportFor('wss://h/', undefined)).toBe('ws');
    expect(transportFor('http://h/', 'http-2026')).toBe('http-2026');
    expect(() => transportFor('ws://h/', 'sse')).toThrow('--transport sse does not go with a ws URL');
    expect(() => transportFor('http://h/', 'ws')).toThrow('--transport ws does not go with a http URL');
  });

  it('keeps --url apart from a command and the remote-only flags with --url', () => {
    expect(() => urlOrCommand('http://h/', ['node'])).toThrow(/exclude each other/);
    expect(() => urlOrCommand('http://h/', [])).not.toThrow();
    expect(() => remoteOnlyWithUrl({ header: [['A', 'b']] })).toThrow('--transport, --header, --header-file and --http-timeout go with --url');
    expect(() => remoteOnlyWithUrl({ url: 'http://h/', 'http-timeout': 5 })).not.toThrow();
  });
});
