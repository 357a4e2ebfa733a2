// Who made an outgoing frame: a person (composer, panel, batch builder), mcpscope on its own (bookkeeping, answers),
// or a tool (fault lab, replay). Recorded with each frame, so nobody mistakes the inspector's traffic for the user's.
// No zod here (its schema is FrameOriginSchema in relay-protocol.ts): the recorder, which `tap` loads before every
// server a host starts, reads origins through isFrameOrigin.

export const FRAME_ORIGINS = [
  'user', // text typed in the composer, or a request named on the command line (`call --method`, `--raw`)
  'panel', // a form or a button a person clicked (tool call, read, get, set level, subscribe, List anyway…)
  'bookkeeping', // what the engine did on its own: handshake, pagination, re-lists, completion lookups, timeouts' cancels
  'answer', // an answer to the server's own request (by a person, or an auto-answer rule)
  'batch', // the batch builder (`call --batch`)
  'lab', // the fault lab (`call --fault`), on purpose
  'replay', // a recording sent again by `replay`
  'check', // mcpscope check's scratch connections
  'tap', // what a host sent to its server through `mcpscope tap`: the host's frame, not mcpscope's
  'model', // a tool call a model asked for in a chat (`mcpscope chat`, the Chat tab), run through the client engine
  'fuzz', // mcpscope fuzz's scratch connections: generated inputs and protocol mutations, on purpose
] as const;

export type FrameOrigin = (typeof FRAME_ORIGINS)[number];

/** A short label for a narrow log column, and a sentence for the detail pane. */
export const ORIGIN_INFO: Record<FrameOrigin, { short: string; description: string }> = {
  user: { short: 'you', description: 'typed by the user (composer, or a command-line request)' },
  panel: { short: 'form', description: 'sent from a panel or form a person used' },
  bookkeeping: { short: 'auto', description: 'sent by mcpscope on its own: handshake, pagination, re-list, completion lookup' },
  answer: { short: 'ans', description: "an answer to the server's request (by hand or by an auto-answer rule)" },
  batch: { short: 'batch', description: 'sent from the batch builder' },
  lab: { short: 'lab', description: 'sent by the fault lab, on purpose' },
  replay: { short: 'rply', description: 'sent again by a replay of a recording' },
  check: { short: 'chk', description: 'sent by an automated check' },
  tap: { short: 'host', description: 'sent by the host, through mcpscope tap (the host owns this session)' },
  model: { short: 'llm', description: 'asked for by a model in a chat, sent by mcpscope after the approval mode said yes' },
  fuzz: { short: 'fuzz', description: 'sent by mcpscope fuzz: a generated input or a protocol mutation, on purpose' },
};

export function isFrameOrigin(v: unknown): v is FrameOrigin {
  return typeof v === 'string' && (FRAME_ORIGINS as readonly string[]).includes(v);
}

/**
 * The handshake's methods: mcpscope sends them on its own (`bookkeeping`), but "hide auto" keeps them and their answers,
 * since they say which version and capabilities the rest of the log was spoken under.
 */
export const HANDSHAKE_METHODS: readonly string[] = ['initialize', 'notifications/initialized', 'server/discover'];
