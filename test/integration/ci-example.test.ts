// The CI example of docs/ci.md, run as written: examples/ci/update-baselines.sh and the GitHub workflow's check steps,
// their exact shell text, in a scratch repository whose `npx mcpscope` is this build, against the demo server (stdio)
// and an SDK server over Streamable HTTP (the remote fixture, on the port the workflow's MCP_URL names). The docs page
// must hold each example file verbatim, and the GitLab job must run the same commands, so neither can rot.
import { spawn } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.js';
import { junitSchemaErrors } from '../helpers/junit-schema.js';
import { BIN, FIXTURES, ROOT } from '../helpers/relay-process.js';
import { REMOTE_FIXTURE } from '../helpers/remote-server.js';
import { exitedAndRead } from '../helpers/run-cli.js';

const EXAMPLES = join(ROOT, 'examples', 'ci');
const example = (name: string) => readFileSync(join(EXAMPLES, name), 'utf8');

/** The `run: |` block of the workflow step with this name, dedented: the shell text GitHub runs. */
function runBlock(workflow: string, step: string): string {
  const lines = workflow.split('\n');
  const at = lines.findIndex((l) => l.trim() === `- name: ${step}`);
  const run = lines.findIndex((l, i) => i > at && /^\s+run: \|$/.test(l));
  expect(at, step).toBeGreaterThan(-1);
  const indent = /^\s*/.exec(lines[run + 1]!)![0].length;
  const body: string[] = [];
  for (const l of lines.slice(run + 1)) {
    if (l.trim() !== '' && /^\s*/.exec(l)![0].length < indent) break;
    body.push(l.slice(indent));
  }
  return body.join('\n').trim();
}

/** A scratch repository: `npx mcpscope` finds this build in its node_modules/.bin, as it would the installed package. */
function scratchRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcpscope-ci-example-'));
  writeFileSync(join(dir, 'package.json'), '{"name": "my-mcp-server", "private": true}\n');
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  const shim = join(dir, 'node_modules', '.bin', 'mcpscope');
  writeFileSync(shim, `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
  chmodSync(shim, 0o755);
  return dir;
}

/** Runs shell text as GitHub does (bash -eo pipefail), in its own process group, which is ended after (the background server). */
async function shell(
  text: string,
  cwd: string,
  env: Record<string, string>,
  how: string[] = ['bash', '--noprofile', '--norc', '-eo', 'pipefail', '-c'],
): Promise<{ code: number | null; out: string }> {
  const p = spawn(how[0]!, [...how.slice(1), text], {
    cwd,
    env: { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ''}`, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  p.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  p.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const code = await exitedAndRead(p);
  try {
    process.kill(-p.pid!, 'SIGTERM');
  } catch {
    // the group is gone already
  }
  return { code, out };
}

describe('the CI example (docs/ci.md)', () => {
  it('is in the docs verbatim, and the GitLab job runs the same check commands as the GitHub workflow', () => {
    const docs = readFileSync(join(ROOT, 'docs', 'ci.md'), 'utf8');
    for (const name of ['github-actions.yml', 'gitlab-ci.yml', 'update-baselines.sh']) expect(docs, name).toContain(example(name).trim());
    const github = ['mcpscope check (stdio)', 'mcpscope check (URL)']
      .map((s) => runBlock(example('github-actions.yml'), s))
      .join('\n')
      .split('\n');
    const gitlab = example('gitlab-ci.yml')
      .split('\n')
      .filter((l) => /^ {4}- /.test(l) && !l.includes('npm ci'))
      .map((l) => l.slice(6))
      .filter((l) => !l.endsWith('.log') && !l.endsWith('.md') && !l.endsWith('.xml'));
    expect(gitlab.map((l) => l.replace(/mcpscope-(stdio|http)\.md/, '"$GITHUB_STEP_SUMMARY"'))).toEqual(github);
  });

  it('writes the baselines, stays green on their known warnings over stdio and HTTP, and turns red on a new failure', async () => {
    const repo = scratchRepo();
    const port = await freePort();
    const summary = join(repo, 'step-summary.md');
    const env = {
      // A server with one known deviation (an unsupported version offer answered with its oldest version, a SHOULD), so
      // the baseline has something to accept: our own demo has none over stdio.
      MCP_SERVER: `${process.execPath} ${join(FIXTURES, 'scripted-server.mjs')} --versions 2024-11-05,2025-11-25 --pick oldest`,
      MCP_HTTP_SERVER: `${process.execPath} ${REMOTE_FIXTURE}`,
      MCP_URL: `http://127.0.0.1:${port}/mcp`,
      FIXTURE_PORT: String(port),
      GITHUB_STEP_SUMMARY: summary,
    };
    const update = await shell(example('update-baselines.sh'), repo, env, ['sh', '-c']);
    expect(update.code, update.out).toBe(0);
    const stdioBaseline = JSON.parse(readFileSync(join(repo, '.mcpscope', 'check-stdio.json'), 'utf8')) as { accepted: Record<string, { status: string }> };
    expect(stdioBaseline.accepted['lifecycle/version-support']).toMatchObject({ status: 'warn' });
    expect(existsSync(join(repo, '.mcpscope', 'check-http.json'))).toBe(true);

    // The workflow's two steps and the broken server's run go side by side (each mostly waits on its server's
    // answers), each with a step summary of its own; the broken run in a copy of the repository, so its JUnit file
    // does not race the passing stdio step's.
    const workflow = example('github-actions.yml');
    const brokenRepo = scratchRepo();
    cpSync(join(repo, '.mcpscope'), join(brokenRepo, '.mcpscope'), { recursive: true });
    const steps = (
      [
        ['mcpscope check (stdio)', 'mcpscope-stdio.xml'],
        ['mcpscope check (URL)', 'mcpscope-http.xml'],
      ] as const
    ).map(async ([step, junit]) => {
      const stepSummary = join(repo, `${junit}.summary.md`);
      const run = await shell(runBlock(workflow, step), repo, { ...env, GITHUB_STEP_SUMMARY: stepSummary });
      expect(run.code, `${step}\n${run.out}`).toBe(0);
      const md = readFileSync(stepSummary, 'utf8');
      expect(md).toMatch(/^## mcpscope check ✅ passed: /);
      expect(md).toMatch(/### Baseline `\.mcpscope\/check-(stdio|http)\.json`\n\n\d+ known, 0 new, 0 fixed/);
      const xml = readFileSync(join(repo, junit), 'utf8');
      expect(await junitSchemaErrors(xml)).toEqual([]);
      expect(xml).toContain('<skipped type="accepted"');
    });

    // The same step against a server that breaks ping (a result and an error in one response): a new failure.
    const brokenSummary = join(brokenRepo, 'step-summary.md');
    const broken = (async () => {
      const run = await shell(runBlock(workflow, 'mcpscope check (stdio)'), brokenRepo, {
        ...env,
        GITHUB_STEP_SUMMARY: brokenSummary,
        MCP_SERVER: `${process.execPath} ${join(FIXTURES, 'faulty-server.mjs')} --result-and-error`,
      });
      expect(run.code, run.out).toBe(1);
      expect(run.out).toContain('check: new: lifecycle/ping (fail), not accepted in .mcpscope/check-stdio.json');
      const md = readFileSync(brokenSummary, 'utf8');
      expect(md).toMatch(/^## mcpscope check ❌ failed/);
      expect(md).toContain('- new: `lifecycle/ping` (fail), not accepted in the baseline');
      expect(md).toMatch(/\| ❌ fail \| `lifecycle\/ping` \|.*\*\*MUST\*\*/);
    })();
    await Promise.all([...steps, broken]);
  }, 400_000);
});
