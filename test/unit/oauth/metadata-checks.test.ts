import { describe, expect, it } from 'vitest';
import {
  expectedResource,
  insecureEndpoint,
  resourceMatches,
  RFC_9728_CHALLENGE,
  RFC_9728_WELL_KNOWN,
  sameIdentifier,
} from '../../../server/oauth/metadata-checks.js';

describe('OAuth metadata identifiers', () => {
  it('takes an origin with and without its root slash, or with the host in capitals, as one identifier', () => {
    expect(sameIdentifier('https://as.example', 'https://as.example/')).toBe(true);
    expect(sameIdentifier('https://AS.example:443/', 'https://as.example')).toBe(true);
  });

  it('takes any other difference as another identifier: a path, a trailing slash after a path, a port, a scheme', () => {
    expect(sameIdentifier('https://as.example/tenant1', 'https://as.example/')).toBe(false);
    expect(sameIdentifier('https://as.example/mcp/', 'https://as.example/mcp')).toBe(false);
    expect(sameIdentifier('https://as.example:8443', 'https://as.example')).toBe(false);
    expect(sameIdentifier('http://as.example', 'https://as.example')).toBe(false);
    expect(sameIdentifier('https://login.victim.example', 'http://127.0.0.1:4000/')).toBe(false);
  });

  it('matches nothing with a value that is not a URL', () => {
    expect(sameIdentifier('not a url', 'not a url')).toBe(false);
  });
});

describe('the resource that protected resource metadata must name (RFC 9728 §3.3)', () => {
  const server = 'https://mcp.example/tools/mcp#frag';

  it("is the URL the client requested when the document came from the challenge's resource_metadata", () => {
    const from = new URL('https://mcp.example/.well-known/oauth-protected-resource');
    expect(expectedResource(server, from, from)).toEqual({ resource: 'https://mcp.example/tools/mcp', rule: RFC_9728_CHALLENGE });
  });

  it('is the server URL for the path-aware well-known document, and the origin for the root one', () => {
    expect(expectedResource(server, new URL('https://mcp.example/.well-known/oauth-protected-resource/tools/mcp'), undefined)).toEqual({
      resource: 'https://mcp.example/tools/mcp',
      rule: RFC_9728_WELL_KNOWN,
    });
    expect(expectedResource(server, new URL('https://mcp.example/.well-known/oauth-protected-resource'), undefined)).toEqual({
      resource: 'https://mcp.example/',
      rule: RFC_9728_WELL_KNOWN,
    });
  });

  it('is the server URL when a challenge named a document but another one was read', () => {
    const named = new URL('https://mcp.example/custom/prm.json');
    expect(expectedResource(server, new URL('https://mcp.example/.well-known/oauth-protected-resource'), named).resource).toBe('https://mcp.example/');
    expect(expectedResource(server, named, named).resource).toBe('https://mcp.example/tools/mcp');
  });
});

describe('whether resource metadata names the expected resource', () => {
  it('needs the same origin and path; a query on the server URL (a key) may be left out, not changed', () => {
    expect(resourceMatches('https://mcp.example/mcp', 'https://mcp.example/mcp?key=k1')).toBe(true);
    expect(resourceMatches('https://mcp.example/mcp?key=k2', 'https://mcp.example/mcp?key=k1')).toBe(false);
    expect(resourceMatches('https://mcp.example/mcp?key=k1', 'https://mcp.example/mcp')).toBe(false);
    expect(resourceMatches('https://mcp.example/', 'https://mcp.example/mcp?key=k1')).toBe(false);
    expect(resourceMatches('https://mcp.example/mcp', 'https://mcp.example/mcp')).toBe(true);
  });
});

describe('which authorization server endpoints may be used', () => {
  it('allows https anywhere and http on loopback only (127.0.0.0/8, ::1, localhost)', () => {
    for (const ok of [
      'https://as.example/token',
      'http://127.0.0.1:4000/token',
      'http://127.8.9.10/',
      'http://[::1]:9/x',
      'http://localhost:3000/',
      'http://LOCALHOST/',
    ])
      expect(insecureEndpoint(ok), ok).toBeNull();
  });

  it('refuses http on any other host, other schemes and what is not a URL, saying why', () => {
    expect(insecureEndpoint('http://as.example/token')).toBe('http://as.example/token is served over http, not https, on a host that is not loopback');
    expect(insecureEndpoint('http://10.0.0.5/token')).toMatch(/over http, not https/);
    expect(insecureEndpoint('http://localhost.evil.example/')).toMatch(/over http, not https/);
    expect(insecureEndpoint('ftp://as.example/')).toMatch(/over ftp, not https/);
    expect(insecureEndpoint('/token')).toBe('/token is not a URL');
  });
});
