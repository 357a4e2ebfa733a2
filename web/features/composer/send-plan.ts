// Decides what the composer puts on the wire for the typed text, and what to warn about before it does.
import { jsonErrorPosition } from '../../lib/editor/json-error-position.js';

export type SendPlan =
  | { kind: 'empty' }
  /** Safe to send: one line of valid JSON (`compacted` when line breaks were removed to get there). */
  | { kind: 'ready'; text: string; compacted: boolean }
  /** Sendable only after the user confirms: the text goes out exactly as typed. */
  | { kind: 'confirm'; text: string; reasons: string[] };

/**
 * Removes whitespace outside strings and nothing else. Unlike JSON.stringify(JSON.parse(text)) it keeps what the
 * user typed: number spellings (1.0, 1e3), escapes and duplicate keys survive, which matters when reproducing faults.
 */
export function compactJson(text: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += text[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') {
      out += c;
    }
  }
  return out;
}

export function planSend(input: string, compact: boolean): SendPlan {
  if (input.length === 0) return { kind: 'empty' };
  const breaks = (input.match(/\r\n|\r|\n/g) ?? []).length;
  const error = jsonErrorPosition(input);
  if (error === null) {
    if (breaks === 0) return { kind: 'ready', text: input, compacted: false };
    if (compact) return { kind: 'ready', text: compactJson(input), compacted: true };
  }
  const reasons: string[] = [];
  if (error !== null) {
    reasons.push(`Not valid JSON: expected ${error.expected} at line ${error.line}, column ${error.column}.`);
  }
  if (breaks > 0) {
    reasons.push(
      `Contains ${breaks} line break${breaks === 1 ? '' : 's'}: on stdio one frame is one line, so the server will read ${breaks + 1} separate lines.`,
    );
  }
  return { kind: 'confirm', text: input, reasons };
}
