// Registers tools that talk while they work: slow_count (progress + cancellation) and log_message (logging).
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

const LOG_LEVELS = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'] as const;

export function registerNotifyingTools(server: McpServer): void {
  server.registerTool(
    'slow_count',
    {
      title: 'Slow count',
      description:
        'Counts to `steps`, waiting `delayMs` between steps. Sends notifications/progress when the request has a progressToken, ' +
        'stops as soon as the request is cancelled and then logs a notice saying so.',
      inputSchema: {
        steps: z.number().int().min(1).max(100).default(5).describe('How many steps to count'),
        delayMs: z.number().int().min(0).max(10_000).default(500).describe('Pause before each step, in milliseconds'),
      },
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    async ({ steps, delayMs }, extra) => {
      const progressToken = extra._meta?.progressToken;
      for (let step = 1; step <= steps; step++) {
        try {
          await sleep(delayMs, undefined, { signal: extra.signal });
        } catch {
          // The SDK drops both our response and any request-bound notification once cancelled, so a log line
          // (not tied to the request) is the only way a client can see that the work really stopped.
          const text = `slow_count cancelled after ${step - 1} of ${steps} steps`;
          // Cancellation also happens when the connection closes, and then there is nobody left to tell.
          await server.sendLoggingMessage({ level: 'notice', logger: 'slow_count', data: text }, extra.sessionId).catch(() => undefined);
          return { isError: true, content: [{ type: 'text', text }] };
        }
        if (progressToken !== undefined && !extra.signal.aborted) {
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken, progress: step, total: steps, message: `Step ${step} of ${steps}` },
          });
        }
      }
      return { content: [{ type: 'text', text: `Counted to ${steps} with ${delayMs} ms between steps.` }] };
    },
  );

  server.registerTool(
    'log_message',
    {
      title: 'Log a message',
      description: 'Sends one notifications/message at the given level. Messages below the level set by logging/setLevel are dropped, as the spec asks.',
      inputSchema: {
        level: z.enum(LOG_LEVELS).default('info').describe('Syslog severity (RFC 5424)'),
        message: z.string().min(1).describe('Text to log'),
        logger: z.string().min(1).default('mcpscope-demo').describe('Logger name shown beside the message'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ level, message, logger }, extra) => {
      // McpServer.sendLoggingMessage applies the session's logging/setLevel threshold; a raw notification would not.
      await server.sendLoggingMessage({ level, logger, data: message }, extra.sessionId);
      return { content: [{ type: 'text', text: `Logged "${message}" at level ${level} from ${logger}.` }] };
    },
  );
}
