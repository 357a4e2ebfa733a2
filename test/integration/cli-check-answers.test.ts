// `mcpscope check --answers`: check as a full client (issue 31 item 8). Against server-everything, which lists its
// sampling, elicitation and roots tools only to a client that declares those capabilities, the check's connection
// declares them from the answers file, calls the tools and answers the server's requests, so they are graded.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CheckReport } from '../../shared/check/index.js';
import { EVERYTHING_SERVER } from '../helpers/relay-process.js';
import { runCli } from '../helpers/run-cli.js';

const SAMPLING_TOOLS = 'trigger-sampling-request,trigger-elicitation-request';
const EVERYTHING = ['--', process.execPath, EVERYTHING_SERVER, 'stdio'];

function answersFile(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'mcpscope-check-answers-')), 'answers.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

async function toolsCall(extra: string[]): Promise<{ code: number | null; call: CheckReport['results'][number] }> {
  const run = await runCli(['check', '--json', '--only', 'tools/call', '--allow-tools', SAMPLING_TOOLS, ...extra, ...EVERYTHING]);
  const report = JSON.parse(run.stdout) as CheckReport;
  return { code: run.code, call: report.results.find((r) => r.id === 'tools/call')! };
}

describe.concurrent('mcpscope check --answers', () => {
  it("declares the file's capabilities, calls the tools that sample, elicit and list roots, and answers the server's requests", async () => {
    const answers = answersFile({
      sampling: { text: 'a scripted reply to: {{lastMessage}}' },
      // SEP-1034: the requested schema's defaults fill the fields the answer leaves out.
      elicitation: { action: 'accept', content: {} },
      roots: [{ uri: 'file:///tmp/project', name: 'project' }],
    });
    const [answered, plain] = await Promise.all([toolsCall(['--answers', answers]), toolsCall([])]);
    expect(answered.call.status).toBe('pass');
    expect(answered.call.detail).toMatch(/^called .*get-roots-list, trigger-elicitation-request, trigger-sampling-request;/);
    expect(answered.call.detail).toMatch(/the server asked .*sampling\/createMessage ×1/);
    expect(answered.call.detail).toMatch(/elicitation\/create ×1/);
    expect(answered.call.detail).toMatch(/roots\/list ×\d/);
    expect(answered.code).toBe(0);
    // Without the file the connection declares nothing: the server never lists those tools, so none of them is graded.
    expect(plain.call.detail).not.toMatch(/trigger-sampling-request|trigger-elicitation-request|get-roots-list|the server asked/);
  }, 90_000);

  it('refuses a file that is not an answers file with exit 2, before starting the server', async () => {
    const bad = answersFile({ sampling: { text: 'hi {{nope}}' } });
    const run = await runCli(['check', '--answers', bad, ...EVERYTHING]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/is not an answers file: .*unknown placeholder \{\{nope\}\}/);
    expect(run.stderr).not.toMatch(/^check: /m);
  });
});
