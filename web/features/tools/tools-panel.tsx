// The Tools tab: the server's tools (all pages, searchable, refreshed on list_changed), one selected for calling, and export.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useMcpList } from '../../api/use-mcp-list.js';
import { useMcpSession } from '../../api/use-mcp-session.js';
import { CallError } from '../../components/call-error.js';
import { ListFormSplit } from '../../components/list-form-split.js';
import { UndeclaredNote } from '../../components/undeclared-note.js';
import { isPlainObject } from '../../../shared/jsonrpc.js';
import { useTakeIntent, type PanelIntent } from '../../lib/ui/panel-intents.js';
import { ToolDetail } from './tool-detail.js';
import { ToolExport } from './tool-export.js';
import { offerJsonSchemas } from '../../lib/editor/monaco-json-schemas.js';
import { matchesSearch, placeholderTool, toToolInfo, toolArgumentsPath, type ToolInfo } from './tool-info.js';
import { ToolList } from './tool-list.js';
import { ToolsToolbar } from './tools-toolbar.js';
import { DEFAULT_CALL_SETTINGS, type CallSettings } from './use-tool-call.js';

export function ToolsPanel({ sessionId, onSelect }: { sessionId: string; onSelect: (seq: number) => void }) {
  const mcp = useMcpSession(sessionId);
  const list = useMcpList<unknown>(sessionId, mcp, 'tools/list', 'tools', 'notifications/tools/list_changed');
  const tools = useMemo(() => (list.data?.items ?? []).flatMap((t) => toToolInfo(t) ?? []), [list.data]);
  // Every tool's inputSchema goes to Monaco with the first form's: picking another tool then finds its schema there,
  // where attaching it would restart the JSON worker (lib/editor/monaco-json-schemas.ts).
  useEffect(() => offerJsonSchemas(tools.map((t) => [toolArgumentsPath(t.name), t.inputSchema] as const)), [tools]);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [showExport, setShowExport] = useState(false);
  const [settings, setSettings] = useState<CallSettings>(DEFAULT_CALL_SETTINGS);

  // Edit and resend: a tools/call from the log selects its tool with its arguments in the form.
  const apply = useCallback((intent: PanelIntent) => {
    const params = isPlainObject(intent.params) ? intent.params : {};
    const name = typeof params.name === 'string' ? params.name : '';
    setSearch('');
    setSelected(name);
    setValues((v) => ({ ...v, [name]: params.arguments ?? {} }));
  }, []);
  useTakeIntent('tools', apply);

  const shown = tools.filter((t) => matchesSearch(t, search));
  const tool: ToolInfo | null = selected === null ? null : (tools.find((t) => t.name === selected) ?? placeholderTool(selected));
  return (
    <section data-testid="tools-panel" className="flex min-h-0 flex-1 flex-col">
      <ToolsToolbar
        search={search}
        onSearch={setSearch}
        count={tools.length}
        pages={list.data?.pages ?? 0}
        fetching={list.isFetching}
        onRefresh={() => void list.refresh()}
        canRefresh={mcp.ready}
        exportOpen={showExport}
        onToggleExport={() => setShowExport((v) => !v)}
      />
      {!mcp.ready && <p className="p-3 text-dim">Waiting for the server: the tools are listed once the handshake is complete.</p>}
      {mcp.ready && list.missing !== null && !list.forced && <UndeclaredNote missing={list.missing} what="tools/list" onListAnyway={list.listAnyway} />}
      {list.error && (
        <div className="p-2">
          <CallError error={list.error} />
        </div>
      )}
      {list.data?.stoppedEarly && <p className="px-3 text-amber-300">Paging stopped: {list.data.stoppedEarly}.</p>}
      {showExport && <ToolExport tools={tools} />}
      {(list.data || tool) && (
        <ListFormSplit testId="tools" list={list.data && <ToolList tools={shown} selected={selected} onSelect={setSelected} />}>
          {tool ? (
            <ToolDetail
              key={tool.name}
              sessionId={sessionId}
              epoch={mcp.epoch}
              tool={tool}
              value={values[tool.name] ?? {}}
              onChange={(v) => setValues((prev) => ({ ...prev, [tool.name]: v }))}
              canSend={mcp.live}
              onSelect={onSelect}
              settings={settings}
              onSettings={setSettings}
            />
          ) : (
            <p className="p-3 text-dim">Pick a tool to see its form.</p>
          )}
        </ListFormSplit>
      )}
    </section>
  );
}
