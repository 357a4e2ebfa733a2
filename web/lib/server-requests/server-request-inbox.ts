// One session's requests from the server (roots, sampling, elicitation) as this tab sees them: pending until the user,
// or an auto-response rule, answers. The answers go out through the engine's handlers, so each is a real frame in the log.
import type { ClientEngine } from '../../../shared/engine/index.js';
import { HandlerError } from '../../../shared/engine/index.js';
import { idKey, isPlainObject } from '../../../shared/jsonrpc.js';
import type { AnswererHolder } from '../../../shared/relay-protocol.js';
import type { AnswersFile } from '../../../shared/answers/index.js';
import { answersFromRules, rulesFromAnswers, scriptedOutcome } from './answers-io.js';
import { loadRoots, saveRoots } from './roots-storage.js';
import { autoOutcome, DEFAULT_RULES, KIND_OF_METHOD, type AutoRule, type Outcome, type Root, type ServerRequestKind } from './server-request-rules.js';
import { Listeners } from '../../../shared/listeners.js';
import type { SamplingDraft } from '../model/sampling-by-model.js';

/** Asks the configured model for a sampling answer (the relay holds the key); absent where there is no model (a share file). */
export type ModelSampler = (params: unknown) => Promise<SamplingDraft>;

/** cancelled: by the server; abandoned: the connection ended; handed-over: another tab took over answering. */
type RequestState = 'pending' | 'answered' | 'auto' | 'cancelled' | 'abandoned' | 'handed-over';

export interface InboxRequest {
  key: number;
  /** The server's JSON-RPC id; null for a 2026 input request, answered inside a retried request instead. */
  id: string | number | null;
  method: string;
  kind: ServerRequestKind;
  params: unknown;
  state: RequestState;
  outcome?: Outcome;
  /** Date.now() on arrival: a panel's call that started earlier may be the one waiting on it. */
  arrivedAt: number;
  /** A model rule is asking the model for this one now. */
  asking?: boolean;
  /** The model's answer under 'model-review', for a person to edit and send. */
  draft?: SamplingDraft;
  /** What the model rule did or why it could not (the request is then left for a person). */
  modelNote?: string;
}

export interface InboxState {
  requests: readonly InboxRequest[];
  roots: readonly Root[];
  rules: Readonly<Record<ServerRequestKind, AutoRule>>;
  /** Who answers the session's requests: this tab ('you'), another tab or an earlier load of this one, or nobody yet. */
  answerer: AnswererHolder;
  /** The imported answers file the 'scripted' rules answer from (the file `mcpscope call --answers` reads). */
  script: AnswersFile | null;
}

const KEEP = 50;

export class ServerRequestInbox {
  private state: InboxState = { requests: [], roots: [], rules: { ...DEFAULT_RULES }, answerer: 'none', script: null };
  private readonly settle = new Map<number, (o: Outcome) => void>();
  private readonly listeners = new Listeners();
  private nextKey = 1;
  /** Where the roots are saved (see roots-storage); null until the session's target is known. */
  private rootsKey: string | null = null;
  constructor(
    private readonly engine: ClientEngine,
    /** Makes this tab the one that answers (the user's "answer requests in this tab"). */
    readonly takeOver: () => void,
    private readonly sampler: ModelSampler | null = null,
  ) {
    for (const method of Object.keys(KIND_OF_METHOD)) engine.handle(method, (params, ctx) => this.arrive(method, params, ctx.id));
    engine.onNotification((m) => {
      if (m.method === 'notifications/cancelled' && isPlainObject(m.params)) this.cancelById(m.params.requestId);
    });
  }

  subscribe = (listener: () => void): (() => void) => this.listeners.add(listener);

  getSnapshot = (): InboxState => this.state;

  /** Answers a pending request; errors become JSON-RPC error responses. */
  resolve(key: number, outcome: Outcome, state: 'answered' | 'auto' = 'answered'): void {
    const settle = this.settle.get(key);
    if (!settle) return;
    this.settle.delete(key);
    this.update(key, { state, outcome, asking: false });
    settle(outcome);
  }

  /** Whether the model rules can work here: false in a share file's viewer, which has no relay to ask. */
  get canAskModel(): boolean {
    return this.sampler !== null;
  }

  /** Whether this tab answers the session's requests: the relay grants that to one socket at a time. */
  get answering(): boolean {
    return this.state.answerer === 'you';
  }

  setAnswerer(answerer: AnswererHolder): void {
    if (answerer === this.state.answerer) return;
    // The engine dropped this tab's unanswered requests with the claim; the tab that answers now gets them again.
    if (this.state.answerer === 'you') this.closePending('handed-over');
    this.set({ answerer });
  }

  setRule(kind: ServerRequestKind, rule: AutoRule): void {
    this.set({ rules: { ...this.state.rules, [kind]: rule } });
  }

  /** Answers from now on as the file says (its roots replace the list); the other kinds keep their rules. */
  async importAnswers(file: AnswersFile): Promise<void> {
    this.set({ script: file, rules: rulesFromAnswers(file, this.state.rules) });
    if (file.roots) await this.setRoots(file.roots);
  }

  /** The current auto-responses as an answers file, for `mcpscope call --answers` or another inspector. */
  exportAnswers(): AnswersFile {
    return answersFromRules(this.state.rules, this.state.roots, this.state.script);
  }

  /** The session's target became known: start from the roots saved for it, if any (once; later edits win). */
  useRootsKey(key: string): void {
    if (this.rootsKey === key) return;
    this.rootsKey = key;
    const saved = loadRoots(key);
    if (saved) this.set({ roots: saved });
  }

  /** Replaces (and saves) the roots and, when this tab speaks for the session, tells the server they changed. */
  async setRoots(roots: readonly Root[]): Promise<void> {
    this.set({ roots });
    if (this.rootsKey !== null) saveRoots(this.rootsKey, roots);
    // Only when roots.listChanged was declared: the engine refuses, unsent, what the client did not offer.
    if (this.answering) await this.engine.notify('notifications/roots/list_changed', undefined, 'bookkeeping').catch(() => undefined);
  }

  /** The server process went away: nobody is waiting for these answers any more. */
  abandonAll(): void {
    this.closePending('abandoned');
  }

  private closePending(state: 'abandoned' | 'handed-over'): void {
    for (const r of this.state.requests) if (r.state === 'pending') this.update(r.key, { state });
    this.settle.clear();
  }

  private arrive(method: string, params: unknown, id: string | number | null): Promise<unknown> {
    const kind = KIND_OF_METHOD[method]!;
    const key = this.nextKey++;
    const rule = this.state.rules[kind];
    const auto = rule === 'scripted' ? scriptedOutcome(kind, this.state.script, params) : autoOutcome(kind, rule, params, this.state.roots);
    const item: InboxRequest = { key, id, method, kind, params, arrivedAt: Date.now(), state: auto ? 'auto' : 'pending', ...(auto ? { outcome: auto } : {}) };
    this.set({ requests: [...this.state.requests, item].slice(-KEEP) });
    const outcome = auto ? Promise.resolve(auto) : new Promise<Outcome>((res) => this.settle.set(key, res));
    if (!auto && kind === 'sampling' && (rule === 'model' || rule === 'model-review')) this.askModel(key, params, rule);
    return outcome.then((o) => {
      if ('error' in o) throw new HandlerError(o.error.code, o.error.message);
      return o.result;
    });
  }

  /**
   * A model rule: the model is asked while the request stays pending (a person may still answer it by hand). Its
   * answer goes out at once ('model') or waits in the card's editor ('model-review'); when the model cannot answer
   * (none configured, a refused key, a rate limit) the request is left for a person, with the reason beside it.
   */
  private askModel(key: number, params: unknown, rule: 'model' | 'model-review'): void {
    if (!this.sampler) return this.update(key, { modelNote: 'no model can be asked here: answer it by hand' });
    this.update(key, { asking: true });
    this.sampler(params).then(
      (draft) => {
        if (!this.settle.has(key)) return;
        if (rule === 'model') {
          this.update(key, { modelNote: `${draft.note}; sent without asking (auto-response setting)` });
          this.resolve(key, { result: draft.result }, 'auto');
        } else this.update(key, { asking: false, draft, modelNote: `${draft.note}: edit it if you like, then Send result` });
      },
      (err: unknown) => {
        if (!this.settle.has(key)) return;
        this.update(key, { asking: false, modelNote: `the model could not answer: ${err instanceof Error ? err.message : String(err)}; answer it by hand` });
      },
    );
  }

  private cancelById(requestId: unknown): void {
    const wanted = idKey(requestId);
    const item = this.state.requests.find((r) => r.state === 'pending' && r.id !== null && idKey(r.id) === wanted);
    if (!item) return;
    this.settle.delete(item.key);
    this.update(item.key, { state: 'cancelled' });
  }

  private update(key: number, patch: Partial<InboxRequest>): void {
    this.set({ requests: this.state.requests.map((r) => (r.key === key ? { ...r, ...patch } : r)) });
  }

  private set(patch: Partial<InboxState>): void {
    this.state = { ...this.state, ...patch };
    this.listeners.emit();
  }
}
