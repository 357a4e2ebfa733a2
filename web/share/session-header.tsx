// The recorded session at a glance: the server that answered, what was negotiated, how it travelled, how long it ran
// and what it holds. From the bundle's header (the negotiation mcpscope read off the handshake), shown as text only.
import { isPlainObject } from '../../shared/jsonrpc.js';
import type { BundleHeader, BundleTrailer } from '../../shared/bundle/bundle-format.js';
import { formatDate } from '../lib/ui/format.js';

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const keysOf = (v: unknown): string => (isPlainObject(v) && Object.keys(v).length > 0 ? Object.keys(v).join(', ') : 'none declared');

function duration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1_000)} s`;
}

function Field({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex min-w-0 gap-1" data-testid={testId}>
      <dt className="shrink-0 text-dim">{label}</dt>
      <dd className="min-w-0 truncate">{children}</dd>
    </div>
  );
}

export function SessionHeader({ header, trailer }: { header: BundleHeader; trailer: BundleTrailer | null }) {
  const n = header.negotiated;
  const info = isPlainObject(n.serverInfo) ? n.serverInfo : {};
  const server = [str(info.title) ?? str(info.name), str(info.version)].filter(Boolean).join(' ') || 'unknown (no handshake recorded)';
  const t = header.target;
  const where = t.transport === 'stdio' ? [t.command, ...t.args].join(' ') : t.url;
  const { startedAt, endedAt } = header.session;
  return (
    <dl
      data-testid="share-session-header"
      className="grid shrink-0 grid-cols-[repeat(auto-fill,minmax(16rem,1fr))] gap-x-4 gap-y-0.5 border-b border-edge bg-panel px-3 py-1 text-xs"
    >
      <Field label="server" testId="share-server">
        {server}
      </Field>
      <Field label="protocol">
        {n.protocolVersion ?? 'not negotiated'}
        {n.requestedVersion !== null && n.requestedVersion !== n.protocolVersion ? ` (asked for ${n.requestedVersion})` : ''}
        {n.via ? ` via ${n.via}` : ''}
      </Field>
      <Field label="transport" testId="share-transport">
        {t.transport} <span className="text-dim">{where}</span>
      </Field>
      <Field label="server capabilities">{keysOf(n.serverCapabilities)}</Field>
      <Field label="client capabilities">{keysOf(n.clientCapabilities)}</Field>
      <Field label="recorded">
        {formatDate(startedAt)}
        {endedAt !== null ? `, ${duration(endedAt - startedAt)}` : ''} ({header.session.status})
      </Field>
      <Field label="counts" testId="share-counts">
        {trailer ? `${trailer.frames} frames, ${trailer.clientFrames} sent by the client, ${trailer.findings} findings` : 'counting…'}
      </Field>
    </dl>
  );
}
