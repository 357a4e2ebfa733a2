// The editable target: a transport, then either command, args, env and cwd (stdio) or a URL and headers. While
// presenting, env and header values, secret arguments and a URL password are shown masked and cannot be edited.
import { useId } from 'react';
import { maskSecretArgs } from '../../../shared/redaction/secret-args.js';
import { usePresenting } from '../../lib/ui/presentation.js';
import { useScreenMask } from '../../lib/ui/screen-mask.js';
import { TARGET_TRANSPORTS, type TargetDraft, type TargetTransport } from './target-draft.js';
import { TargetOAuthFields } from './target-oauth-fields.js';

interface Props {
  draft: TargetDraft;
  onChange: (draft: TargetDraft) => void;
  error: string | null;
}

const TRANSPORT_LABELS: Record<TargetTransport, string> = {
  stdio: 'stdio (spawn a command)',
  auto: 'HTTP, auto-detect',
  http: 'Streamable HTTP',
  sse: 'legacy HTTP+SSE',
  ws: 'WebSocket',
  'http-2026': '2026-07-28 HTTP (stateless)',
};

export function TargetForm({ draft, onChange, error }: Props) {
  const set = (patch: Partial<TargetDraft>) => onChange({ ...draft, ...patch });
  const field = 'control font-mono';
  const presenting = usePresenting();
  const mask = useScreenMask();
  // Each caption is the <label> of its field, so a screen reader names the field by the words shown above it.
  const id = useId();
  const idOf = (field: string) => `${id}-${field}`;
  return (
    <div className="grid grid-cols-[minmax(220px,1.2fr)_minmax(180px,1fr)_minmax(180px,1fr)] gap-2 border-t border-edge px-3 py-2">
      <div className="flex flex-col gap-1">
        <Label text="transport" htmlFor={idOf('transport')} />
        <select
          id={idOf('transport')}
          data-testid="target-transport"
          className="control"
          value={draft.transport}
          onChange={(e) => set({ transport: e.target.value as TargetTransport })}
        >
          {TARGET_TRANSPORTS.map((t) => (
            <option key={t} value={t}>
              {TRANSPORT_LABELS[t]}
            </option>
          ))}
        </select>
        {draft.transport === 'stdio' ? (
          <>
            <Label text="command" htmlFor={idOf('command')} />
            <input
              id={idOf('command')}
              data-testid="target-command"
              className={field}
              value={draft.command}
              onChange={(e) => set({ command: e.target.value })}
              spellCheck={false}
            />
          </>
        ) : (
          <>
            <Label text="URL" htmlFor={idOf('url')} />
            <input
              id={idOf('url')}
              data-testid="target-url"
              className={field}
              value={mask === null ? draft.url : mask(draft.url)}
              readOnly={presenting}
              onChange={(e) => set({ url: e.target.value })}
              spellCheck={false}
              placeholder="http://127.0.0.1:3000/mcp"
            />
          </>
        )}
      </div>
      {draft.transport === 'stdio' ? (
        <>
          <div className="flex flex-col gap-1">
            <Label text="args, one per line" htmlFor={idOf('args')} />
            {presenting ? (
              <MaskedLines testId="target-args" text={maskSecretArgs(draft.args.split('\n')).join('\n')} />
            ) : (
              <textarea
                id={idOf('args')}
                data-testid="target-args"
                className={`${field} h-14 resize-y`}
                value={draft.args}
                onChange={(e) => set({ args: e.target.value })}
                spellCheck={false}
              />
            )}
            <Label text="cwd (optional)" htmlFor={idOf('cwd')} />
            <input
              id={idOf('cwd')}
              data-testid="target-cwd"
              className={field}
              value={draft.cwd}
              onChange={(e) => set({ cwd: e.target.value })}
              spellCheck={false}
              placeholder="the relay's working directory"
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label text="env, KEY=VALUE per line (added to the relay's)" htmlFor={idOf('env')} />
            {presenting ? (
              <MaskedLines testId="target-env" text={maskValues(draft.env, '=')} />
            ) : (
              <textarea
                id={idOf('env')}
                data-testid="target-env"
                className={`${field} h-[74px] resize-y`}
                value={draft.env}
                onChange={(e) => set({ env: e.target.value })}
                spellCheck={false}
              />
            )}
          </div>
        </>
      ) : (
        <div className="col-span-2 flex flex-col gap-1">
          <Label text="headers, Name: value per line (sent on every request, masked in the log)" htmlFor={idOf('headers')} />
          {presenting ? (
            <MaskedLines testId="target-headers" text={maskValues(draft.headers, ':')} />
          ) : (
            <textarea
              id={idOf('headers')}
              data-testid="target-headers"
              className={`${field} h-[74px] resize-y`}
              value={draft.headers}
              onChange={(e) => set({ headers: e.target.value })}
              spellCheck={false}
              placeholder="Authorization: Bearer …"
            />
          )}
        </div>
      )}
      {draft.transport !== 'stdio' && draft.transport !== 'ws' && <TargetOAuthFields draft={draft} set={set} />}
      {error && <p className="col-span-3 text-red-300">{error}</p>}
    </div>
  );
}

/** `NAME=value` or `Name: value` lines with every value masked: any of them may be a credential. */
function maskValues(text: string, sep: '=' | ':'): string {
  return text
    .split('\n')
    .map((line) => {
      const at = line.indexOf(sep);
      return at <= 0 || line.trimStart().startsWith('#') ? line : `${line.slice(0, at + 1)}${sep === ':' ? ' ' : ''}••••`;
    })
    .join('\n');
}

function MaskedLines({ testId, text }: { testId: string; text: string }) {
  return (
    <pre
      data-testid={testId}
      data-masked="true"
      title="values hidden while presenting: leave presentation mode to edit"
      className="control min-h-14 font-mono whitespace-pre-wrap"
    >
      {text === '' ? ' ' : text}
    </pre>
  );
}

function Label({ text, htmlFor }: { text: string; htmlFor: string }) {
  return (
    <label className="text-dim" htmlFor={htmlFor}>
      {text}
    </label>
  );
}
