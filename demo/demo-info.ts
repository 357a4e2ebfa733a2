// The demo server's identity and the prose it hands to clients: serverInfo, instructions and the README resource.

export const DEMO_SERVER_INFO = { name: 'mcpscope-demo', version: '0.1.0' } as const;

export const DEMO_INSTRUCTIONS = [
  'mcpscope-demo is a sample MCP server for trying out an MCP client or inspector. Nothing it does touches the network or the disk,',
  'and every answer is deterministic, so it is safe to call anything.',
  'Tools: get_weather (structured output), plan_trip and create_order (rich input schemas), slow_count (progress and cancellation),',
  'log_message (logging), divide (returns isError for b = 0) and echo.',
  'Resources: demo://readme, demo://config.json, demo://pixel.png, demo://clock (subscribe to get updates) and demo://cities/{city}.',
  'Prompts: weather_report and code_review. Completion works for the city template and the prompt arguments.',
].join(' ');

export const README_TEXT = `# mcpscope-demo

A well-behaved sample MCP server that ships with mcpscope. It speaks stdio, answers deterministically
and never reaches outside its own process.

## Tools

| tool | try it for |
|---|---|
| get_weather | a text result plus \`structuredContent\` matching an \`outputSchema\` |
| plan_trip | nested objects, an array of objects holding a \`oneOf\`, enums, defaults, dates |
| create_order | an \`anyOf\` union, patterns, an email format, numeric bounds, structured output |
| slow_count | \`notifications/progress\` (send a progressToken) and \`notifications/cancelled\` |
| log_message | \`notifications/message\` at any level; \`logging/setLevel\` filters it |
| divide | a tool error: \`b = 0\` returns \`isError: true\` |
| echo | the simplest possible call |

## Resources

- \`demo://readme\` (this text), \`demo://config.json\` (JSON), \`demo://pixel.png\` (binary blob)
- \`demo://clock\`: subscribe and it sends \`notifications/resources/updated\` every 2 seconds
- \`demo://cities/{city}\`: a template; \`completion/complete\` suggests city slugs

## Prompts

- \`weather_report\` (\`location\`, \`style\`): both arguments complete
- \`code_review\` (\`language\`, \`code\`, optional \`focus\`)
`;
