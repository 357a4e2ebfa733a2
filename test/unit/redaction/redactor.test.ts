import { describe, expect, it } from 'vitest';
import { redactTarget, runnableTarget, secretValues } from '../../../shared/redaction/redact-target.js';
import { Redactor } from '../../../shared/redaction/redactor.js';
import { REDACTED, isSecretName } from '../../../shared/redaction/secret-patterns.js';

const r = (s: string, secrets: string[] = []) => new Redactor(secrets).text(s);

describe('the redactor', () => {
  it.each([
    ['a bearer token', 'Authorization: Bearer abc.def-123_XYZ~tokenvalue', `Authorization: Bearer ${REDACTED}`],
    ['basic credentials', 'Basic dXNlcjpwYXNzd29yZA==', `Basic ${REDACTED}`],
    ['an OpenAI key', 'key sk-proj-AbCdEf0123456789AbCdEf here', `key ${REDACTED} here`],
    ['an Anthropic key', 'sk-ant-api03-abcdefghijklmnopqrstuvwxyz', REDACTED],
    ['a GitHub token', 'token ghp_0123456789abcdefghijABCDEFGHIJ012345', `token ${REDACTED}`],
    ['a fine-grained GitHub token', 'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz', REDACTED],
    ['an AWS access key id', 'AKIAIOSFODNN7EXAMPLE', REDACTED],
    ['a Slack token', 'xoxb-1234567890-abcdefghij', REDACTED],
    ['a Google API key', 'AIzaSyA-1234567890abcdefghijklmnopqrstu', REDACTED],
    ['a JWT', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c', REDACTED],
    ['a query-string key', 'https://api.example.com/v1?api_key=abc123&city=Lisbon', `https://api.example.com/v1?api_key=${REDACTED}&city=Lisbon`],
    ['an env assignment', 'GITHUB_TOKEN=whatever-it-is ./run', `GITHUB_TOKEN=${REDACTED} ./run`],
    ['a flag with =', '--api-key=hunter2hunter2', `--api-key=${REDACTED}`],
    ['a URL password', 'postgres://admin:pa55word@db.internal:5432/app', `postgres://admin:${REDACTED}@db.internal:5432/app`],
    [
      'a PEM private key',
      '-----BEGIN RSA PRIVATE KEY-----\\nMIIEow\\n-----END RSA PRIVATE KEY-----',
      `-----BEGIN RSA PRIVATE KEY-----${REDACTED}-----END RSA PRIVATE KEY-----`,
    ],
  ])('removes %s', (_what, input, output) => {
    expect(r(input)).toBe(output);
  });

  it('blanks secret-named members in JSON text, including JSON carried inside a JSON string', () => {
    expect(r('{"password":"p@ss","user":"ann","client_secret":"xyz"}')).toBe(`{"password":"${REDACTED}","user":"ann","client_secret":"${REDACTED}"}`);
    expect(r('{"body":"{\\"apiKey\\":\\"k-123\\",\\"q\\":1}"}')).toBe(`{"body":"{\\"apiKey\\":\\"${REDACTED}\\",\\"q\\":1}"}`);
  });

  it('removes known secret values wherever they appear, JSON-escaped too', () => {
    expect(r('echo: my "odd" value! and again my "odd" value!', ['my "odd" value!'])).toBe(`echo: ${REDACTED} and again ${REDACTED}`);
    expect(r('{"text":"my \\"odd\\" value!"}', ['my "odd" value!'])).toBe(`{"text":"${REDACTED}"}`);
  });

  it('leaves protocol fields and ordinary prose alone', () => {
    const msg =
      '{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"_meta":{"progressToken":"count-1"},"name":"echo","arguments":{"text":"tokens are counted","maxTokens":"100"}}}';
    expect(r(msg)).toBe(msg);
    expect(r('Authorization: Bearer ••••')).toBe('Authorization: Bearer ••••');
    expect(r('sort=asc&page=2')).toBe('sort=asc&page=2');
  });

  it('counts its replacements and redacts parsed JSON by member name', () => {
    const red = new Redactor(['s3cr3t-value']);
    expect(red.json({ a: 's3cr3t-value', nested: { apiKey: 'x-1', list: ['Bearer abcdefghijkl'] }, n: 1 })).toEqual({
      a: REDACTED,
      nested: { apiKey: REDACTED, list: [`Bearer ${REDACTED}`] },
      n: 1,
    });
    expect(red.count).toBe(3);
  });

  it.each([
    ['OPENAI_API_KEY', true],
    ['githubToken', true],
    ['client-secret', true],
    ['PGPASSWORD', true],
    ['Authorization', true],
    ['X-API-Key', true],
    ['basic_auth', true],
    ['progressToken', false],
    ['maxTokens', false],
    ['key', false],
    ['sortKey', false],
    ['LOG_LEVEL', false],
    ['PATH', false],
  ])('judges whether the name %s holds a secret (%s)', (name, secret) => {
    expect(isSecretName(name)).toBe(secret);
  });
});

describe('redacting a target recipe', () => {
  it('removes marked and secret-named env values and secret flag arguments, says what it removed, and names a redacted argument a replay runs as it is', () => {
    const target = {
      transport: 'stdio' as const,
      command: 'node',
      args: ['server.js', '--api-key', 'k-123456', '--port', '80'],
      env: { MY_SETTING: 'hunter2-xyz', API_TOKEN: 'tok-9', UNITS: 'metric' },
    };
    expect(secretValues(target, ['MY_SETTING'])).toEqual(['hunter2-xyz', 'tok-9', 'k-123456']);
    const red = new Redactor(secretValues(target, ['MY_SETTING']));
    const out = redactTarget(target, red, ['MY_SETTING']);
    expect(out.target).toEqual({
      transport: 'stdio',
      command: 'node',
      args: ['server.js', '--api-key', REDACTED, '--port', '80'],
      env: { MY_SETTING: REDACTED, API_TOKEN: REDACTED, UNITS: 'metric' },
    });
    expect(out.removed).toEqual(['env.MY_SETTING', 'env.API_TOKEN', 'arg.2']);
    expect(runnableTarget(out.target)).toEqual({ target: { ...out.target, env: { UNITS: 'metric' } }, missing: ['env.MY_SETTING', 'env.API_TOKEN', 'arg.2'] });
  });

  it('removes every custom header value of a remote target', () => {
    const out = redactTarget(
      { transport: 'http', url: 'https://u:pw@mcp.example.com/mcp', headers: { Authorization: 'Bearer ••••', 'X-Team': 'core' } },
      new Redactor(),
    );
    expect(out.target).toMatchObject({ url: `https://u:${REDACTED}@mcp.example.com/mcp`, headers: { Authorization: REDACTED, 'X-Team': REDACTED } });
    expect(runnableTarget(out.target).missing).toEqual(['header.Authorization', 'header.X-Team']);
  });

  it("counts a URL password, raw and decoded, and an OAuth client secret among a remote target's secret values", () => {
    const t = {
      transport: 'http' as const,
      url: 'https://u:p%40ss-1@mcp.example.com/mcp',
      headers: {},
      auth: { type: 'oauth' as const, clientId: 'c', clientSecret: 'cs-987' },
    };
    expect(secretValues(t)).toEqual(['p%40ss-1', 'p@ss-1', 'cs-987']);
  });

  it('removes an OAuth client secret and key path of a remote target and keeps the rest of its OAuth options', () => {
    const auth = { type: 'oauth' as const, clientId: 'my-app', clientSecret: '••••', clientKeyFile: '/home/me/.keys/app.pem', scope: 'read' };
    const out = redactTarget({ transport: 'http', url: 'https://mcp.example.com/mcp', headers: {}, auth }, new Redactor());
    expect(out.target).toMatchObject({ auth: { type: 'oauth', clientId: 'my-app', clientSecret: REDACTED, clientKeyFile: REDACTED, scope: 'read' } });
    expect(out.removed).toEqual(['auth.clientSecret', 'auth.clientKeyFile']);
    const runnable = runnableTarget(out.target);
    expect(runnable.target).toMatchObject({ auth: { type: 'oauth', clientId: 'my-app', scope: 'read' } });
    expect(runnable.target.transport !== 'stdio' && runnable.target.auth).toEqual({ type: 'oauth', clientId: 'my-app', scope: 'read' });
    expect(runnable.missing).toEqual(['auth.clientSecret', 'auth.clientKeyFile']);
  });
});
