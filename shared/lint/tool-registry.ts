// The tools the server listed, with their outputSchema and a lazily built validator, for checking tools/call results.
import { isPlainObject } from '../jsonrpc.js';
import type { JsonSchemaValidatorProvider } from './lint-context.js';

type Check = (input: unknown) => { valid: boolean; errorMessage?: string | undefined };

interface ToolEntry {
  outputSchema: Record<string, unknown> | undefined;
  /** undefined: not built yet; null: the schema could not be compiled. */
  check?: Check | null;
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
      this.tools.set(t.name, { outputSchema: isPlainObject(t.outputSchema) ? t.outputSchema : undefined });
    }
    this.known = true;
    this.complete = typeof result.nextCursor !== 'string';
  }

  get(name: string | null): ToolEntry | undefined {
    return name === null ? undefined : this.tools.get(name);
  }

  /** Compiles the tool's outputSchema once; a schema the validator cannot compile is skipped rather than reported. */
  validatorFor(entry: ToolEntry, provider: JsonSchemaValidatorProvider | undefined): Check | null {
    if (!provider || !entry.outputSchema) return null;
    if (entry.check === undefined) {
      try {
        entry.check = provider.getValidator(entry.outputSchema as never);
      } catch {
        entry.check = null;
      }
    }
    return entry.check;
  }

  clear(): void {
    this.tools.clear();
    this.complete = false;
    this.known = false;
  }
}
