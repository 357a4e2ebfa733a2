// The Prompts tab: the server's prompts (all pages, refreshed on list_changed), an argument form with completion, and the messages.
import { useCallback, useMemo, useState } from 'react';
import { isPlainObject } from '../../../shared/jsonrpc.js';
import { useMcpAction } from '../../api/use-mcp-action.js';
import { useMcpList } from '../../api/use-mcp-list.js';
import { useMcpSession } from '../../api/use-mcp-session.js';
import { AwaitingAnswer } from '../../components/awaiting-answer.js';
import { CallError } from '../../components/call-error.js';
import { ListFormSplit } from '../../components/list-form-split.js';
import { UndeclaredNote } from '../../components/undeclared-note.js';
import { LogLink } from '../../components/log-link.js';
import { MarkdownText } from '../../components/markdown-text.js';
import { useTakeIntent, type PanelIntent } from '../../lib/ui/panel-intents.js';
import { useReveal } from '../../lib/ui/use-reveal.js';
import { PromptForm } from './prompt-form.js';
import { placeholderPrompt, toPromptInfo } from './prompt-info.js';
import { PromptList } from './prompt-list.js';
import { PromptMessages } from './prompt-messages.js';

type Args = Record<string, string>;

export function PromptsPanel({ sessionId, onSelect }: { sessionId: string; onSelect: (seq: number) => void }) {
  const mcp = useMcpSession(sessionId);
  const list = useMcpList<unknown>(sessionId, mcp, 'prompts/list', 'prompts', 'notifications/prompts/list_changed');
  const prompts = useMemo(() => (list.data?.items ?? []).flatMap((p) => toPromptInfo(p) ?? []), [list.data]);
  const [selected, setSelected] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, Args>>({});

  const apply = useCallback((intent: PanelIntent) => {
    const params = isPlainObject(intent.params) ? intent.params : {};
    const name = typeof params.name === 'string' ? params.name : '';
    const args = isPlainObject(params.arguments)
      ? Object.fromEntries(Object.entries(params.arguments).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]))
      : {};
    setSelected(name);
    setValues((prev) => ({ ...prev, [name]: args }));
  }, []);
  useTakeIntent('prompts', apply);

  const prompt = selected === null ? null : (prompts.find((p) => p.name === selected) ?? placeholderPrompt(selected, values[selected] ?? {}));
  const get = useMcpAction<Args>(sessionId, mcp.epoch, 'prompts/get', [selected], (args) => ({
    name: selected,
    // Empty fields are left out rather than sent as "": an optional argument left blank means "not given".
    arguments: Object.fromEntries(Object.entries(args).filter(([, v]) => v !== '')),
  }));
  const last = get.last;
  const outcome = useReveal<HTMLDivElement>(last ? `${last.submittedAt}:${last.status}` : null);
  return (
    <section data-testid="prompts-panel" className="flex min-h-0 flex-1 flex-col">
      {!mcp.ready && <p className="p-3 text-dim">Waiting for the server: prompts are listed once the handshake is complete.</p>}
      {mcp.ready && list.missing !== null && !list.forced && <UndeclaredNote missing={list.missing} what="prompts/list" onListAnyway={list.listAnyway} />}
      {list.error && (
        <div className="p-2">
          <CallError error={list.error} />
        </div>
      )}
      {(list.data || prompt) && (
        <ListFormSplit testId="prompts" list={list.data && <PromptList prompts={prompts} selected={selected} onSelect={setSelected} />}>
          {prompt ? (
            <div className="space-y-2 p-3">
              <div>
                <span className="font-mono text-sm font-semibold">{prompt.name}</span>
                {prompt.title && <span className="ml-2 text-dim">{prompt.title}</span>}
                {prompt.description && <MarkdownText text={prompt.description} className="text-dim" testId="prompt-description" />}
              </div>
              <PromptForm
                key={prompt.name}
                sessionId={sessionId}
                mcp={mcp}
                prompt={prompt}
                values={values[prompt.name] ?? {}}
                onChange={(v) => setValues((prev) => ({ ...prev, [prompt.name]: v }))}
                onGet={() => get.run(values[prompt.name] ?? {})}
                pending={last?.status === 'pending'}
              />
              <div ref={outcome} className="space-y-2">
                {last?.status === 'pending' && <AwaitingAnswer sessionId={sessionId} since={last.submittedAt} />}
                {last?.status === 'error' && <CallError error={last.error} />}
                {last?.status === 'success' && last.data && (
                  <>
                    <LogLink sessionId={sessionId} id={last.data.id} onSelect={onSelect} />
                    <PromptMessages result={last.data.result} />
                  </>
                )}
              </div>
            </div>
          ) : (
            <p className="p-3 text-dim">Pick a prompt to see its arguments.</p>
          )}
        </ListFormSplit>
      )}
    </section>
  );
}
