// Answers elicitation/create: a form built from requestedSchema (accept / decline / cancel), or, in URL mode, the URL to visit.
import { useState } from 'react';
import { isPlainObject } from '../../../shared/jsonrpc.js';
import { SafeLink } from '../../components/safe-link.js';
import { SchemaForm } from '../../components/schema-form/schema-form.js';
import { safeHttpUrl } from '../../lib/ui/format.js';
import { isUrlElicitation, type Outcome } from '../../lib/server-requests/server-request-rules.js';

interface Props {
  requestKey: number;
  params: unknown;
  onAnswer: (o: Outcome) => void;
}

export function ElicitationAnswer({ requestKey, params, onAnswer }: Props) {
  const p = isPlainObject(params) ? params : {};
  const url = isUrlElicitation(params);
  const [content, setContent] = useState<unknown>({});
  const accept = () => onAnswer({ result: url ? { action: 'accept' } : { action: 'accept', content } });
  return (
    <div className="space-y-1.5" data-testid="elicitation-answer" data-mode={url ? 'url' : 'form'}>
      {typeof p.message === 'string' && <p className="whitespace-pre-wrap">{p.message}</p>}
      {url ? (
        <UrlTarget url={p.url} />
      ) : (
        <SchemaForm schema={p.requestedSchema ?? { type: 'object' }} value={content} onChange={setContent} idPrefix={`elicit${requestKey}`} />
      )}
      <div className="flex gap-1">
        <button type="button" data-testid="elicitation-accept" className="btn btn-primary" onClick={accept}>
          Accept
        </button>
        <button type="button" data-testid="elicitation-decline" className="btn" onClick={() => onAnswer({ result: { action: 'decline' } })}>
          Decline
        </button>
        <button type="button" data-testid="elicitation-cancel" className="btn" onClick={() => onAnswer({ result: { action: 'cancel' } })}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** Only an http(s) URL becomes a link: a server must not get the user to click javascript: or file: URIs. */
function UrlTarget({ url }: { url: unknown }) {
  const safe = safeHttpUrl(url);
  return (
    <p data-testid="elicitation-url" data-safe={safe !== null}>
      <span className="text-dim">the server asks you to open </span>
      <SafeLink href={url} />
      {safe === null && <span className="text-amber-300"> (not http(s), so not a link)</span>}
    </p>
  );
}
