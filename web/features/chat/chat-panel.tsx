// The Chat tab: a model drives the connected server's tools. The settings, a system prompt, which tools to offer
// (a checkbox each), the approval mode and step limit, the conversation, and Send / Stop.
import { useMemo, useState } from 'react';
import { APPROVAL_MODES, type ApprovalMode } from '../../../shared/model/chat-types.js';
import { useMcpList } from '../../api/use-mcp-list.js';
import { useMcpSession } from '../../api/use-mcp-session.js';
import { isPlainObject } from '../../../shared/jsonrpc.js';
import type { ToolLike } from '../../../shared/model/tool-functions.js';
import { ChatTranscript } from './chat-transcript.js';
import { useModelSettings } from '../../lib/model/use-model-settings.js';
import { ModelSettings } from './model-settings.js';
import { useChat } from './use-chat.js';

/** A listed tool as the loop offers it; a server's malformed entry is skipped, not offered. */
function toolOf(raw: unknown): ToolLike[] {
  if (!isPlainObject(raw) || typeof raw.name !== 'string') return [];
  return [
    {
      name: raw.name,
      title: typeof raw.title === 'string' ? raw.title : null,
      description: typeof raw.description === 'string' ? raw.description : null,
      inputSchema: raw.inputSchema,
      annotations: isPlainObject(raw.annotations) ? raw.annotations : {},
    },
  ];
}

const APPROVAL_TEXT: Record<ApprovalMode, string> = { ask: 'ask before every call', 'read-only': 'auto for read-only tools', all: 'auto for all' };

export function ChatPanel({ sessionId, onSelect }: { sessionId: string; onSelect: (seq: number) => void }) {
  const mcp = useMcpSession(sessionId);
  const list = useMcpList<unknown>(sessionId, mcp, 'tools/list', 'tools', 'notifications/tools/list_changed');
  const tools = useMemo(() => (list.data?.items ?? []).flatMap(toolOf), [list.data]);
  const settings = useModelSettings().data;
  const chat = useChat(sessionId);
  const [system, setSystem] = useState('');
  const [prompt, setPrompt] = useState('');
  const [off, setOff] = useState<Set<string>>(new Set());
  const [approval, setApproval] = useState<ApprovalMode>('ask');
  const [maxSteps, setMaxSteps] = useState(10);
  const ready = mcp.ready && settings?.provider != null && !!settings.model;
  const send = () => {
    if (!settings?.provider || !settings.model || !prompt.trim()) return;
    const text = prompt;
    setPrompt('');
    void chat.send(text, { provider: settings.provider, model: settings.model, system, tools: tools.filter((t) => !off.has(t.name)), approval, maxSteps });
  };
  return (
    <section data-testid="chat-panel" className="flex min-h-0 flex-1 flex-col">
      <ModelSettings />
      <details className="border-b border-edge px-3 py-1">
        <summary className="cursor-pointer text-dim">
          System prompt and tools ({tools.length - off.size} of {tools.length} offered)
        </summary>
        <textarea
          aria-label="system prompt"
          data-testid="chat-system"
          className="control my-1 h-16 w-full"
          placeholder="system prompt (optional)"
          value={system}
          onChange={(e) => setSystem(e.target.value)}
        />
        <div className="flex flex-wrap gap-x-3">
          {tools.map((t) => (
            <label key={t.name} className="flex items-center gap-1 font-mono text-[11px]">
              <input
                type="checkbox"
                data-testid="chat-tool-toggle"
                data-tool={t.name}
                checked={!off.has(t.name)}
                onChange={(e) =>
                  setOff((s) => {
                    const next = new Set(s);
                    if (e.target.checked) next.delete(t.name);
                    else next.add(t.name);
                    return next;
                  })
                }
              />
              {t.name}
            </label>
          ))}
        </div>
      </details>
      <div className="flex flex-wrap items-center gap-2 border-b border-edge px-3 py-1">
        <select
          aria-label="approval"
          data-testid="chat-approval-mode"
          className="control"
          value={approval}
          onChange={(e) => setApproval(e.target.value as ApprovalMode)}
        >
          {APPROVAL_MODES.map((m) => (
            <option key={m} value={m}>
              {APPROVAL_TEXT[m]}
            </option>
          ))}
        </select>
        <label className="flex items-center gap-1 text-dim">
          steps
          <input
            type="number"
            aria-label="step limit"
            data-testid="chat-max-steps"
            className="control w-16"
            min={1}
            max={100}
            value={maxSteps}
            onChange={(e) => setMaxSteps(Math.max(1, Number(e.target.value) || 1))}
          />
        </label>
        <button type="button" className="btn ml-auto" disabled={chat.running} onClick={chat.reset}>
          New chat
        </button>
      </div>
      {!mcp.ready && <p className="p-3 text-dim">Waiting for the server: the tools are offered once the handshake is complete.</p>}
      {mcp.ready && !settings?.provider && <p className="p-3 text-dim">Choose a provider and a model above (the key stays with the relay).</p>}
      <ChatTranscript items={chat.items} live={chat.live} pending={chat.pending} onSelect={onSelect} />
      <div className="flex gap-2 border-t border-edge px-3 py-2">
        <textarea
          aria-label="message"
          data-testid="chat-prompt"
          className="control h-14 flex-1"
          placeholder="Ask the model to use the server's tools…"
          value={prompt}
          onChange={(e) => setPrompt(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send();
          }}
        />
        {chat.running ? (
          <button type="button" data-testid="chat-stop" className="btn" onClick={chat.stop}>
            Stop
          </button>
        ) : (
          <button type="button" data-testid="chat-send" className="btn btn-primary" disabled={!ready || !prompt.trim()} onClick={send}>
            Send
          </button>
        )}
      </div>
    </section>
  );
}
