// The prompts the server listed and the arguments each declares required, for checking prompts/get.
import { isPlainObject } from '../jsonrpc.js';

export interface PromptEntry {
  /** Names of the arguments the prompt marks `required: true` (capped, like everything the linter keeps). */
  required: string[];
}

const MAX_ARGS = 64;

export class PromptRegistry {
  private prompts = new Map<string, PromptEntry>();

  /** Takes a prompts/list result; `append` when it answered a request for a later page. */
  update(result: unknown, append: boolean): void {
    if (!isPlainObject(result) || !Array.isArray(result.prompts)) return;
    if (!append) this.prompts.clear();
    for (const p of result.prompts) {
      if (!isPlainObject(p) || typeof p.name !== 'string') continue;
      const args = Array.isArray(p.arguments) ? p.arguments.slice(0, MAX_ARGS) : [];
      const required = args.filter((a) => isPlainObject(a) && a.required === true && typeof a.name === 'string').map((a) => (a as { name: string }).name);
      this.prompts.set(p.name, { required });
    }
  }

  get(name: unknown): PromptEntry | undefined {
    return typeof name === 'string' ? this.prompts.get(name) : undefined;
  }

  clear(): void {
    this.prompts.clear();
  }
}
