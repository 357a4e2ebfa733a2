// The server's declared capabilities, each explained in one line, with their flags.
import { capabilityFlags, CAPABILITY_NOTES, UNKNOWN_CAPABILITY } from './capability-notes.js';

export function CapabilityList({ capabilities }: { capabilities: Record<string, unknown> }) {
  const names = Object.keys(capabilities);
  if (names.length === 0) return <p className="text-dim">The server declared no capabilities.</p>;
  return (
    <ul data-testid="capabilities" className="space-y-1.5">
      {names.map((name) => (
        <li key={name} data-capability={name}>
          <div className="flex items-baseline gap-2">
            <code className="font-semibold text-sky-300">{name}</code>
            <span className="text-dim">{CAPABILITY_NOTES[name] ?? UNKNOWN_CAPABILITY}</span>
          </div>
          <ul className="ml-4">
            {capabilityFlags(name, capabilities[name]).map(({ flag, note, value }) => (
              <li key={flag} className="font-mono text-[11px]">
                <span className={value === false ? 'text-dim line-through' : ''}>{flag}</span>
                {typeof value !== 'boolean' && <span className="text-dim"> = {JSON.stringify(value)}</span>}
                {note && <span className="font-sans text-dim"> — {note}</span>}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
