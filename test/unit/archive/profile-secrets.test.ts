import { describe, expect, it } from 'vitest';
import { SECRET_PLACEHOLDER, type ProfileInput } from '../../../shared/profiles/profile.js';
import { joinProfileSecrets, splitProfileSecrets } from '../../../server/store/archive/profile-secrets.js';

const profile = (clientSecret: string | undefined): ProfileInput => ({
  name: 'ci',
  protocolVersion: '2025-11-25',
  era: 'auto',
  secretEnv: [],
  secretHeaders: [],
  target: {
    transport: 'http',
    url: 'https://mcp.example.com/mcp',
    headers: {},
    auth: { type: 'oauth', grant: 'client_credentials', clientId: 'ci-bot', ...(clientSecret !== undefined ? { clientSecret } : {}) },
  },
});

describe("a profile's OAuth client secret", () => {
  it('goes to the secrets file, leaving the placeholder in what SQLite keeps, and comes back when the profile is read', () => {
    const { stored, secrets } = splitProfileSecrets(profile('cc-secret-9d2e'));
    expect(JSON.stringify(stored)).not.toContain('cc-secret-9d2e');
    expect(stored.target).toMatchObject({ auth: { clientId: 'ci-bot', clientSecret: SECRET_PLACEHOLDER } });
    expect(secrets.clientSecret).toBe('cc-secret-9d2e');
    expect(joinProfileSecrets(stored, secrets)).toEqual(profile('cc-secret-9d2e'));
  });

  it('moves nothing when there is no secret or only the placeholder', () => {
    expect(splitProfileSecrets(profile(undefined)).secrets).toEqual({});
    const kept = splitProfileSecrets(profile(SECRET_PLACEHOLDER));
    expect(kept.secrets).toEqual({});
    expect(kept.stored).toEqual(profile(SECRET_PLACEHOLDER));
  });
});
