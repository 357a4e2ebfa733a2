// The lab's last results per session under test: the Conformance tab's report (kept by the relay when a run ends) and
// the fault lab's runs and connection choices (saved by the page), read back after a reload.
// Threat model: behind the token like every /api route; what the page saves is data, checked against its schema and
// capped in size (shared/panel-results.ts), stored as JSON text and only ever shown as text. A saved value that no
// longer fits the schema (an older mcpscope's) reads as nothing saved.
import type { Router } from 'express';
import { FaultLabStateSchema } from '../../../shared/panel-results.js';
import { CheckReportSchema } from '../../../shared/check/check-types.js';
import { RELAY_ROUTES as R } from '../../../shared/relay-routes.js';
import type { ArchiveContext } from './route-context.js';
import { serveRoute } from './serve-route.js';

export function resultsRoutes(router: Router, ctx: ArchiveContext): void {
  serveRoute(router, R.savedCheck, ({ params }) => {
    ctx.sessions.info(params.id);
    const { value, savedAt } = ctx.results.get(params.id, 'conformance');
    const report = CheckReportSchema.safeParse(value);
    return report.success ? { report: report.data, savedAt } : { report: null, savedAt: null };
  });
  serveRoute(router, R.savedFaultLab, ({ params }) => {
    ctx.sessions.info(params.id);
    const { value, savedAt } = ctx.results.get(params.id, 'fault-lab');
    const state = FaultLabStateSchema.safeParse(value);
    return state.success ? { state: state.data, savedAt } : { state: null, savedAt: null };
  });
  serveRoute(router, R.saveFaultLab, ({ params, body }) => {
    ctx.sessions.info(params.id);
    ctx.results.put(params.id, 'fault-lab', body);
  });
}
