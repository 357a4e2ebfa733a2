// Edit and resend: a request this side sent opens in its panel (tools/call in Tools, with its arguments) or in the composer.
import { isPlainObject } from '../../../shared/jsonrpc.js';
import type { FrameEntry } from '../../lib/log/frame-entry.js';
import { publishIntent, type IntentTarget } from '../../lib/ui/panel-intents.js';
import { isReadOnlyPage } from '../../lib/ui/read-only.js';

/** Where each method is at home; every other request opens in the composer only. */
const PANEL_OF: Record<string, { target: IntentTarget; label: string }> = {
  'tools/call': { target: 'tools', label: 'Tools' },
  'resources/read': { target: 'resources', label: 'Resources' },
  'resources/subscribe': { target: 'resources', label: 'Resources' },
  'resources/unsubscribe': { target: 'resources', label: 'Resources' },
  'prompts/get': { target: 'prompts', label: 'Prompts' },
  'logging/setLevel': { target: 'logging', label: 'Logging' },
  ping: { target: 'overview', label: 'Overview' },
};

/** Any request or notification, either direction, can become an element of a batch in the Batch builder. */
function AddToBatch({ entry }: { entry: FrameEntry }) {
  const { frame, value } = entry;
  if (!['request', 'notification', 'batch'].includes(frame.kind) || value === undefined) return null;
  const add = () => publishIntent({ target: 'batch', method: frame.method ?? '', params: isPlainObject(value) ? value.params : undefined, message: value });
  return (
    <button type="button" data-testid="add-to-batch" className="btn px-2 py-0 text-[11px]" onClick={add}>
      add to batch
    </button>
  );
}

export function ResendAction({ entry }: { entry: FrameEntry }) {
  const { frame, value } = entry;
  // A share file has nothing to send to: no composer, no panels to open in.
  if (isReadOnlyPage()) return null;
  if (frame.dir !== 'out') {
    return entry.frame.kind === 'request' || entry.frame.kind === 'notification' ? (
      <div className="mt-1 flex flex-wrap items-center gap-2" data-testid="resend-actions">
        <AddToBatch entry={entry} />
      </div>
    ) : null;
  }
  // Only what this side sent can be sent again; a parse failure still opens, as text, in the composer.
  if (frame.dir !== 'out' || !['request', 'notification', 'batch', 'noise', 'invalid'].includes(frame.kind)) return null;
  const method = frame.method ?? '';
  const panel = frame.kind === 'request' ? PANEL_OF[method] : undefined;
  const params = isPlainObject(value) ? value.params : undefined;
  const open = (target: IntentTarget) => publishIntent({ target, method, params, message: value === undefined ? frame.text : value });
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2" data-testid="resend-actions">
      <span className="text-[11px] text-dim">edit and resend:</span>
      {panel && (
        <button type="button" data-testid="resend-in-panel" className="btn px-2 py-0 text-[11px]" onClick={() => open(panel.target)}>
          open in {panel.label}
        </button>
      )}
      <button type="button" data-testid="resend-in-composer" className="btn px-2 py-0 text-[11px]" onClick={() => open('composer')}>
        open in composer
      </button>
      <AddToBatch entry={entry} />
    </div>
  );
}
