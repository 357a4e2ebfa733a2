// Records the steps of one authorization flow as `auth` events: each step gathers its exchanges, facts and findings,
// and ends ok, skipped or failed; a failure ends the flow with an AuthFlowError that names the step.
import type { AuthFinding, AuthStepEvent, AuthStepName } from '../../shared/oauth/auth-steps.js';
import { maskBody } from '../../shared/oauth/redact-oauth-exchange.js';

export class AuthFlowError extends Error {
  constructor(
    readonly step: AuthStepName,
    message: string,
  ) {
    super(message);
    this.name = 'AuthFlowError';
  }
}

export class FlowStep {
  readonly exchanges: string[] = [];
  readonly findings: AuthFinding[] = [];
  readonly facts: Record<string, string> = {};

  constructor(
    readonly flow: string,
    readonly name: AuthStepName,
    private readonly emit: (e: AuthStepEvent) => void,
  ) {}

  fact(name: string, value: string | number | boolean | undefined | null): this {
    if (value !== undefined && value !== null && value !== '') this.facts[name] = maskBody(String(value));
    return this;
  }

  finding(severity: AuthFinding['severity'], message: string): this {
    this.findings.push({ severity, message: maskBody(message) });
    return this;
  }

  // Messages quote what servers said (an error page, an error_description), which may repeat a code or a token: they
  // are masked like a recorded body before they reach the store or the terminal.
  private send(status: AuthStepEvent['status'], message: string): void {
    this.emit({
      event: 'auth',
      flow: this.flow,
      step: this.name,
      status,
      message: maskBody(message),
      exchanges: [...this.exchanges],
      findings: [...this.findings],
      facts: { ...this.facts },
    });
  }

  waiting(message: string): void {
    this.send('waiting', message);
  }

  ok(message: string): void {
    this.send('ok', message);
  }

  skipped(message: string): void {
    this.send('skipped', message);
  }

  /** Records the failure and throws it, so the flow stops where the step did. */
  fail(message: string): never {
    this.send('failed', message);
    throw new AuthFlowError(this.name, maskBody(message));
  }
}

/** Why a library call failed, in words: OAuth error responses by their code, schema failures by their fields. */
export function describeError(err: unknown): string {
  if (err instanceof Error && 'errorCode' in err && typeof (err as { errorCode: unknown }).errorCode === 'string') {
    const code = (err as { errorCode: string }).errorCode;
    return err.message ? `${code}: ${err.message}` : code;
  }
  if (err instanceof Error && err.name === 'ZodError' && 'issues' in err) {
    const issues = (err as { issues: Array<{ path: PropertyKey[]; message: string }> }).issues;
    return `the response does not have the shape the spec requires: ${issues.map((i) => `${i.path.map(String).join('.') || '(root)'} ${i.message.toLowerCase()}`).join('; ')}`;
  }
  if (err instanceof SyntaxError) return `the response is not JSON (${err.message})`;
  return err instanceof Error ? err.message : String(err);
}
