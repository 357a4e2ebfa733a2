import { describe, expect, it } from 'vitest';
import { expandVariables, inputIds, type VariableContext } from '../../../shared/profiles/config-variables.js';

const ctx: VariableContext = { env: { TOKEN: 'tok-1', EMPTY: '', REGION: 'eu' }, home: '/home/alice', workspaceFolder: '/work/proj', inputs: { key: 'k-42' } };

describe('expanding the variables of an MCP config file', () => {
  it.each([
    ['${TOKEN}', 'tok-1'],
    ['Bearer ${env:TOKEN}', 'Bearer tok-1'],
    ['${MISSING:-fallback}', 'fallback'],
    ['${EMPTY:-fallback}', 'fallback'],
    ['${EMPTY}', ''],
    ['${REGION:-us}-${REGION}', 'eu-eu'],
    ['${MISSING:-a:b/c}', 'a:b/c'],
    ['${userHome}/.cache', '/home/alice/.cache'],
    ['${workspaceFolder}/server.js', '/work/proj/server.js'],
    ['${workspaceFolderBasename}', 'proj'],
    ['${input:key}', 'k-42'],
    ['no variables, $HOME and {braces} kept', 'no variables, $HOME and {braces} kept'],
  ])('turns %s into %s', (text, out) => {
    expect(expandVariables(text, ctx)).toBe(out);
  });

  it('walks objects and arrays, and keeps numbers and booleans', () => {
    expect(expandVariables({ args: ['--region', '${REGION}'], env: { T: '${env:TOKEN}' }, port: 3, on: true }, ctx)).toEqual({
      args: ['--region', 'eu'],
      env: { T: 'tok-1' },
      port: 3,
      on: true,
    });
  });

  it.each([
    ['${NOPE}', '${NOPE} is not set in the environment and has no default'],
    ['${env:NOPE}', '${env:NOPE} is not set in the environment'],
    ['${input:other}', '${input:other} has no value (give it with --input other=<value>'],
    ['${command:pick}', '${command:pick} is not a variable mcpscope can resolve'],
  ])('refuses %s, naming it', (text, message) => {
    expect(() => expandVariables(text, ctx)).toThrow(message);
  });

  it('lists the inputs an entry uses, once each, in order', () => {
    expect(inputIds({ env: { A: '${input:a}', B: 'x${input:b}${input:a}' }, args: ['${input:c}'] })).toEqual(['a', 'b', 'c']);
  });
});
