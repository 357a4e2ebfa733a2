// Answers a sampling/createMessage request by hand: type the reply as plain text (role and text), edit the whole result as
// JSON (a canned reply to start from, or the configured model's answer, asked for only when the person clicks: nothing
// goes to the model or back to the server before they have seen it, unless the auto-response rule says so: then the
// model's draft arrives here to be edited, or went out on its own), or reject it.
import { useMemo, useState } from 'react';
import { parseJson } from '../../../shared/jsonrpc.js';
import { askModelForSampling, type SamplingDraft } from '../../lib/model/sampling-by-model.js';
import { useModelSettings } from '../../lib/model/use-model-settings.js';
import { useRelay } from '../../lib/relay/relay-context.js';
import { FormKeys } from '../../components/form-keys.js';
import { ProblemList } from '../../components/schema-form/problem-list.js';
import { checkInstance } from '../../components/schema-form/schema-check.js';
import { CREATE_MESSAGE_RESULT_SCHEMA } from '../../lib/server-requests/create-message-result-schema.js';
import { cannedSamplingResult, rejection, textSamplingResult, type Outcome } from '../../lib/server-requests/server-request-rules.js';
import { SamplingResultEditor } from './sampling-result-editor.js';

interface Props {
  sessionId: string;
  params: unknown;
  /** The model's answer a 'model-review' rule asked for, to start the editor from. */
  draft?: SamplingDraft | undefined;
  /** A model rule is asking the model now. */
  asking?: boolean | undefined;
  /** What the model rule did, or why it could not. */
  modelNote?: string | undefined;
  onAnswer: (o: Outcome) => void;
}

export function SamplingAnswer({ sessionId, params, draft, asking = false, modelNote, onAnswer }: Props) {
  const [editor, setEditor] = useState(() => ({ version: 0, initial: JSON.stringify(draft?.result ?? cannedSamplingResult(params), null, 2) }));
  const [text, setText] = useState(editor.initial);
  const { http } = useRelay();
  const model = useModelSettings().data;
  const [asked, setAsked] = useState<{ busy: boolean; note: string | null }>({ busy: false, note: null });
  const fill = (result: unknown) => {
    const next = JSON.stringify(result, null, 2);
    setEditor((e) => ({ version: e.version + 1, initial: next }));
    setText(next);
  };
  // A draft that came after the card was drawn (the model rule was still asking): it fills the editor once.
  const [filledFrom, setFilledFrom] = useState(draft);
  if (draft !== filledFrom) {
    setFilledFrom(draft);
    if (draft) fill(draft.result);
  }
  const askModel = async () => {
    setAsked({ busy: true, note: null });
    try {
      const answer = await askModelForSampling(http, sessionId, params);
      fill(answer.result);
      setAsked({ busy: false, note: `${answer.note}: edit it if you like, then Send result` });
    } catch (err) {
      setAsked({ busy: false, note: `the model could not answer: ${err instanceof Error ? err.message : String(err)}` });
    }
  };
  const busy = asked.busy || asking;
  const note = asked.note ?? modelNote ?? (asking ? 'asking the model (auto-response setting)…' : null);
  const [reason, setReason] = useState('The user rejected the sampling request');
  const parsed = useMemo(() => parseJson(text), [text]);
  // The spec's CreateMessageResult is an object; anything else is still sendable on purpose, but say so.
  const isObject = parsed.ok && typeof parsed.value === 'object' && parsed.value !== null && !Array.isArray(parsed.value);
  const check = useMemo(() => (parsed.ok ? checkInstance(CREATE_MESSAGE_RESULT_SCHEMA, parsed.value) : null), [parsed]);
  return (
    <FormKeys className="space-y-1" data-testid="sampling-answer">
      <SamplingTextReply onAnswer={onAnswer} />
      <p className="text-dim">or the whole result as JSON (CreateMessageResult; the schema is attached for completion)</p>
      <SamplingResultEditor key={editor.version} revision={editor.version} initial={editor.initial} onText={setText} />
      {note && (
        <p data-testid="sampling-model-note" className="text-dim">
          {note}
        </p>
      )}
      {!parsed.ok && <p className="text-red-300">not JSON: {parsed.error.message}</p>}
      {parsed.ok && !isObject && <p className="text-amber-300">a CreateMessageResult is an object; this will be sent as it is</p>}
      {isObject && check && (
        <ProblemList check={check} testId="sampling-problems" title="Not a valid CreateMessageResult (it can still be sent, to see what the server does)" />
      )}
      <div className="flex flex-wrap items-center gap-1">
        <button
          type="button"
          data-testid="sampling-send"
          data-form-action
          className="btn btn-primary"
          disabled={!parsed.ok}
          onClick={() => parsed.ok && onAnswer({ result: parsed.value })}
        >
          Send result
        </button>
        <button type="button" data-testid="sampling-canned" className="btn" onClick={() => onAnswer({ result: cannedSamplingResult(params) })}>
          Send canned reply
        </button>
        <button
          type="button"
          data-testid="sampling-ask-model"
          className="btn"
          disabled={!model?.provider || !model.model || busy}
          title={
            model?.provider
              ? `ask ${model.model} (set in the Chat tab); its answer fills the editor, nothing is sent yet`
              : 'choose a model in the Chat tab first'
          }
          onClick={() => void askModel()}
        >
          {busy ? 'Asking the model…' : 'Ask the model'}
        </button>
        {/* Enter in the rejection message rejects, with that message. */}
        <FormKeys className="flex min-w-0 flex-1 items-center gap-1">
          <input aria-label="rejection message" className="control min-w-0 flex-1" value={reason} onChange={(e) => setReason(e.target.value)} />
          <button type="button" data-testid="request-reject" data-form-action className="btn btn-warn" onClick={() => onAnswer(rejection('sampling', reason))}>
            Reject
          </button>
        </FormKeys>
      </div>
    </FormKeys>
  );
}

/** The plain reply: a role, the text, the model to name; Ctrl/Cmd+Enter in the text sends it (FormKeys). */
function SamplingTextReply({ onAnswer }: { onAnswer: (o: Outcome) => void }) {
  const [role, setRole] = useState<'assistant' | 'user'>('assistant');
  const [text, setText] = useState('');
  const [model, setModel] = useState('mcpscope-by-hand');
  return (
    <FormKeys className="space-y-1" data-testid="sampling-text-reply">
      <div className="flex flex-wrap items-center gap-1">
        <label className="flex items-center gap-1 text-dim">
          role
          <select data-testid="sampling-role" className="control" value={role} onChange={(e) => setRole(e.target.value as 'assistant' | 'user')}>
            <option value="assistant">assistant</option>
            <option value="user">user</option>
          </select>
        </label>
        <label className="flex min-w-0 flex-1 items-center gap-1 text-dim">
          model
          <input data-testid="sampling-model" className="control min-w-0 flex-1" value={model} onChange={(e) => setModel(e.target.value)} />
        </label>
      </div>
      <textarea
        data-testid="sampling-text"
        aria-label="reply text"
        className="control block h-16 w-full font-sans"
        placeholder="Type the reply as plain text"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button
        type="button"
        data-testid="sampling-send-text"
        data-form-action
        className="btn btn-primary"
        disabled={text.trim() === ''}
        onClick={() => onAnswer({ result: textSamplingResult(role, text, model) })}
      >
        Send text reply
      </button>
    </FormKeys>
  );
}
