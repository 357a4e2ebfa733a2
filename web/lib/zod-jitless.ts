// Turns zod's compiler off in the page and in the share file's viewer, before any schema is made: imported first by
// main.tsx and share-main.tsx.
// zod compiles object schemas with `new Function` when it may, and probes whether it may when a schema is built; the
// probe is itself an eval, which both pages' CSP (script-src 'self') refuses, so zod interprets either way. But the
// refused probe is reported as a CSP violation on every load even though zod catches it (an event, a console message
// and its source location for nothing; docs/performance.md, "A page load's CPU, round 3").
import { config } from 'zod';

config({ jitless: true });
