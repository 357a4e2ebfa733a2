// What an answers file can declare and fill in, without the file's schema: `mcpscope call`'s flag table reads these, and
// a call without --answers must not load zod for them.

/** The client capabilities a script can declare; tasks lets the server run the sampling and elicitation answers as tasks. */
export const ANSWER_CAPABILITIES = ['sampling', 'elicitation', 'roots', 'tasks'] as const;
export type AnswerCapability = (typeof ANSWER_CAPABILITIES)[number];

/** The placeholders a sampling reply's text may use, filled from the server's sampling/createMessage params. */
export const SAMPLING_PLACEHOLDERS = ['lastMessage', 'messageCount', 'systemPrompt', 'maxTokens'] as const;
