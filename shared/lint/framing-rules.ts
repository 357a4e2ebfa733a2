// Lint rules about how messages are cut into frames: stdio lines, encodings and the relay's size cap.
import type { RuleMeta } from './lint-types.js';
import { mcpRef } from './spec-refs.js';

const STDIO = mcpRef('2025-11-25', 'Basic › Transports › stdio', '/basic/transports#stdio');
const MESSAGES = mcpRef('2025-11-25', 'Basic › Transports', '/basic/transports');

export const FRAMING_RULES = {
  'framing/stdout-noise': {
    severity: 'error',
    title: 'Non-JSON text on the server’s stdout',
    explanation:
      'Over stdio, stdout carries nothing but MCP messages, one per line. Log lines, banners or blank lines there break clients; logging belongs on stderr.',
    spec: STDIO,
    quote: { keyword: 'MUST NOT', text: 'The server MUST NOT write anything to its stdout that is not a valid MCP message.' },
    fix: 'Write logs to stderr (console.error, logging to sys.stderr), never to stdout.',
  },
  'framing/embedded-newline': {
    severity: 'error',
    title: 'Newline inside a stdio message',
    explanation:
      'Over stdio, messages are delimited by newlines and must not contain embedded newlines. Pretty-printed JSON arrives at the peer as several broken lines.',
    spec: STDIO,
    quote: { keyword: 'MUST NOT', text: 'Messages are delimited by newlines, and MUST NOT contain embedded newlines.' },
    fix: 'Serialise each message on a single line (JSON.stringify without indentation); newlines inside strings are escaped as \\n.',
  },
  'framing/oversize': {
    severity: 'info',
    title: 'Line longer than the framing cap',
    explanation:
      'The relay caps one line (16 MiB by default) so a runaway stream cannot exhaust memory, and keeps only the head. A line this long usually means a missing newline or an unbounded payload.',
    spec: STDIO,
    quote: {
      keyword: null,
      basis: 'silent',
      text: 'The spec is silent on this: it sets no size limit for a message. The cap is the relay’s own, so a line this long is reported, not judged.',
    },
    fix: 'Terminate each message with a newline; page or link large payloads instead of inlining them.',
  },
  'framing/invalid-utf8': {
    severity: 'error',
    title: 'Bytes that are not UTF-8',
    explanation:
      'MCP messages are UTF-8. Other encodings are shown with U+FFFD replacement characters and the exact bytes kept separately; peers may reject or mangle them.',
    spec: MESSAGES,
    quote: { keyword: 'MUST', text: 'MCP uses JSON-RPC to encode messages. JSON-RPC messages MUST be UTF-8 encoded.' },
    fix: 'Encode output as UTF-8 (set the stream encoding, or PYTHONIOENCODING=utf-8 for Python).',
  },
} as const satisfies Record<string, RuleMeta>;
