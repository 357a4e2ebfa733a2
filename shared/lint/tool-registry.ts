// The tools the server listed, with their input and output schemas and lazily built validators: arguments of
// tools/call are checked against inputSchema, results against outputSchema.
import { isPlainObject } from '../jsonrpc.js';
import type { JsonSchemaValidatorProvider } from './lint-context.js';

type Check = (input: unknown) => { valid: boolean; errorMessage?: string | undefined };
export type SchemaKind = 'input' | 'output';

interface ToolEntry {
  inputSchema: Record<string, unknown> | undefined;
  outputSchema: Record<string, unknown> | undefined;
  /** execution.taskSupport (2025-11-25): "required" makes a plain call's -32601 what the tasks utility asks for. */
  taskSupport: string | undefined;
  /** Per kind — absent: not built yet; null: the schema could not be compiled. */
  checks: Partial<Record<SchemaKind, Check | null>>;
}

export class ToolRegistry {
  private tools = new Map<string, ToolEntry>();
  /** True once the last page of tools/list has been seen, so an unknown name really is unknown. */
  complete = false;
  known = false;

  /** Takes a tools/list result; `append` when it answered a request for a later page. */
  update(result: unknown, append: boolean): void {
    if (!isPlainObject(result) || !Array.isArray(result.tools)) return;
    if (!append) this.tools.clear();
    for (const t of result.tools) {
      if (!isPlainObject(t) || typeof t.name !== 'string') continue;
      this.tools.set(t.name, {
        inputSchema: isPlainObject(t.inputSchema) ? t.inputSchema : undefined,
        outputSchema: isPlainObject(t.outputSchema) ? t.outputSchema : undefined,
        taskSupport: isPlainObject(t.execution) && typeof t.execution.taskSupport === 'string' ? t.execution.taskSupport : undefined,
        checks: {},
      });
    }
    this.known = true;
    this.complete = typeof result.nextCursor !== 'string';
  }

  get(name: string | null): ToolEntry | undefined {
    return name === null ? undefined : this.tools.get(name);
  }

  /** Compiles the tool's schema once; a schema the validator cannot compile is skipped rather than reported. */
  validatorFor(entry: ToolEntry, provider: JsonSchemaValidatorProvider | undefined, kind: SchemaKind = 'output'): Check | null {
    const schema = kind === 'input' ? entry.inputSchema : entry.outputSchema;
    if (!provider || !schema) return null;
    if (!(kind in entry.checks)) {
      try {
        entry.checks[kind] = provider.getValidator(schema as never);
      } catch {
        entry.checks[kind] = null;
      }
    }
    return entry.checks[kind] ?? null;
  }

  clear(): void {
    this.tools.clear();
    this.complete = false;
    this.known = false;
  }
}
