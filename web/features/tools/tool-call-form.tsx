// Arguments for one tool from its inputSchema, with Call (valid arguments) and Send anyway (invalid, on purpose).
import { useMemo, useState } from 'react';
import { FormKeys } from '../../components/form-keys.js';
import { ArgumentsEditor } from '../../components/schema-form/arguments-editor.js';
import { SaveToCollection } from '../../components/save-to-collection.js';
import { ProblemList } from '../../components/schema-form/problem-list.js';
import { checkInstance, toJsonValue } from '../../components/schema-form/schema-check.js';
import { TimeoutField } from './timeout-field.js';
import { publishIntent } from '../../lib/ui/panel-intents.js';
import { toolArgumentsPath, type ToolInfo } from './tool-info.js';

interface Props {
  tool: ToolInfo;
  value: unknown;
  onChange: (value: unknown) => void;
  onCall: (args: unknown, invalid: boolean) => void;
  canSend: boolean;
  pending: boolean;
  timeoutMs: number;
  onTimeoutMs: (ms: number) => void;
}

export function ToolCallForm({ tool, value, onChange, onCall, canSend, pending, timeoutMs, onTimeoutMs }: Props) {
  const [parseError, setParseError] = useState<string | null>(null);
  const check = useMemo(() => checkInstance(tool.inputSchema, value), [tool.inputSchema, value]);
  const blocked = !canSend || pending || parseError !== null;
  const send = (invalid: boolean) => onCall(toJsonValue(value), invalid);
  return (
    <FormKeys className="space-y-2" data-testid="tool-call-form">
      <ArgumentsEditor
        schema={tool.inputSchema}
        value={value}
        onChange={onChange}
        idPrefix="args"
        modelPath={toolArgumentsPath(tool.name)}
        parseError={parseError}
        onParseError={setParseError}
      />
      <ProblemList check={check} testId="argument-problems" title="The arguments do not match the inputSchema" />
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          data-testid="tool-call"
          data-form-action
          className="btn btn-primary"
          disabled={blocked || !check.valid}
          onClick={() => send(false)}
        >
          Call {tool.name}
        </button>
        {!check.valid && (
          <button
            type="button"
            data-testid="tool-send-anyway"
            className="btn btn-warn"
            disabled={blocked}
            onClick={() => send(true)}
            title="send these arguments although they fail the schema, to see what the server does"
          >
            Send anyway
          </button>
        )}
        <button
          type="button"
          data-testid="tool-add-to-batch"
          className="btn"
          disabled={parseError !== null}
          title="add this call, with these arguments, to the Batch builder"
          onClick={() => addToBatch(tool.name, toJsonValue(value))}
        >
          Add to batch
        </button>
        <SaveToCollection
          testId="tool-save-collection"
          call={() =>
            parseError === null ? { method: 'tools/call', params: { name: tool.name, arguments: toJsonValue(value) }, assert: [{ isError: false }] } : null
          }
        />
        {!canSend && <span className="text-dim">The session is not ready.</span>}
        <TimeoutField timeoutMs={timeoutMs} onTimeoutMs={onTimeoutMs} />
      </div>
    </FormKeys>
  );
}

function addToBatch(name: string, args: unknown): void {
  const params = { name, arguments: args };
  // A request (it has an id member); the Batch builder gives it a fresh id.
  publishIntent({ target: 'batch', method: 'tools/call', params, message: { jsonrpc: '2.0', id: null, method: 'tools/call', params } });
}
