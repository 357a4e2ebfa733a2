// One select per kind of server request: answer it automatically (and how), or leave it pending for the user.
import { RULE_CHOICES, type AutoRule, type ServerRequestKind } from '../../lib/server-requests/server-request-rules.js';

const LABEL: Record<AutoRule, string> = {
  manual: 'ask me',
  answer: 'answer with the roots above',
  canned: 'canned reply',
  reject: 'reject with an error',
  decline: 'decline',
  cancel: 'cancel',
  scripted: 'from the answers file',
  'model-review': 'the model answers, I review',
  model: 'the model answers, sent at once',
};

export function AutoRules({
  rules,
  onChange,
}: {
  rules: Readonly<Record<ServerRequestKind, AutoRule>>;
  onChange: (kind: ServerRequestKind, rule: AutoRule) => void;
}) {
  return (
    <fieldset className="flex flex-wrap gap-3">
      <legend className="font-semibold">Auto-responses</legend>
      {(Object.keys(RULE_CHOICES) as ServerRequestKind[]).map((kind) => (
        <label key={kind} className="flex items-center gap-1">
          {kind}
          <select data-testid={`rule-${kind}`} className="input" value={rules[kind]} onChange={(e) => onChange(kind, e.target.value as AutoRule)}>
            {RULE_CHOICES[kind].map((r) => (
              <option key={r} value={r}>
                {LABEL[r]}
              </option>
            ))}
          </select>
        </label>
      ))}
    </fieldset>
  );
}
