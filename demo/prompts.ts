// Registers the demo prompts, whose arguments offer completion through completable().
import { z } from 'zod';
import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CITIES, completeFrom, describeForecast, findCity, forecastFor } from './forecast.js';

const STYLES = ['brief', 'detailed', 'poetic'] as const;
const LANGUAGES = ['c', 'cpp', 'csharp', 'go', 'java', 'javascript', 'kotlin', 'python', 'ruby', 'rust', 'swift', 'typescript'];

export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'weather_report',
    {
      title: 'Weather report',
      description: 'Asks the model to write a weather report for a location, with the (fake) current weather attached.',
      argsSchema: {
        location: completable(z.string().min(1).describe('City name; completion suggests the demo atlas'), (value) =>
          completeFrom(
            CITIES.map((city) => city.name),
            value,
          ),
        ),
        style: completable(z.enum(STYLES).optional().describe('brief, detailed or poetic; brief if omitted'), (value) => completeFrom(STYLES, value ?? '')),
      },
    },
    ({ location, style }) => {
      const place = findCity(location)?.name ?? location;
      return {
        description: `A ${style ?? 'brief'} weather report for ${place}`,
        messages: [
          {
            role: 'user',
            content: {
              type: 'text',
              text: `Write a ${style ?? 'brief'} weather report for ${place} based on this observation:\n${describeForecast(forecastFor(place))}`,
            },
          },
        ],
      };
    },
  );

  server.registerPrompt(
    'code_review',
    {
      title: 'Code review',
      description: 'Asks the model to review a snippet of code.',
      argsSchema: {
        language: completable(z.string().min(1).describe('Programming language, e.g. typescript'), (value) => completeFrom(LANGUAGES, value)),
        code: z.string().min(1).describe('The code to review'),
        focus: z.string().optional().describe('What to look at first, e.g. "error handling"'),
      },
    },
    ({ language, code, focus }) => ({
      description: `Review of a ${language} snippet`,
      messages: [
        {
          role: 'user',
          content: {
            type: 'text',
            text:
              `Please review this ${language} code${focus ? `, focusing on ${focus}` : ''}. ` +
              'Point out bugs first, then readability.\n\n' +
              `\`\`\`${language}\n${code}\n\`\`\``,
          },
        },
        {
          role: 'assistant',
          content: { type: 'text', text: `I will review the ${language} code for correctness first, then readability.` },
        },
      ],
    }),
  );
}
