// Registers an /api route from the shared route table: its method and path come from there, its query and body are
// parsed with the table's schemas (a mismatch is a 400 BAD_REQUEST saying which field), and what the handler returns
// must type-check against the table's response schema, so the relay cannot answer what the browser does not expect.
import type { Request, Response, Router } from 'express';
import type { z } from 'zod';
import type { PathParams, RelayRoute } from '../../../shared/relay-routes.js';
import { describeIssues } from '../../../shared/zod-issues.js';
import { RelayError } from '../../errors.js';

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

interface RouteInput<R extends RelayRoute> {
  params: Record<PathParams<R['path']>, string>;
  query: Parsed<R['query']>;
  /** The parsed JSON body; for a `bytes` route the handler reads the request stream itself. */
  body: Parsed<R['body']>;
}

/** JSON routes return their answer; `empty` routes return nothing (204 follows); `file` routes write `res` themselves. */
type Reply<R extends RelayRoute> = R['response'] extends z.ZodType ? z.input<R['response']> : void;

export type RouteHandler<R extends RelayRoute> = (input: RouteInput<R>, req: Request, res: Response) => Reply<R> | Promise<Reply<R>>;

function parse(schema: z.ZodType, value: unknown, what: string): unknown {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new RelayError('BAD_REQUEST', describeIssues(parsed.error, what));
  return parsed.data;
}

export function serveRoute<R extends RelayRoute>(router: Router, route: R, handler: RouteHandler<R>): void {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  router[method](route.path, async (req, res) => {
    const input = {
      params: req.params,
      query: route.query ? parse(route.query, req.query, 'query') : undefined,
      body: route.body && route.body !== 'bytes' ? parse(route.body, req.body ?? {}, 'body') : undefined,
    } as RouteInput<R>;
    const reply = await handler(input, req, res);
    if (route.response === 'empty') res.status(204).end();
    else if (route.response !== 'file') res.status(route.status ?? 200).json(reply);
  });
}
