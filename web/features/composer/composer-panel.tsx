// The raw composer: a JSON editor whose text goes to the server as typed, with templates and a send guard. It sits
// collapsed to its toolbar until used: a template, an "edit and resend", the toggle or the `c` key opens it.
import type { OnMount } from '@monaco-editor/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useConfig } from '../../api/use-config.js';
import { useSession } from '../../api/use-sessions.js';
import { AwaitingAnswer } from '../../components/awaiting-answer.js';
import { LazyCodeEditor, preloadEditor } from '../../components/lazy-code-editor.js';
import { useTakeIntent, type PanelIntent } from '../../lib/ui/panel-intents.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import { COMPOSER_TEMPLATES, renderTemplate } from './composer-templates.js';
import { withFreshId } from './composer-history.js';
import { ComposerToolbar } from './composer-toolbar.js';
import { HistoryList } from './history-list.js';
import { resendText } from './resend-text.js';
import { useComposerSend } from './use-composer-send.js';

interface Props {
  sessionId: string | null;
  /** False while the pane is collapsed to its toolbar: the editor stays mounted (it keeps the text) but hidden. */
  expanded: boolean;
  onExpand: () => void;
  onCollapse: () => void;
  /** Changes when the editor should take the focus (the keyboard shortcut). */
  focusRequest: number;
}

export function ComposerPanel({ sessionId, expanded, onExpand, onCollapse, focusRequest }: Props) {
  const { engines } = useRelay();
  const session = useSession(sessionId);
  const config = useConfig();
  const [text, setText] = useState('');
  const [compact, setCompact] = useState(true);
  const editorRef = useRef<Parameters<OnMount>[0] | null>(null);
  // The editor's code loads when the pane first opens: a focus asked for before it is there is given on its mount.
  const focusOnMount = useRef(false);
  const live = session?.live === true;
  const { plan, confirming, status, waitingSince, send, sendRef, transmit } = useComposerSend(sessionId, live, text, compact);
  const [historyOpen, setHistoryOpen] = useState(false);
  // Ids auto-increment: a past request goes out (or into the editor) with the next id, never its old one.
  const freshId = (old: string) => (sessionId === null ? old : withFreshId(old, engines.get(sessionId).peekNextId()));

  const replaceText = useCallback(
    (next: string) => {
      const editor = editorRef.current;
      const model = editor?.getModel();
      if (editor && model) {
        // An edit rather than setValue, so Ctrl+Z brings back what was replaced.
        editor.pushUndoStop();
        editor.executeEdits('template', [{ range: model.getFullModelRange(), text: next }]);
        editor.pushUndoStop();
        editor.focus();
      } else focusOnMount.current = true;
      setText(next);
      onExpand();
    },
    [onExpand],
  );

  useEffect(() => {
    if (focusRequest === 0) return;
    // Asked for by a key: the editor's code loads now, even before the log has painted.
    preloadEditor();
    if (editorRef.current) editorRef.current.focus();
    else focusOnMount.current = true;
  }, [focusRequest]);
  // A send that needs a yes shows its question in the pane, so the pane opens to show it.
  useEffect(() => {
    if (confirming !== null) onExpand();
  }, [confirming, onExpand]);

  const fill = useCallback(
    (key: string) => {
      const template = COMPOSER_TEMPLATES.find((t) => t.key === key);
      if (!template || sessionId === null) return;
      replaceText(
        renderTemplate(template, {
          nextId: engines.get(sessionId).peekNextId(),
          protocolVersion: session?.protocolVersion ?? config.data?.defaultProtocolVersion ?? '2025-11-25',
          clientVersion: config.data?.version ?? '0.0.0',
        }),
      );
    },
    [engines, sessionId, session?.protocolVersion, config.data, replaceText],
  );

  // Edit and resend from the detail pane.
  const takeIntent = useCallback(
    (intent: PanelIntent) => {
      if (sessionId !== null) replaceText(resendText(intent.message, engines.get(sessionId).peekNextId()));
    },
    [engines, sessionId, replaceText],
  );
  useTakeIntent('composer', takeIntent);

  const onMount: OnMount = useCallback(
    (editor, monaco) => {
      editorRef.current = editor;
      // An action, not addCommand: Monaco binds a command's keys page-wide, so Ctrl+Enter in a tool's arguments editor
      // would send the composer's text; an action's keys work only while its own editor has the focus.
      editor.addAction({
        id: 'mcpscope.composerSend',
        label: 'Send',
        keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
        run: () => sendRef.current(),
      });
      if (focusOnMount.current) editor.focus();
    },
    [sendRef],
  );

  return (
    <section
      className="flex min-h-0 flex-1 flex-col bg-panel"
      aria-label="composer"
      data-testid="composer"
      data-expanded={expanded}
      // A pointer over the bar (or a focus in it) is the likely sign of an open: the editor's code starts loading then.
      onPointerEnter={preloadEditor}
      onFocus={preloadEditor}
    >
      <ComposerToolbar
        expanded={expanded}
        onToggle={expanded ? onCollapse : onExpand}
        templates={COMPOSER_TEMPLATES}
        onTemplate={fill}
        templatesDisabled={sessionId === null}
        compact={compact}
        onCompactChange={setCompact}
        canSend={live && plan.kind !== 'empty'}
        notLiveReason={
          sessionId === null
            ? 'not attached to a session'
            : live
              ? null
              : session?.tapped
                ? 'tapped session: the host owns it, nothing is sent from here'
                : 'session is not live: restart it to send'
        }
        onSend={send}
        status={status}
        historyOpen={historyOpen}
        onHistoryToggle={() => setHistoryOpen((o) => !o)}
      />
      {sessionId !== null && waitingSince !== null && (
        <AwaitingAnswer sessionId={sessionId} since={waitingSince} className="border-b border-edge px-3 py-1" onWaiting={onExpand} />
      )}
      {confirming !== null && (
        <div className="flex items-start gap-3 border-b border-amber-800 bg-amber-950/50 px-3 py-1.5 text-amber-100" role="alert">
          <div className="flex-1 space-y-0.5">
            {confirming.map((r) => (
              <p key={r}>{r}</p>
            ))}
            <p className="text-amber-300/80">It will be sent exactly as typed.</p>
          </div>
          <button type="button" data-testid="composer-send-anyway" className="btn btn-warn" disabled={!live} onClick={send}>
            Send anyway
          </button>
        </div>
      )}
      <div className={expanded ? 'flex min-h-0 flex-1' : 'hidden'}>
        <div data-testid="composer-editor" className="min-w-0 flex-1">
          {/* The text so far (a template chosen before the editor's code arrived) becomes the editor's first text. */}
          <LazyCodeEditor hidden={!expanded} path="mcpscope://composer" defaultValue={text} language="json" onChange={setText} onMount={onMount} />
        </div>
        {historyOpen && <HistoryList canSend={live} onEdit={(t) => replaceText(freshId(t))} onResend={(t) => void transmit(freshId(t))} />}
      </div>
    </section>
  );
}
