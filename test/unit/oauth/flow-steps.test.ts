import { describe, expect, it } from 'vitest';
import { AuthFlowError, FlowStep } from '../../../server/oauth/flow-steps.js';
import type { AuthStepEvent } from '../../../shared/oauth/auth-steps.js';

describe('the recorded steps of an OAuth flow', () => {
  it('mask a code or token that a server repeated in what a step says, finds or learned, and in the error it throws', () => {
    const events: AuthStepEvent[] = [];
    const step = new FlowStep('f1', 'authorization', (e) => events.push(e));
    step.fact('location', 'http://127.0.0.1:5/cb?code=SECRET1&state=SECRET2').finding('warning', 'the server said {"access_token":"SECRET3"}');
    let thrown: unknown;
    try {
      step.fail('The authorization endpoint refused the request (400): <a href="http://127.0.0.1:5/cb?state=SECRET4&amp;code=SECRET5">back</a>');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(AuthFlowError);
    const seen = JSON.stringify(events) + (thrown as Error).message;
    expect(seen).not.toMatch(/SECRET\d/);
    expect(events[0]?.message).toBe('The authorization endpoint refused the request (400): <a href="http://127.0.0.1:5/cb?state=••••&amp;code=••••">back</a>');
    expect(events[0]?.facts.location).toBe('http://127.0.0.1:5/cb?code=••••&state=••••');
  });

  it('leave the spec sentences they quote as they are', () => {
    const events: AuthStepEvent[] = [];
    const text =
      '"The "issuer" value returned MUST be identical to the authorization server\'s issuer identifier value" (RFC 8414 §3.3); the redirect carried no state.';
    new FlowStep('f1', 'server-metadata', (e) => events.push(e)).finding('error', text).ok(text);
    expect(events[0]?.message).toBe(text);
    expect(events[0]?.findings[0]?.message).toBe(text);
  });
});
