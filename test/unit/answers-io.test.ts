import { describe, expect, it, vi } from 'vitest';
import { parseAnswersFile } from '../../shared/answers/index.js';
import { ClientEngine } from '../../shared/engine/index.js';
import { answersFromRules, rulesFromAnswers, scriptedOutcome } from '../../web/lib/server-requests/answers-io.js';
import { ServerRequestInbox } from '../../web/lib/server-requests/server-request-inbox.js';
import { DEFAULT_RULES } from '../../web/lib/server-requests/server-request-rules.js';

const ELICIT = { message: 'age?', requestedSchema: { type: 'object', properties: { age: { type: 'integer', default: 30 } } } };

describe('the answers file as the inspector’s auto-responses', () => {
  it('turns each kind the file answers into an automatic rule and keeps the others', () => {
    expect(rulesFromAnswers({ elicitation: { action: 'accept' } }, DEFAULT_RULES)).toEqual({ roots: 'answer', sampling: 'manual', elicitation: 'scripted' });
    expect(rulesFromAnswers({ roots: [], sampling: { action: 'reject' } }, { roots: 'manual', sampling: 'manual', elicitation: 'decline' })).toEqual({
      roots: 'answer',
      sampling: 'scripted',
      elicitation: 'decline',
    });
  });

  it('exports the rules as a file call --answers reads, leaving "ask me" kinds out', () => {
    const file = answersFromRules({ roots: 'answer', sampling: 'canned', elicitation: 'decline' }, [{ uri: 'file:///w', name: 'w' }], null);
    expect(file).toEqual({
      roots: [{ uri: 'file:///w', name: 'w' }],
      sampling: { text: 'Canned reply from mcpscope to {{messageCount}} message(s).', model: 'mcpscope-canned', stopReason: 'endTurn' },
      elicitation: { action: 'decline' },
    });
    expect(parseAnswersFile(file).ok).toBe(true);
    expect(answersFromRules({ roots: 'manual', sampling: 'manual', elicitation: 'manual' }, [], null)).toEqual({});
  });

  it('answers a scripted kind with the shared answer functions, refusals as errors', () => {
    expect(scriptedOutcome('elicitation', { elicitation: { action: 'accept' } }, ELICIT)).toEqual({ result: { action: 'accept', content: { age: 30 } } });
    expect(scriptedOutcome('sampling', { sampling: { action: 'reject' } }, {})).toEqual({
      error: { code: -1, message: 'The scripted answers reject sampling requests' },
    });
    expect(scriptedOutcome('sampling', {}, {})).toBeNull();
  });

  it('an imported file answers the server’s elicitation through the inbox, and exports back unchanged', async () => {
    const sent: Record<string, unknown>[] = [];
    const engine = new ClientEngine({ send: (text) => void sent.push(JSON.parse(text) as Record<string, unknown>), serverRequests: 'answer' });
    const inbox = new ServerRequestInbox(engine, () => inbox.setAnswerer('you'));
    const file = { elicitation: { action: 'accept' as const, content: {} } };
    await inbox.importAnswers(file);
    engine.receiveValue({ jsonrpc: '2.0', id: 'e', method: 'elicitation/create', params: ELICIT });
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ jsonrpc: '2.0', id: 'e', result: { action: 'accept', content: { age: 30 } } });
    expect(inbox.getSnapshot().requests[0]!.state).toBe('auto');
    expect(inbox.exportAnswers()).toEqual({ roots: [], elicitation: { action: 'accept', content: {} } });
  });
});
