// A tool's behaviour hints as badges. They are hints from the server, not guarantees, and say so on hover.
const HINTS: { key: string; on: string; off: string; danger?: boolean }[] = [
  { key: 'readOnlyHint', on: 'read-only', off: 'writes' },
  { key: 'destructiveHint', on: 'destructive', off: 'non-destructive', danger: true },
  { key: 'idempotentHint', on: 'idempotent', off: 'not idempotent' },
  { key: 'openWorldHint', on: 'open world', off: 'closed world' },
];

/**
 * `brief` (a list row) keeps one badge, what a call may do: read-only, or else destructive / non-destructive (the spec
 * reads destructiveHint only when readOnlyHint is false). The form shows every hint.
 */
function briefly(annotations: Record<string, unknown>, key: string): boolean {
  if (key === 'readOnlyHint') return annotations.readOnlyHint === true;
  return key === 'destructiveHint' && annotations.readOnlyHint !== true;
}

export function ToolAnnotations({ annotations, brief = false }: { annotations: Record<string, unknown>; brief?: boolean }) {
  const shown = HINTS.filter((h) => typeof annotations[h.key] === 'boolean' && (!brief || briefly(annotations, h.key)));
  if (shown.length === 0) return null;
  return (
    <span className="flex flex-wrap gap-1" data-testid="tool-annotations">
      {shown.map((h) => {
        const on = annotations[h.key] === true;
        return (
          <span
            key={h.key}
            title={`${h.key}: ${String(on)} (a hint from the server, not a guarantee)`}
            className={`rounded px-1 text-[10px] ${on && h.danger ? 'bg-red-900/70 text-red-100' : 'bg-white/10 text-dim'}`}
          >
            {on ? h.on : h.off}
          </span>
        );
      })}
    </span>
  );
}
