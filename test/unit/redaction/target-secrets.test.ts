import { describe, expect, it } from 'vitest';
import { storedTarget } from '../../../server/core/stored-target.js';
import { MASK, maskUrl } from '../../../server/transports/header-mask.js';
import { formatMcpConfig } from '../../../shared/profiles/format-mcp-config.js';
import { SECRET_PLACEHOLDER, maskProfile, unmaskProfile, type Profile } from '../../../shared/profiles/profile.js';
import { redactTarget, secretValues } from '../../../shared/redaction/redact-target.js';
import { Redactor } from '../../../shared/redaction/redactor.js';
import { REDACTED } from '../../../shared/redaction/secret-patterns.js';
import { maskTarget, type SecretPlace } from '../../../shared/redaction/target-secrets.js';
import type { Target } from '../../../shared/relay-protocol.js';

const stdio: Target = {
  transport: 'stdio',
  command: 'node',
  args: ['server.js', '--password', 'pw-111111', '--token=tok-222222', '--api-key', 'ak-333333', 'sk-proj-AAAAbbbbCCCCdddd4444', '--port', '80'],
  env: { API_KEY: 'env-444444', MY_SETTING: 'marked-555555', LOG_LEVEL: 'debug', EMPTY_TOKEN: '' },
};
const remote: Target = {
  transport: 'http',
  url: 'https://alice:p%40ss-777777@mcp.example.com/mcp?api_key=qs-888888&region=eu#top',
  headers: { Authorization: 'Bearer bearer-555555', 'X-Api-Key': 'hdr-666666', 'X-Team': 'core' },
};

/** Names each place, so the tests see what the mask was asked for. */
const naming = (place: SecretPlace) =>
  `<${place.kind}:${place.kind === 'arg' ? `${place.index}${place.flag}` : place.kind === 'url-password' ? place.user : place.name}>`;

describe("the one finder of a target's secrets", () => {
  it('asks the mask for each secret of a stdio target by place, clears credential shapes, and keeps the rest', () => {
    const out = maskTarget(stdio, naming, { secretEnv: ['MY_SETTING'] });
    expect(out.target).toEqual({
      transport: 'stdio',
      command: 'node',
      args: ['server.js', '--password', '<arg:2--password>', '--token=<arg:3--token>', '--api-key', '<arg:5--api-key>', REDACTED, '--port', '80'],
      env: { API_KEY: '<env:API_KEY>', MY_SETTING: '<env:MY_SETTING>', LOG_LEVEL: 'debug', EMPTY_TOKEN: '' },
    });
    expect(out.removed).toEqual(['env.API_KEY', 'env.MY_SETTING', 'arg.2', 'arg.3', 'arg.5', 'arg.6']);
    expect(out.shapes).toEqual(['arg.6']);
    expect(out.values).toEqual(['env-444444', 'marked-555555', 'pw-111111', 'tok-222222', 'ak-333333']);
  });

  it('asks the mask for every header, the URL password and a secret query value of a remote target, by position', () => {
    const out = maskTarget(remote, naming);
    expect(out.target).toEqual({
      transport: 'http',
      url: 'https://alice:<url-password:alice>@mcp.example.com/mcp?api_key=<query:api_key>&region=eu#top',
      headers: { Authorization: '<header:Authorization>', 'X-Api-Key': '<header:X-Api-Key>', 'X-Team': '<header:X-Team>' },
    });
    expect(out.values).toEqual(['Bearer bearer-555555', 'bearer-555555', 'hdr-666666', 'core', 'p%40ss-777777', 'p@ss-777777', 'qs-888888']);
  });

  it('keeps a header out of the mask when only marked ones count and its name says nothing', () => {
    const out = maskTarget(remote, naming, { secretHeaders: [] });
    expect(out.target.transport !== 'stdio' && out.target.headers).toEqual({
      Authorization: '<header:Authorization>',
      'X-Api-Key': '<header:X-Api-Key>',
      'X-Team': 'core',
    });
  });

  it('gives every output the same secrets: bundles, the store, the profile API and a config file', () => {
    const planted = [
      'pw-111111',
      'tok-222222',
      'ak-333333',
      'sk-proj-AAAAbbbbCCCCdddd4444',
      'env-444444',
      'marked-555555',
      'bearer-555555',
      'hdr-666666',
      'p%40ss-777777',
      'qs-888888',
    ];
    const profile = (name: string, target: Target): Profile => ({
      id: name,
      name,
      target,
      createdAt: 0,
      updatedAt: 0,
      protocolVersion: '2025-11-25',
      era: 'legacy',
      secretEnv: ['MY_SETTING'],
      secretHeaders: ['Authorization'],
    });
    const outputs = [stdio, remote].flatMap((t) => [
      JSON.stringify(redactTarget(t, new Redactor(secretValues(t, ['MY_SETTING'])), ['MY_SETTING']).target),
      JSON.stringify(storedTarget(t, ['MY_SETTING'])),
      JSON.stringify(maskProfile(profile('p', t))),
    ]);
    const profiles = [profile('a', stdio), profile('b', remote)];
    outputs.push(...(['claude-desktop', 'cursor', 'vscode'] as const).map((f) => formatMcpConfig(profiles, f).text));
    for (const text of outputs) expect(planted.filter((s) => text.includes(s))).toEqual([]);
    const included = formatMcpConfig(profiles, 'cursor', { includeSecrets: true }).text;
    expect(planted.filter((s) => !included.includes(s))).toEqual([]);
  });
});

describe('a URL on its own', () => {
  it('is recorded with the same URL secrets masked as the target, the rest as it was sent', () => {
    expect(maskUrl('https://alice:pw-1@h.example/mcp?api_key=qs-1&sessionId=s1&region=eu')).toBe(
      `https://alice:${MASK}@h.example/mcp?api_key=${REDACTED}&sessionId=s1&region=eu`,
    );
    expect(maskUrl('http://127.0.0.1:1/messages?sessionId=abc')).toBe('http://127.0.0.1:1/messages?sessionId=abc');
  });
});

describe("secrets as a config file's variables", () => {
  it('gives two secrets of one profile two variables, even when their names meet (env API_KEY and --api-key)', () => {
    const p: Profile = {
      id: 'x',
      name: 'srv',
      target: stdio,
      createdAt: 0,
      updatedAt: 0,
      protocolVersion: '2025-11-25',
      era: 'legacy',
      secretEnv: [],
      secretHeaders: [],
    };
    const json = JSON.parse(formatMcpConfig([p], 'vscode').text) as {
      inputs: Array<{ id: string }>;
      servers: { srv: { args: string[]; env: Record<string, string> } };
    };
    expect(json.servers.srv.env.API_KEY).toBe('${input:srv-api-key}');
    expect(json.servers.srv.args.slice(1, 6)).toEqual([
      '--password',
      '${input:srv-password}',
      '--token=${input:srv-token}',
      '--api-key',
      '${input:srv-api-key-2}',
    ]);
    expect(json.inputs.map((i) => i.id)).toEqual(['srv-api-key', 'srv-password', 'srv-token', 'srv-api-key-2']);
  });

  it('warns about a credential only its shape gave away, which it cannot name', () => {
    const p: Profile = {
      id: 'x',
      name: 'srv',
      target: stdio,
      createdAt: 0,
      updatedAt: 0,
      protocolVersion: '2025-11-25',
      era: 'legacy',
      secretEnv: [],
      secretHeaders: [],
    };
    expect(formatMcpConfig([p], 'claude-desktop').warnings).toEqual(['srv: arg.6 looked like a credential and was written as [REDACTED]; put it back by hand']);
  });
});

describe("the profile API's masks", () => {
  it('show a URL password and a secret query value masked, and give the URL back when an edit leaves it as shown', () => {
    const p: Profile = {
      id: 'x',
      name: 'r',
      target: remote,
      createdAt: 0,
      updatedAt: 0,
      protocolVersion: '2025-11-25',
      era: 'legacy',
      secretEnv: [],
      secretHeaders: ['Authorization'],
    };
    const shown = maskProfile(p);
    expect(shown.target.transport !== 'stdio' && shown.target.url).toBe(
      `https://alice:${SECRET_PLACEHOLDER}@mcp.example.com/mcp?api_key=${REDACTED}&region=eu#top`,
    );
    expect(unmaskProfile(shown, p).target).toEqual(remote);
  });

  it('show a credential-shaped argument redacted and give it back unless it was edited', () => {
    const p: Profile = {
      id: 'x',
      name: 's',
      target: stdio,
      createdAt: 0,
      updatedAt: 0,
      protocolVersion: '2025-11-25',
      era: 'legacy',
      secretEnv: [],
      secretHeaders: [],
    };
    const shown = maskProfile(p);
    expect(shown.target.transport === 'stdio' && shown.target.args[6]).toBe(REDACTED);
    expect(unmaskProfile(shown, p).target).toEqual(stdio);
  });
});
