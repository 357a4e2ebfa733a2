// What the relay needs past its ready line and before Express: the sessions (so the launch session starts while the app
// loads), the guard, and the front that answers the page's first request (first-answer.ts). One import() of a chunk
// without Express; relay-parts.ts, loaded after, brings the app (cli.ts, buildRelay()).
export { firstAnswer } from './first-answer.js';
export { SecurityGuard } from './security.js';
export { SessionManager } from './session-manager.js';
export { RelayOAuth } from '../oauth/relay-oauth.js';
export { RecipeTrust } from '../trust/recipe-trust.js';
export { storedTarget } from '../core/stored-target.js';
