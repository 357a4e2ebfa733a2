import { describe, expect, it } from 'vitest';
import { urlHost } from '../../server/url-host.js';

describe('the host in the URL the relay prints', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1', '127.0.0.1'],
    ['127.0.0.2', '127.0.0.2', '127.0.0.2'],
    ['::1', '::1', '[::1]'],
    ['[::1]', '::1', '[::1]'],
    ['localhost', '::1', '[::1]'],
    ['localhost', '127.0.0.1', '127.0.0.1'],
    ['0.0.0.0', '0.0.0.0', '0.0.0.0'],
    ['inspector.lan', '192.168.1.20', 'inspector.lan'],
  ])('is the bound address for --host %s bound to %s: %s', (requested, bound, shown) => {
    expect(urlHost(requested, bound)).toBe(shown);
  });
});
