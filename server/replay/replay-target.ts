// Decides what a replay runs against: a target given in the request, a saved profile, or the recorded target (whose
// masked secrets are dropped, or taken back from the profile it was started from when that still exists).
import { runnableTarget } from '../../shared/redaction/redact-target.js';
import type { SessionInfo, Target } from '../../shared/relay-protocol.js';
import type { ProfileStore } from '../store/archive/profile-store.js';
import type { SessionArchive } from '../store/archive/session-archive.js';
import { RecipeOriginSchema } from '../../shared/bundle/bundle-format.js';
import { localPathOptions, localPathRefusal } from '../../shared/trust/local-path-options.js';
import { RelayError } from '../errors.js';
import { MASK } from '../transports/header-mask.js';
import { bundleSource, profileRecipeFrom } from '../trust/recipe-source.js';
import { RecipeError, resolveRecipe } from './recipe-resolver.js';

export interface ReplayTarget {
  target: Target;
  profileId: string | null;
  secretEnv: string[];
  warnings: string[];
  /** Set when the recipe came from a file (an imported bundle or profile): the relay runs it only once confirmed. */
  recipeFrom?: string;
}

/** `given` is the target, secrets included, when this relay run started the session (the recording holds them masked). */
export function replayTarget(
  archive: SessionArchive,
  profiles: ProfileStore,
  info: SessionInfo,
  body: { target?: Target | undefined; profileId?: string | undefined },
  given: Target | null = null,
): ReplayTarget {
  if (body.target) return { target: body.target, profileId: null, secretEnv: [], warnings: [] };
  const profileId = body.profileId ?? archive.meta(info.id).profileId;
  const profile = profileId ? profiles.find(profileId) : null;
  if (profile) return { target: profile.target, profileId: profile.id, secretEnv: profile.secretEnv, warnings: [], ...profileRecipeFrom(profile) };
  if (given) return { target: given, profileId: null, secretEnv: archive.meta(info.id).secretEnv, warnings: [] };
  // The relay masks secrets before it stores a target; a masked value would be sent as-is, so leave it out instead.
  const unmasked = maskedAsRedacted(info.target);
  const { target, missing } = runnableTarget(unmasked);
  const warnings = missing.length > 0 ? [`the recording does not hold ${missing.join(', ')} (secret); the replay runs without them`] : [];
  const meta = archive.meta(info.id);
  const fromFile = meta.origin === 'imported' ? { recipeFrom: bundleSource(info.name) } : {};
  // Bundles are refused such options on import; a session imported before that may still hold one.
  const paths = meta.origin === 'imported' ? localPathOptions(target) : [];
  if (paths.length > 0)
    throw new RelayError('BAD_REQUEST', `the imported bundle's recipe ${localPathRefusal(paths)}; replay against another target or a profile`);
  const origin = RecipeOriginSchema.safeParse((meta.importedFrom as { origin?: unknown } | null)?.origin);
  if (target.transport !== 'stdio' || !origin.success) return { target, profileId: null, secretEnv: [], warnings, ...fromFile };
  // An imported bundle's portable recipe: its relative paths resolve against the relay's directory.
  try {
    const resolved = resolveRecipe(target, origin.data, process.cwd());
    return { target: resolved.target, profileId: null, secretEnv: [], warnings: [...warnings, ...resolved.warnings], ...fromFile };
  } catch (err) {
    if (err instanceof RecipeError)
      throw new RelayError(
        'BAD_REQUEST',
        `${err.message}; start mcpscope in the directory the paths are relative to, or replay against another target or a profile`,
      );
    throw err;
  }
}

/** The relay's own mask (••••) and a redaction marker mean the same thing here: no value. */
function maskedAsRedacted(t: Target): Target {
  if (t.transport === 'stdio') return { ...t, env: Object.fromEntries(Object.entries(t.env).map(([k, v]) => [k, v === MASK ? '[REDACTED]' : v])) };
  return t;
}
