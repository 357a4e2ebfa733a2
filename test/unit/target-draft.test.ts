import { describe, expect, it } from 'vitest';
import { describeTarget, draftFromTarget, maskedHeaderProblem, targetFromDraft } from '../../web/features/connection/target-draft.js';

describe('target draft', () => {
  it('round-trips a stdio target through the form', () => {
    const target = { transport: 'stdio' as const, command: 'node', args: ['server.js', '', '--name', 'a b'], env: { A: '1', B: ' x=y' }, cwd: '/tmp' };
    expect(targetFromDraft(draftFromTarget(target))).toEqual({ ok: true, target });
  });

  it('reads args one per line and env as KEY=VALUE lines, skipping blanks and comments', () => {
    const parsed = targetFromDraft({ transport: 'stdio', command: ' node ', args: 'a\nb c\n', env: '# note\nX=1\n\nY=a=b', cwd: '', url: '', headers: '' });
    expect(parsed).toEqual({ ok: true, target: { transport: 'stdio', command: 'node', args: ['a', 'b c'], env: { X: '1', Y: 'a=b' } } });
  });

  it('rejects an empty command and env lines without a key', () => {
    const base = { transport: 'stdio' as const, command: 'node', args: '', env: '', cwd: '', url: '', headers: '' };
    expect(targetFromDraft({ ...base, command: '  ' })).toMatchObject({ ok: false });
    expect(targetFromDraft({ ...base, env: '=1' })).toMatchObject({ ok: false, error: expect.stringMatching(/line 1/) });
  });

  it('builds remote targets with headers and checks the URL scheme against the transport', () => {
    const base = {
      transport: 'http' as const,
      command: '',
      args: '',
      env: '',
      cwd: '',
      url: 'http://127.0.0.1:3000/mcp',
      headers: 'Authorization: Bearer x\n',
    };
    expect(targetFromDraft(base)).toEqual({
      ok: true,
      target: { transport: 'http', url: 'http://127.0.0.1:3000/mcp', headers: { Authorization: 'Bearer x' } },
    });
    expect(targetFromDraft({ ...base, transport: 'ws' })).toMatchObject({ ok: false });
  });

  it('round-trips the OAuth options, those the form does not edit (signing algorithm, token cache) included', () => {
    const auth = {
      type: 'oauth' as const,
      grant: 'client_credentials' as const,
      clientId: 'ci-bot',
      clientKeyFile: '/keys/ci.pem',
      signingAlg: 'ES256',
      scope: 'read',
      tokenCache: false,
    };
    const target = { transport: 'http' as const, url: 'https://mcp.example.com/mcp', headers: {}, auth };
    expect(targetFromDraft(draftFromTarget(target))).toEqual({ ok: true, target });
  });

  it('builds a client credentials target from the form: the id with a secret or a key file, and scope, nothing of the person flow', () => {
    const base = {
      ...draftFromTarget({ transport: 'http', url: 'https://mcp.example.com/mcp', headers: {} }),
      oauth: true,
      grant: 'client_credentials' as const,
      clientId: ' ci-bot ',
      scope: 'read',
    };
    // What the person flow had typed (a metadata URL, how to open the page) does not come along.
    const withSecret = targetFromDraft({ ...base, clientSecret: 's3cret', clientMetadataUrl: 'https://client.example.com/meta.json', oauthOpen: 'fetch' });
    expect(withSecret).toEqual({
      ok: true,
      target: {
        transport: 'http',
        url: 'https://mcp.example.com/mcp',
        headers: {},
        auth: { type: 'oauth', grant: 'client_credentials', clientId: 'ci-bot', clientSecret: 's3cret', scope: 'read' },
      },
    });
    const withKey = targetFromDraft({ ...base, clientKeyFile: '/keys/ci.pem' });
    expect(withKey.ok && withKey.target.transport !== 'stdio' && withKey.target.auth).toEqual({
      type: 'oauth',
      grant: 'client_credentials',
      clientId: 'ci-bot',
      clientKeyFile: '/keys/ci.pem',
      scope: 'read',
    });
    expect(targetFromDraft({ ...base, clientId: '', clientSecret: 's3cret' })).toEqual({
      ok: false,
      error: expect.stringContaining('need a pre-registered client') as string,
    });
    expect(targetFromDraft({ ...base })).toEqual({ ok: false, error: expect.stringContaining('its secret or a private key file') as string });
    expect(targetFromDraft({ ...base, clientSecret: 's', clientKeyFile: '/k.pem' })).toEqual({
      ok: false,
      error: expect.stringContaining('exclude each other') as string,
    });
    // Back to the person flow: the key file is not sent with it.
    const code = targetFromDraft({ ...base, grant: 'authorization_code', clientKeyFile: '/keys/ci.pem' });
    expect(code.ok && code.target.transport !== 'stdio' && code.target.auth).toEqual({ type: 'oauth', clientId: 'ci-bot', scope: 'read' });
  });

  it('refuses to connect with a header value that is still masked, instead of sending the mask', () => {
    const shown = draftFromTarget({ transport: 'http', url: 'http://127.0.0.1:1/mcp', headers: { Authorization: 'Bearer ••••', 'X-Trace': 'on' } });
    const parsed = targetFromDraft(shown);
    expect(parsed.ok && maskedHeaderProblem(parsed.target)).toMatch(/Authorization header is masked/);
    const typed = targetFromDraft({ ...shown, headers: 'Authorization: Bearer real\nX-Trace: on' });
    expect(typed.ok && maskedHeaderProblem(typed.target)).toBeNull();
    expect(maskedHeaderProblem({ transport: 'stdio', command: 'x', args: [], env: {} })).toBeNull();
  });

  it('previews a command the way a reader would type it', () => {
    expect(describeTarget({ transport: 'stdio', command: 'node', args: ['dist/s.js', 'a b'], env: {} })).toBe('node dist/s.js "a b"');
  });
});
