// The syslog severities MCP logging uses (RFC 5424), lowest first, with a colour for each.

export const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LEVEL_CLASS: Record<LogLevel, string> = {
  debug: 'bg-zinc-700/70 text-zinc-200',
  info: 'bg-sky-800/70 text-sky-100',
  notice: 'bg-teal-800/70 text-teal-100',
  warning: 'bg-amber-700/70 text-amber-50',
  error: 'bg-red-800/80 text-red-50',
  critical: 'bg-red-700 text-white',
  alert: 'bg-fuchsia-700 text-white',
  emergency: 'bg-fuchsia-600 text-white',
};

export function isLogLevel(value: unknown): value is LogLevel {
  return typeof value === 'string' && (LOG_LEVELS as readonly string[]).includes(value);
}
