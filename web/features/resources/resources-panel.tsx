// The Resources tab: resources and templates (all pages, refreshed on list_changed), a reader, and subscriptions.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { isPlainObject } from '../../../shared/jsonrpc.js';
import { queryKeys } from '../../api/query-keys.js';
import { useMcpList } from '../../api/use-mcp-list.js';
import { useMcpSession } from '../../api/use-mcp-session.js';
import { CallError } from '../../components/call-error.js';
import { ListFormSplit } from '../../components/list-form-split.js';
import { UndeclaredNote } from '../../components/undeclared-note.js';
import { useTakeIntent, type PanelIntent } from '../../lib/ui/panel-intents.js';
import { useInbound } from '../../lib/log/use-inbound.js';
import { ResourceList } from './resource-list.js';
import { ResourceReader } from './resource-reader.js';
import { updatesByUri } from './resource-updates.js';
import { TemplateForm } from './template-form.js';
import { TemplateList } from './template-list.js';
import { useSubscriptions } from './use-subscriptions.js';

const LIST_CHANGED = 'notifications/resources/list_changed';

export function ResourcesPanel({ sessionId, onSelect }: { sessionId: string; onSelect: (seq: number) => void }) {
  const mcp = useMcpSession(sessionId);
  const resources = useMcpList<unknown>(sessionId, mcp, 'resources/list', 'resources', LIST_CHANGED);
  const templates = useMcpList<unknown>(sessionId, mcp, 'resources/templates/list', 'resourceTemplates', LIST_CHANGED);
  const updateFrames = useInbound(sessionId, 'notifications/resources/updated');
  const updates = useMemo(() => updatesByUri(updateFrames), [updateFrames]);
  const subs = useSubscriptions(sessionId, mcp);
  const [uri, setUri] = useState<string | null>(null);
  const [template, setTemplate] = useState<string | null>(null);
  const queryClient = useQueryClient();
  // Asking for the URI already shown reads it again rather than showing the cached answer.
  const read = (next: string) => {
    if (next === uri) void queryClient.refetchQueries({ queryKey: queryKeys.mcp(sessionId, mcp.epoch, 'resources/read', next) });
    else setUri(next);
  };

  // Edit and resend: resources/read, subscribe and unsubscribe open their URI here.
  const apply = useCallback((intent: PanelIntent) => {
    const params = isPlainObject(intent.params) ? intent.params : {};
    if (typeof params.uri === 'string') setUri(params.uri);
  }, []);
  useTakeIntent('resources', apply);

  return (
    <section data-testid="resources-panel" className="flex min-h-0 flex-1 flex-col">
      <div className="flex shrink-0 items-center gap-2 border-b border-edge px-3 py-1.5">
        <span className="text-dim">
          {resources.data?.items.length ?? 0} resources · {templates.data?.items.length ?? 0} templates
          {updateFrames.length > 0 && ` · ${updateFrames.length} update notifications`}
        </span>
        <button
          type="button"
          className="btn ml-auto"
          disabled={!mcp.ready || resources.isFetching}
          onClick={() => void Promise.all([resources.refresh(), templates.refresh()])}
        >
          Refresh
        </button>
      </div>
      {!mcp.ready && <p className="p-3 text-dim">Waiting for the server: resources are listed once the handshake is complete.</p>}
      {mcp.ready && resources.missing !== null && !resources.forced && (
        <UndeclaredNote
          missing={resources.missing}
          what="resources/list and resources/templates/list"
          onListAnyway={() => {
            resources.listAnyway();
            templates.listAnyway();
          }}
        />
      )}
      {[resources.error, templates.error, subs.error].map(
        (e, i) =>
          e && (
            <div key={i} className="p-2">
              <CallError error={e} />
            </div>
          ),
      )}
      <ListFormSplit
        testId="resources"
        list={
          <>
            <h3 className="px-3 pt-1 text-[10px] tracking-wide text-dim uppercase">resources</h3>
            {resources.data && <ResourceList resources={resources.data.items} selected={uri} subscribed={subs.subscribed} updates={updates} onSelect={read} />}
            <h3 className="px-3 pt-1 text-[10px] tracking-wide text-dim uppercase">templates</h3>
            {templates.data && (
              <TemplateList templates={templates.data.items} selected={template} onSelect={(t) => setTemplate((cur) => (cur === t ? null : t))} />
            )}
          </>
        }
      >
        {template && <TemplateForm key={template} sessionId={sessionId} mcp={mcp} uriTemplate={template} onRead={read} />}
        {uri && (
          <ResourceReader
            sessionId={sessionId}
            mcp={mcp}
            uri={uri}
            update={updates.get(uri)}
            subscription={{ subscribed: subs.subscribed.has(uri), pending: subs.pending, supported: subs.supported, toggle: () => subs.toggle(uri) }}
            onSelect={onSelect}
          />
        )}
        {!template && !uri && <p className="p-3 text-dim">Pick a resource to read it, or a template to fill in.</p>}
      </ListFormSplit>
    </section>
  );
}
