// Answers elicitation/create: a form built from requestedSchema (accept / decline / cancel), or, in URL mode, the URL to visit.
// Accept checks the content against requestedSchema as Call checks a tool's arguments; Accept anyway sends it regardless.
import { useMemo, useState } from 'react';
import { isPlainObject } from '../../../shared/jsonrpc.js';
import { FormKeys } from '../../components/form-keys.js';
import { SafeLink } from '../../components/safe-link.js';
import { ProblemList } from '../../components/schema-form/problem-list.js';
import { checkInstance, toJsonValue } from '../../components/schema-form/schema-check.js';
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
  const requested = p.requestedSchema;
  // One object across renders when the request has no schema, so the check below is not redone on every render.
  const schema = useMemo(() => requested ?? { type: 'object' }, [requested]);
  const check = useMemo(() => (url ? { valid: true, problems: [] } : checkInstance(schema, content)), [url, schema, content]);
  const accept = () => onAnswer({ result: url ? { action: 'accept' } : { action: 'accept', content: toJsonValue(content) } });
  return (
    <FormKeys className="space-y-1.5" data-testid="elicitation-answer" data-mode={url ? 'url' : 'form'}>
      {typeof p.message === 'string' && <p className="whitespace-pre-wrap">{p.message}</p>}
      {url ? <UrlTarget url={p.url} /> : <SchemaForm schema={schema} value={content} onChange={setContent} idPrefix={`elicit${requestKey}`} />}
      <ProblemList check={check} testId="elicitation-problems" title="Accept is refused: the answer does not match the requested schema" />
      <div className="flex gap-1">
        <button type="button" data-testid="elicitation-accept" data-form-action className="btn btn-primary" disabled={!check.valid} onClick={accept}>
          Accept
        </button>
        {!check.valid && (
          <button
            type="button"
            data-testid="elicitation-accept-anyway"
            className="btn btn-warn"
            onClick={accept}
            title="send this content although it fails the requested schema, to see what the server does"
          >
            Accept anyway
          </button>
        )}
        <button type="button" data-testid="elicitation-decline" className="btn" onClick={() => onAnswer({ result: { action: 'decline' } })}>
          Decline
        </button>
        <button type="button" data-testid="elicitation-cancel" className="btn" onClick={() => onAnswer({ result: { action: 'cancel' } })}>
          Cancel
        </button>
      </div>
    </FormKeys>
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
