// What the inspector's relay needs past its ready line, in one module the CLI loads only when it starts the relay, and
// only once it listens (relay-early.ts has what comes before, relay-first.ts what the page's first answer needs): a
// command such as `tap`, which a host starts before every server it runs, pays for neither Express nor the schemas, and
// `--help` not even for the stdio transport (test/integration/cli-start-modules.test.ts). Plain re-exports: the bundle
// makes it one chunk, so one import() loads the app.
export { createRelay } from './app.js';
export { shutDown } from './relay-shutdown.js';
