import { describe, expect, it } from 'vitest';
import { maskedHeaderName, maskedHeaderProblem } from '../../shared/masked-header-problem.js';
import { SECRET_PLACEHOLDER } from '../../shared/profiles/profile.js';
import type { Target } from '../../shared/relay-protocol.js';
import { profileMaskProblem } from '../../web/features/profiles/profile-mask-problem.js';

const remote = (headers: Record<string, string>): Target => ({ transport: 'http', url: 'http://127.0.0.1:9/mcp', headers });

describe('the masked-header check', () => {
  it('names the first header still holding the mask, and says what to do', () => {
    expect(maskedHeaderName(remote({ 'X-Tenant': 'acme', Authorization: 'Bearer ••••' }))).toBe('Authorization');
    expect(maskedHeaderProblem(remote({ Cookie: '••••' }), 'type it')).toBe('the Cookie header is masked (••••): type it');
    expect(maskedHeaderProblem(remote({ Authorization: 'Bearer real' }), 'type it')).toBeNull();
    expect(maskedHeaderProblem({ transport: 'stdio', command: 'x', args: [], env: { TOKEN: '••••' } }, 'type it')).toBeNull();
  });

  it('in a profile, refuses the mask but keeps a saved secret left as its placeholder', () => {
    const saved = { target: remote({ Authorization: SECRET_PLACEHOLDER, 'X-Key': 'plain' }) };
    // Left as the relay showed it: the relay swaps the placeholder back for the stored value.
    expect(profileMaskProblem(remote({ Authorization: SECRET_PLACEHOLDER }), saved)).toBeNull();
    // The placeholder on a header that was not a saved secret, or in a new profile, would be saved as the value.
    expect(profileMaskProblem(remote({ 'X-Key': SECRET_PLACEHOLDER }), saved)).toMatch(/X-Key header is masked/);
    expect(profileMaskProblem(remote({ Authorization: SECRET_PLACEHOLDER }))).toMatch(/Authorization header is masked/);
    // A mask copied from a session's headers is never a saved secret.
    expect(profileMaskProblem(remote({ Authorization: 'Bearer ••••' }), saved)).toMatch(/type its real value/);
    expect(profileMaskProblem(remote({ Authorization: 'Bearer t0k3n' }), saved)).toBeNull();
  });
});
