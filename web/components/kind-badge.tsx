// The coloured badge for a frame's kind, shared by the log rows and the detail header.
import type { FrameKind } from '../../shared/jsonrpc.js';

const KIND_STYLES: Record<FrameKind, string> = {
  request: 'bg-blue-900/60 text-blue-200',
  notification: 'bg-violet-900/60 text-violet-200',
  response: 'bg-emerald-900/60 text-emerald-200',
  error: 'bg-red-900/70 text-red-200',
  batch: 'bg-amber-900/60 text-amber-200',
  invalid: 'bg-orange-900/70 text-orange-200',
  noise: 'bg-yellow-900/60 text-yellow-200 outline outline-1 outline-dashed outline-yellow-600',
  oversize: 'bg-pink-900/70 text-pink-200',
  stderr: 'bg-zinc-800 text-zinc-300 italic',
  event: 'bg-slate-700 text-slate-100',
  http: 'bg-cyan-900/60 text-cyan-200',
};

/** Labels a narrow log shows (its kind column then leaves the method more room); the badge's tooltip has the word. */
const SHORT_LABELS: Record<FrameKind, string> = {
  request: 'req',
  notification: 'notif',
  response: 'resp',
  error: 'err',
  batch: 'batch',
  invalid: 'inval',
  noise: 'noise',
  oversize: 'big',
  stderr: 'stderr',
  event: 'event',
  http: 'http',
};

export function KindBadge({ kind, short = false }: { kind: FrameKind; short?: boolean }) {
  return (
    <span title={short ? kind : undefined} className={`inline-block rounded px-1 text-[10px] leading-4 font-medium uppercase ${KIND_STYLES[kind]}`}>
      {short ? SHORT_LABELS[kind] : kind}
    </span>
  );
}
