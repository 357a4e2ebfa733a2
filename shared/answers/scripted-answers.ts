// Answers to the server's requests from an answers file: sampling from a template, elicitation with the requested
// schema's defaults applied (SEP-1034) and checked against it, roots as listed. Pure; the engine calls them as handlers.
import { tasksCapability } from '../engine/client-tasks.js';
import { HandlerError } from '../engine/engine-errors.js';
import type { ServerRequestHandler } from '../engine/server-requests.js';
import { isPlainObject } from '../jsonrpc.js';
import { JsonSchemaValidator } from '../lint/json-schema-validator.js';
import { type AnswerCapability, type AnswersFile, type ElicitationAnswer, type SamplingAnswer } from './answers-file.js';

/** The error a person's refusal gets in MCP's examples (the inspector's "reject" uses it too). */
const USER_REJECTED = -1;

function messageText(message: unknown): string {
  if (!isPlainObject(message)) return '';
  const content = Array.isArray(message.content) ? message.content : [message.content];
  return content.map((c) => (isPlainObject(c) && c.type === 'text' && typeof c.text === 'string' ? c.text : '')).join('');
}

export function samplingResult(answer: SamplingAnswer, params: unknown): Record<string, unknown> {
  if ('action' in answer) throw new HandlerError(USER_REJECTED, answer.message ?? 'The scripted answers reject sampling requests');
  const p = isPlainObject(params) ? params : {};
  const messages = Array.isArray(p.messages) ? p.messages : [];
  const values: Record<string, string> = {
    lastMessage: messageText(messages.at(-1)),
    messageCount: String(messages.length),
    systemPrompt: typeof p.systemPrompt === 'string' ? p.systemPrompt : '',
    maxTokens: p.maxTokens === undefined ? '' : String(p.maxTokens),
  };
  const text = answer.text.replace(/\{\{\s*([^}]*?)\s*\}\}/g, (_, name: string) => values[name] ?? '');
  return { role: 'assistant', content: { type: 'text', text }, model: answer.model, stopReason: answer.stopReason };
}

/** The values with every default of the requested schema's properties filled in where a value is missing (SEP-1034). */
export function withSchemaDefaults(schema: unknown, content: Record<string, unknown>): Record<string, unknown> {
  const properties = isPlainObject(schema) && isPlainObject(schema.properties) ? schema.properties : {};
  const filled = { ...content };
  for (const [name, prop] of Object.entries(properties)) {
    if (!(name in filled) && isPlainObject(prop) && prop.default !== undefined) filled[name] = prop.default;
  }
  return filled;
}

export function elicitationResult(answer: ElicitationAnswer, params: unknown): Record<string, unknown> {
  if (answer.action === 'reject') throw new HandlerError(USER_REJECTED, 'The scripted answers reject elicitation requests');
  if (answer.action !== 'accept') return { action: answer.action };
  const p = isPlainObject(params) ? params : {};
  // URL mode (2025-11-25) asks the user to visit a page: accepting it carries no content.
  if (p.mode === 'url') return { action: 'accept' };
  const schema = isPlainObject(p.requestedSchema) ? p.requestedSchema : { type: 'object', properties: {} };
  const content = withSchemaDefaults(schema, answer.content ?? {});
  let verdict: { valid: boolean; errorMessage?: string };
  try {
    verdict = new JsonSchemaValidator().getValidator(schema as never)(content);
  } catch (err) {
    throw new HandlerError(-32602, `The requested schema cannot be used: ${(err as Error).message}`);
  }
  // Sending values the server said it cannot take would make the client the faulty party; say so instead.
  if (!verdict.valid) throw new HandlerError(-32603, `The scripted elicitation values do not fit the requested schema: ${verdict.errorMessage}`);
  return { action: 'accept', content };
}

function rootsResult(answers: AnswersFile): { roots: { uri: string; name?: string }[] } {
  return { roots: (answers.roots ?? []).map((r) => (r.name === undefined ? { uri: r.uri } : { uri: r.uri, name: r.name })) };
}

/**
 * Method → handler for each declared capability. A capability declared without an answer still gets one, the
 * cautious one: sampling is refused, elicitation declined, roots an empty list.
 */
export function answerHandlers(answers: AnswersFile, capabilities: readonly AnswerCapability[]): Record<string, ServerRequestHandler> {
  const on = new Set(capabilities);
  const handlers: Record<string, ServerRequestHandler> = {};
  if (on.has('sampling'))
    handlers['sampling/createMessage'] = (params) =>
      samplingResult(answers.sampling ?? { action: 'reject', message: 'No sampling answer is scripted' }, params);
  if (on.has('elicitation')) handlers['elicitation/create'] = (params) => elicitationResult(answers.elicitation ?? { action: 'decline' }, params);
  if (on.has('roots')) handlers['roots/list'] = () => rootsResult(answers);
  return handlers;
}

/**
 * The capabilities object to declare: each declared kind as `{}` (elicitation `{}` is form mode, as in 2025-06-18), and
 * tasks with the task-augmented requests among the declared kinds (the engine runs those answers as tasks).
 */
export function capabilitiesObject(capabilities: readonly AnswerCapability[]): Record<string, unknown> {
  const answered = (method: string) => capabilities.includes(method === 'sampling/createMessage' ? 'sampling' : 'elicitation');
  return Object.fromEntries(capabilities.map((c) => [c, c === 'tasks' ? tasksCapability(answered) : {}]));
}
