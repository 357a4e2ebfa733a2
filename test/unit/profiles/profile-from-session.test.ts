import { describe, expect, it } from 'vitest';
import { profileFromSession } from '../../../shared/profiles/profile-from-session.js';

describe('profileFromSession', () => {
  it('marks every env value secret and keeps the values it was given', () => {
    const { input, missing } = profileFromSession(
      { name: 'demo', protocolVersion: '2025-11-25' },
      { transport: 'stdio', command: 'node', args: ['s.js'], env: { TOKEN: 'abc', UNITS: 'metric' } },
    );
    expect(input).toMatchObject({
      name: 'demo',
      era: 'legacy',
      protocolVersion: '2025-11-25',
      secretEnv: ['TOKEN', 'UNITS'],
      target: { env: { TOKEN: 'abc', UNITS: 'metric' } },
    });
    expect(missing).toEqual([]);
  });

  it('marks every header secret, and lists what the recording only held masked or redacted, saved empty', () => {
    const { input, missing } = profileFromSession(
      { name: 'remote', protocolVersion: '2026-07-28' },
      { transport: 'http', url: 'http://127.0.0.1:1/mcp', headers: { Authorization: 'Bearer ••••', 'X-Team': '[REDACTED]', Accept: 'x' } },
    );
    expect(input).toMatchObject({
      era: 'modern',
      secretHeaders: ['Authorization', 'X-Team', 'Accept'],
      target: { headers: { Authorization: '', 'X-Team': '', Accept: 'x' } },
    });
    expect(missing).toEqual(['header.Authorization', 'header.X-Team']);
  });
});
