// A prompt as the server listed it, read defensively, with its declared arguments.
import { isPlainObject } from '../../../shared/jsonrpc.js';

interface PromptArgument {
  name: string;
  description: string | null;
  required: boolean;
}

export interface PromptInfo {
  name: string;
  title: string | null;
  description: string | null;
  arguments: PromptArgument[];
  icons: unknown;
}

export function toPromptInfo(raw: unknown): PromptInfo | null {
  if (!isPlainObject(raw) || typeof raw.name !== 'string') return null;
  const args = Array.isArray(raw.arguments) ? raw.arguments : [];
  return {
    name: raw.name,
    title: typeof raw.title === 'string' ? raw.title : null,
    description: typeof raw.description === 'string' ? raw.description : null,
    icons: raw.icons,
    arguments: args.flatMap((a) =>
      isPlainObject(a) && typeof a.name === 'string'
        ? [{ name: a.name, description: typeof a.description === 'string' ? a.description : null, required: a.required === true }]
        : [],
    ),
  };
}

/** A prompt named in an old request that the current list does not have: its arguments are whatever that request sent. */
export function placeholderPrompt(name: string, values: Record<string, string>): PromptInfo {
  return {
    name,
    title: null,
    description: null,
    icons: undefined,
    arguments: Object.keys(values).map((n) => ({ name: n, description: null, required: false })),
  };
}
