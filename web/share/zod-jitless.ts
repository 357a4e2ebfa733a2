// Turns zod's compiler off in the share file's viewer, before any schema is made: imported first by share-main.tsx.
// zod compiles object schemas with `new Function` when it may, and probes whether it may when a schema is built; the
// probe is itself an eval, which the file's CSP refuses and reports as a violation even though zod catches it. The
// viewer parses a recording once, so zod's interpreter is enough.
import { config } from 'zod';

config({ jitless: true });
