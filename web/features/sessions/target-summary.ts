// A session's target on one line, the way the history lists it.
import type { Target } from '../../../shared/relay-protocol.js';

export function targetSummary(t: Target): string {
  if (t.transport !== 'stdio') return `${t.transport} ${t.url}`;
  const quote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : JSON.stringify(s));
  return [t.command, ...t.args].map(quote).join(' ');
}
