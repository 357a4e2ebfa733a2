// The fault lab's, the Conformance tab's and the Fuzz tab's scratch connections: a second instance of a live session's stdio command, or a fresh HTTP session on
// its endpoint, recorded as its own session linked to the one under test, so faults never disturb the session judged.
// Threat model: nothing new can be spawned here. The target is the live session's own (already started in this relay
// run, so already allowed), never one from the request; the body only says whether the page will perform a handshake.
import type { Router } from 'express';
import { RELAY_ROUTES as R } from '../../../shared/relay-routes.js';
import { RelayError } from '../../errors.js';
import { historyEntry, type ArchiveContext } from './route-context.js';
import { serveRoute } from './serve-route.js';

export function scratchRoutes(router: Router, ctx: ArchiveContext): void {
  serveRoute(router, R.openScratch, async ({ params, body }) => {
    const info = ctx.sessions.owned(params.id).info();
    const target = ctx.sessions.givenTarget(params.id);
    if (!info.live || target === null) throw new RelayError('SESSION_NOT_LIVE', 'the session under test is not running: start it before running the fault lab');
    const meta = ctx.archive.meta(params.id);
    const scratch = await ctx.sessions.create(
      { target, protocolVersion: info.protocolVersion, handshake: body.handshake, name: `${info.name} · fault lab` },
      { secretEnv: meta.secretEnv, scratchFor: params.id, ...(meta.profileId ? { profileId: meta.profileId } : {}) },
    );
    ctx.archive.setMeta(scratch.id, { origin: 'scratch', scratchFor: params.id, profileId: meta.profileId, secretEnv: meta.secretEnv });
    // Tagged by what made it, so the history can say so and filter on it (the check's are tagged `check`).
    ctx.archive.setTags(scratch.id, ['lab']);
    return historyEntry(ctx, scratch.id);
  });
  // The check (its runner, the fault lab's presets, a client engine) loads with the first check: a relay that never
  // runs one does not pay for it at start-up.
  serveRoute(router, R.runCheck, async ({ params, body }) => (await import('../relay-check.js')).runRelayCheck(ctx, params.id, body));
  // The Fuzz tab's campaign (fast-check and the fuzz room) loads with the first one, as the check does.
  const fuzz = () => import('../relay-fuzz.js');
  serveRoute(router, R.startFuzz, async ({ params, body }) => (await fuzz()).startRelayFuzz(ctx, params.id, body));
  serveRoute(router, R.fuzzRun, async ({ params }) => (await fuzz()).relayFuzzRun(params.runId));
  serveRoute(router, R.stopFuzz, async ({ params }) => (await fuzz()).stopRelayFuzz(params.runId));
}
