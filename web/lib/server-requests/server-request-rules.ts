// Pure rules for the server's requests: which kind each method is, the automatic answers per kind, canned replies and root checks.
import { isPlainObject } from '../../../shared/jsonrpc.js';

export type ServerRequestKind = 'roots' | 'sampling' | 'elicitation';

export const KIND_OF_METHOD: Record<string, ServerRequestKind> = {
  'roots/list': 'roots',
  'sampling/createMessage': 'sampling',
  'elicitation/create': 'elicitation',
};

/**
 * What happens to a request of one kind as it arrives: 'manual' leaves it pending; 'scripted' answers from an imported
 * answers file; 'model-review' asks the configured model at once and leaves its answer for a person to edit and send;
 * 'model' sends the model's answer without asking (the "automatically when chosen").
 */
export type AutoRule = 'manual' | 'answer' | 'canned' | 'reject' | 'decline' | 'cancel' | 'scripted' | 'model-review' | 'model';

export const RULE_CHOICES: Record<ServerRequestKind, readonly AutoRule[]> = {
  roots: ['answer', 'manual', 'reject'],
  sampling: ['manual', 'model-review', 'model', 'canned', 'scripted', 'reject'],
  elicitation: ['manual', 'scripted', 'decline', 'cancel', 'reject'],
};

// Roots are the user's standing answer, so they go out at once; sampling and elicitation wait for a person.
export const DEFAULT_RULES: Record<ServerRequestKind, AutoRule> = { roots: 'answer', sampling: 'manual', elicitation: 'manual' };

export interface Root {
  uri: string;
  name?: string;
}

export type Outcome = { result: unknown } | { error: { code: number; message: string } };

const USER_REJECTED = -1;

export function rejection(kind: ServerRequestKind, message = `The user rejected the ${kind} request`): Outcome {
  return { error: { code: USER_REJECTED, message } };
}

export function rootsResult(roots: readonly Root[]): { roots: Root[] } {
  return { roots: roots.map((r) => (r.name ? { uri: r.uri, name: r.name } : { uri: r.uri })) };
}

/** A fixed assistant reply that names what was asked, so a tool's result shows the canned answer reached it. */
export function cannedSamplingResult(params: unknown): Record<string, unknown> {
  const messages = isPlainObject(params) && Array.isArray(params.messages) ? params.messages : [];
  return {
    role: 'assistant',
    content: { type: 'text', text: `Canned reply from mcpscope to ${messages.length} message(s).` },
    model: 'mcpscope-canned',
    stopReason: 'endTurn',
  };
}

/** A reply typed as plain text: the CreateMessageResult around it, so answering a model's turn needs no JSON. */
export function textSamplingResult(role: 'assistant' | 'user', text: string, model: string): Record<string, unknown> {
  return { role, content: { type: 'text', text }, model: model.trim() || 'mcpscope-by-hand', stopReason: 'endTurn' };
}

/** The automatic outcome of a rule, or null when the request is left for the user. */
export function autoOutcome(kind: ServerRequestKind, rule: AutoRule, params: unknown, roots: readonly Root[]): Outcome | null {
  switch (rule) {
    case 'manual':
      return null;
    case 'reject':
      return rejection(kind, `mcpscope rejects ${kind} requests automatically (auto-response setting)`);
    case 'answer':
      return kind === 'roots' ? { result: rootsResult(roots) } : null;
    case 'canned':
      return kind === 'sampling' ? { result: cannedSamplingResult(params) } : null;
    case 'decline':
    case 'cancel':
      return kind === 'elicitation' ? { result: { action: rule } } : null;
    // 'scripted': answered by the inbox from its imported answers file (answers-io.ts).
    case 'scripted':
    case 'model-review':
    case 'model':
      // Answered by the inbox through the model (web/lib/model/sampling-by-model.ts), which takes a while.
      return null;
  }
}

/** Why a root URI is not acceptable, or null: the spec says roots are file:// URIs. */
export function rootProblem(uri: string): string | null {
  if (!uri.startsWith('file://')) return 'a root must be a file:// URI';
  try {
    new URL(uri);
    return null;
  } catch {
    return 'not a valid URI';
  }
}

/** Whether an elicitation asks the user to visit a URL (2025-11-25 URL mode) rather than fill a form. */
export function isUrlElicitation(params: unknown): boolean {
  return isPlainObject(params) && params.mode === 'url';
}
