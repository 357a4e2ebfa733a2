// Answers a sampling/createMessage request by hand: edit the assistant message as JSON (a canned reply to start from), or reject it.
import { useState } from 'react';
import { parseJson } from '../../../shared/jsonrpc.js';
import { cannedSamplingResult, rejection, type Outcome } from '../../lib/server-request-rules.js';

export function SamplingAnswer({ params, onAnswer }: { params: unknown; onAnswer: (o: Outcome) => void }) {
  const [text, setText] = useState(() => JSON.stringify(cannedSamplingResult(params), null, 2));
  const [reason, setReason] = useState('The user rejected the sampling request');
  const parsed = parseJson(text);
  // The spec's CreateMessageResult is an object; anything else is still sendable on purpose, but say so.
  const isObject = parsed.ok && typeof parsed.value === 'object' && parsed.value !== null && !Array.isArray(parsed.value);
  return (
    <div className="space-y-1" data-testid="sampling-answer">
      <label className="block text-dim" htmlFor="sampling-result">
        result (CreateMessageResult)
      </label>
      <textarea
        id="sampling-result"
        data-testid="sampling-result"
        className="control h-40 w-full font-mono"
        spellCheck={false}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {!parsed.ok && <p className="text-red-300">not JSON: {parsed.error.message}</p>}
      {parsed.ok && !isObject && <p className="text-amber-300">a CreateMessageResult is an object; this will be sent as it is</p>}
      <div className="flex flex-wrap items-center gap-1">
        <button type="button" data-testid="sampling-send" className="btn btn-primary" disabled={!parsed.ok} onClick={() => parsed.ok && onAnswer({ result: parsed.value })}>
          Send result
        </button>
        <button type="button" data-testid="sampling-canned" className="btn" onClick={() => onAnswer({ result: cannedSamplingResult(params) })}>
          Send canned reply
        </button>
        <input aria-label="rejection message" className="control min-w-0 flex-1" value={reason} onChange={(e) => setReason(e.target.value)} />
        <button type="button" data-testid="request-reject" className="btn btn-warn" onClick={() => onAnswer(rejection('sampling', reason))}>
          Reject
        </button>
      </div>
    </div>
  );
}
