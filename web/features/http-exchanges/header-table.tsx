// Header lines in wire order, duplicates kept; values arrive already masked by the relay and are shown as text (while
// presenting, a credential in a header the relay does not know, X-Session-Key say, is masked too).
import { isSecretName, REDACTED } from '../../../shared/redaction/secret-patterns.js';
import { useScreenMask } from '../../lib/ui/screen-mask.js';

interface Props {
  side: 'request' | 'response';
  lines: readonly (readonly [string, string])[];
}

export function HeaderTable({ side, lines }: Props) {
  const mask = useScreenMask();
  const shown = (name: string, value: string) => (mask === null ? value : isSecretName(name) && !value.includes('••••') ? REDACTED : mask(value));
  if (lines.length === 0) return <p className="px-3 py-1 text-dim">No {side} headers.</p>;
  return (
    <table className="w-full border-collapse font-mono text-[11px]" data-testid={`http-headers-${side}`}>
      <tbody>
        {lines.map(([name, value], i) => (
          <tr key={i} data-testid="http-header" data-side={side} data-name={name.toLowerCase()} className="align-top">
            <td className="w-[34%] px-3 py-px break-all text-sky-200">{name}</td>
            <td className="px-1 py-px break-all whitespace-pre-wrap" data-testid="http-header-value">
              {shown(name, value)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
