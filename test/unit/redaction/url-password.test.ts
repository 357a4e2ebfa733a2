// The one finder of a URL's userinfo password, which masking, redaction and the profile secrets file all use.
import { describe, expect, it } from 'vitest';
import { findUrlPassword, replaceUrlPassword } from '../../../shared/redaction/url-password.js';

describe('finding a URL password', () => {
  it('finds the password of user:pass@ and where it sits', () => {
    const href = 'https://alice:s3cret@example.com:8443/mcp?x=1';
    const p = findUrlPassword(href);
    expect(p).toMatchObject({ raw: 's3cret', decoded: 's3cret', user: 'alice' });
    expect(href.slice(p!.start, p!.end)).toBe('s3cret');
  });

  it('gives a percent-encoded password raw and decoded', () => {
    expect(findUrlPassword('http://bob:p%40ss%20w%3Ard@host/')).toMatchObject({ raw: 'p%40ss%20w%3Ard', decoded: 'p@ss w:rd' });
  });

  it('keeps the raw form as the decoded one when the encoding is broken', () => {
    expect(findUrlPassword('http://bob:100%zz@host/')).toMatchObject({ raw: '100%zz', decoded: '100%zz' });
  });

  it('finds the password before an IPv6 host, whose colons are not userinfo', () => {
    expect(findUrlPassword('http://u:pw@[::1]:3000/mcp')).toMatchObject({ raw: 'pw', user: 'u' });
    expect(findUrlPassword('http://[::1]:3000/mcp')).toBeNull();
    expect(findUrlPassword('http://[2001:db8::1]/a@b:c')).toBeNull();
  });

  it('takes the userinfo up to the last @ of the authority, as URL parsers do', () => {
    const href = 'http://u:p@ss@host/';
    expect(findUrlPassword(href)?.raw).toBe('p@ss');
    expect(new URL(href).password).toBe('p%40ss');
  });

  it('finds nothing without a password: no userinfo, a user alone, an empty password, @ or : only in the path or query', () => {
    for (const href of [
      'http://host/',
      'http://user@host/',
      'http://user:@host/',
      'http://host/p?q=a:b@c',
      'https://host?u=x:y@z',
      'http://host#a:b@c',
      'http://host:8080/',
    ]) {
      expect(findUrlPassword(href), href).toBeNull();
    }
  });

  it('finds nothing in text that is not an absolute URL', () => {
    for (const text of ['', 'not a url', 'user:pass@host', '/relative:x@y', 'mailto:a:b@c', '1http://u:p@h/']) {
      expect(findUrlPassword(text), text).toBeNull();
    }
  });

  it('agrees with the URL class on what the password is, for URLs without characters it would re-encode', () => {
    for (const href of ['https://alice:s3cret@example.com/', 'http://:only@h/', 'http://u:p%2Fq@h:1/x', 'ws://a:b@[::1]:9/', 'http://u:pw@h?q#f']) {
      expect(findUrlPassword(href)?.raw, href).toBe(new URL(href).password);
    }
  });
});

describe('replacing a URL password', () => {
  it('replaces only the password, leaving the rest exactly as typed', () => {
    expect(replaceUrlPassword('HTTPS://Alice:s3cret@Example.COM:443/mcp?x=1#f', '••••••')).toBe('HTTPS://Alice:••••••@Example.COM:443/mcp?x=1#f');
    expect(replaceUrlPassword('http://u:p@ss@[::1]:3000/', 'X')).toBe('http://u:X@[::1]:3000/');
  });

  it('removes the password and its colon, and the @ when no user is left', () => {
    expect(replaceUrlPassword('http://alice:s3cret@host/mcp', '')).toBe('http://alice@host/mcp');
    expect(replaceUrlPassword('http://:s3cret@host/mcp', '')).toBe('http://host/mcp');
  });

  it('returns a URL without a password, and text that is no URL, unchanged', () => {
    for (const href of ['http://user@host/', 'http://host/p?q=a:b@c', 'not a url', 'http://user:@host/']) {
      expect(replaceUrlPassword(href, 'X')).toBe(href);
      expect(replaceUrlPassword(href, '')).toBe(href);
    }
  });
});
