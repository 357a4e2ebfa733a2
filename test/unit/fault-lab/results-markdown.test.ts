import { describe, expect, it } from 'vitest';
import { resultsMarkdown } from '../../../shared/fault-lab/index.js';

describe('fault lab results as Markdown', () => {
  it('writes one table row per result with the verdict in words, keeping pipes and line breaks inside their cells', () => {
    const md = resultsMarkdown(
      [
        {
          presetId: 'crlf',
          title: 'CRLF',
          spec: 'answered',
          sent: '{"id":1}\r',
          verdict: { outcome: 'as-spec', explanation: 'Answered a result (id 1).' },
          firstReply: '{}',
          waitedMs: 3,
        },
        {
          presetId: 'x',
          title: 'Pipe | test',
          spec: 'a\nb',
          sent: '[]',
          verdict: { outcome: 'no-reply', explanation: 'Nothing came back.' },
          firstReply: null,
          waitedMs: 2000,
        },
      ],
      { server: 'demo 1.0', transport: 'stdio', protocolVersion: '2025-11-25' },
    );
    const lines = md.trim().split('\n');
    expect(lines[0]).toContain('demo 1.0 (stdio, protocol 2025-11-25)');
    expect(lines).toHaveLength(6);
    expect(lines[4]).toBe('| CRLF | answered | `{"id":1}\\r` | **as the spec says** | Answered a result (id 1). |');
    expect(lines[5]).toContain('Pipe \\| test | a\\nb');
    expect(lines[5]).toContain('**no reply**');
  });
});
