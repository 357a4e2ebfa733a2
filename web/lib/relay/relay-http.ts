// The browser's one client for the relay's HTTP API: every call names a route of the shared table, carries the token,
// turns the relay's error envelope (and a network failure) into ApiError, tells the page when the token was refused,
// and checks each answer against the route's schema before anyone uses it.
import type { z } from 'zod';
import type { AnyRecipeReview } from '../../../shared/trust/remote-recipe-review.js';
import { RelayErrorBodySchema } from '../../../shared/relay-errors.js';
import { fillPath, RELAY_ROUTES, type PathParams, type RelayRoute, type RelayRoutes, type RouteName } from '../../../shared/relay-routes.js';
import { describeIssues } from '../../../shared/zod-issues.js';

/** A failure reported by the relay (`code` from RELAY_ERROR_CODES), or made here: NETWORK, BAD_RESPONSE. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** With RECIPE_UNCONFIRMED: the recipe to show a person before it may run. */
    readonly review?: AnyRecipeReview,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A file the relay sent to be saved: its bytes and the name it suggested. */
export interface Download {
  fileName: string;
  blob: Blob;
}

type QueryValue = string | number | boolean | undefined;

/** What a call of route R needs: its path parameters, its query and its body, each only when the route has one. */
type CallInput<R extends RelayRoute> = ([PathParams<R['path']>] extends [never] ? unknown : { params: Record<PathParams<R['path']>, string | number> }) &
  (R['query'] extends z.ZodType ? { query?: { [K in keyof z.input<R['query']>]?: QueryValue } } : unknown) &
  (R['body'] extends z.ZodType ? { body: z.input<R['body']> } : R['body'] extends 'bytes' ? { body: Blob } : unknown);

type CallOutput<R extends RelayRoute> = R['response'] extends z.ZodType ? z.output<R['response']> : R['response'] extends 'file' ? Download : void;

type Args<N extends RouteName> = [keyof CallInput<RelayRoutes[N]>] extends [never] ? [input?: CallInput<RelayRoutes[N]>] : [input: CallInput<RelayRoutes[N]>];

export interface RelayHttp {
  call<N extends RouteName>(name: N, ...args: Args<N>): Promise<CallOutput<RelayRoutes[N]>>;
}

interface LooseInput {
  params?: Record<string, string | number>;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

/** `base` is the relay's origin; the page calls its own (''), a test passes http://127.0.0.1:port. */
export function createRelayHttp(token: string, onUnauthorized: () => void, base = ''): RelayHttp {
  async function call(name: RouteName, input: LooseInput = {}): Promise<unknown> {
    const route: RelayRoute = RELAY_ROUTES[name];
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(input.query ?? {})) if (v !== undefined && v !== '') query.set(k, String(v));
    const url = `${base}/api${fillPath(route.path, input.params ?? {})}${query.size > 0 ? `?${query}` : ''}`;
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    let body: BodyInit | null = null;
    if (route.body === 'bytes') {
      headers['Content-Type'] = 'application/octet-stream';
      body = input.body as Blob;
    } else if (route.body) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(input.body);
    }
    let res: Response;
    try {
      res = await fetch(url, { method: route.method, headers, body });
    } catch (err) {
      throw new ApiError(0, 'NETWORK', `relay unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!res.ok) throw await refusal(res, onUnauthorized);
    if (route.response === 'empty') return undefined;
    if (route.response === 'file') {
      const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'mcpscope-download';
      return { fileName, blob: await res.blob() } satisfies Download;
    }
    const payload: unknown = await res.json().catch(() => undefined);
    const parsed = route.response.safeParse(payload);
    if (!parsed.success)
      throw new ApiError(
        res.status,
        'BAD_RESPONSE',
        `the relay's answer to ${route.method} ${route.path} is not what the route table says: ${describeIssues(parsed.error, 'body')}`,
      );
    return parsed.data;
  }
  return { call: call as RelayHttp['call'] };
}

async function refusal(res: Response, onUnauthorized: () => void): Promise<ApiError> {
  if (res.status === 401) onUnauthorized();
  const envelope = RelayErrorBodySchema.safeParse(await res.json().catch(() => undefined));
  if (!envelope.success) return new ApiError(res.status, `HTTP_${res.status}`, res.statusText);
  const { code, message, review } = envelope.data.error;
  return new ApiError(res.status, code, message, review);
}
