// Saved server profiles: CRUD with secrets masked on the way out, one-click connect, and mcp.json import and export.
import type { Router } from 'express';
import { CONFIG_FILE_NAMES, formatMcpConfig } from '../../../shared/profiles/format-mcp-config.js';
import { McpConfigError, parseMcpConfig } from '../../../shared/profiles/parse-mcp-config.js';
import { SECRET_PLACEHOLDER, maskProfile, unmaskProfile, type ProfileInput } from '../../../shared/profiles/profile.js';
import { profileFromSession } from '../../../shared/profiles/profile-from-session.js';
import { MODERN_PROTOCOL_VERSIONS, isLegacyVersion } from '../../../shared/mcp-versions.js';
import { maskedHeaderProblem } from '../../../shared/masked-header-problem.js';
import { RELAY_ROUTES as R } from '../../../shared/relay-routes.js';
import { RelayError } from '../../errors.js';
import { bundleSource, profileRecipeFrom } from '../../trust/recipe-source.js';
import type { ArchiveContext } from './route-context.js';
import { serveRoute } from './serve-route.js';

/** A profile about to be saved, once placeholders got their stored values back: a mask left in it is refused. */
function unmasked(input: ProfileInput, keeps?: (name: string, value: string) => boolean): ProfileInput {
  const masked = maskedHeaderProblem(input.target, 'type its real value before saving', keeps);
  if (masked !== null) throw new RelayError('BAD_REQUEST', masked);
  return input;
}

export function profileRoutes(router: Router, ctx: ArchiveContext): void {
  const { profiles } = ctx;

  serveRoute(router, R.profiles, () => profiles.list().map(maskProfile));

  serveRoute(router, R.createProfile, ({ body }) => maskProfile(profiles.create(unmasked(body))));

  serveRoute(router, R.updateProfile, ({ params: { id }, body: edited }) => {
    const stored = profiles.get(id);
    // A placeholder only stands for a value this profile stored; anywhere else it would silently become ''.
    const had = stored.target.transport === 'stdio' ? {} : stored.target.headers;
    unmasked(edited, (name, value) => value === SECRET_PLACEHOLDER && (had[name] ?? '') !== '');
    const kept = stored.importedFrom === undefined ? edited : { ...edited, importedFrom: stored.importedFrom };
    return maskProfile(profiles.update(id, unmasked(unmaskProfile(kept, stored))));
  });

  serveRoute(router, R.deleteProfile, ({ params }) => {
    profiles.delete(params.id);
  });

  serveRoute(router, R.connectProfile, async ({ params, body: { handshake } }) => {
    const p = profiles.get(params.id);
    // A mask saved into a profile (copied from a session, or saved before the editor checked) would be sent as the secret.
    const masked = maskedHeaderProblem(p.target, 'edit the profile and type its real value');
    if (masked !== null) throw new RelayError('BAD_REQUEST', `profile "${p.name}": ${masked}`);
    // A modern-era profile talks 2026-07-28 whatever legacy version it names (that is only auto's fallback offer), so the
    // session is recorded, and linted, under the version it will speak.
    const protocolVersion = p.era === 'modern' && isLegacyVersion(p.protocolVersion) ? MODERN_PROTOCOL_VERSIONS[0] : p.protocolVersion;
    const session = await ctx.sessions.create(
      { target: p.target, protocolVersion, handshake, name: p.name },
      { secretEnv: p.secretEnv, profileId: p.id, ...profileRecipeFrom(p) },
    );
    ctx.archive.setMeta(session.id, { profileId: p.id, secretEnv: p.secretEnv });
    return session.info();
  });

  // "Save current connection as profile": the real values when this relay run started the session, else the stored ones.
  serveRoute(router, R.saveSessionAsProfile, ({ params, body: { name } }) => {
    const info = ctx.sessions.info(params.id);
    const { input, missing } = profileFromSession(
      { name: name ?? info.name, protocolVersion: info.protocolVersion },
      ctx.sessions.givenTarget(info.id) ?? info.target,
    );
    // A profile made from an imported bundle's session carries that bundle's recipe: still a recipe from a file.
    const fromFile = ctx.archive.meta(info.id).origin === 'imported' ? { importedFrom: bundleSource(info.name) } : {};
    return { profile: maskProfile(profiles.create({ ...input, ...fromFile })), missing };
  });

  serveRoute(router, R.importProfiles, ({ body: { text } }) => {
    let parsed;
    try {
      parsed = parseMcpConfig(text);
    } catch (err) {
      if (err instanceof McpConfigError) throw new RelayError('BAD_REQUEST', err.message);
      throw err;
    }
    const from = `an imported ${parsed.key === 'servers' ? 'VS Code' : 'mcpServers'} config`;
    const created = profiles.createMany(parsed.profiles.map((p) => ({ ...p, importedFrom: from })));
    return { key: parsed.key, profiles: created.map(maskProfile), warnings: parsed.warnings };
  });

  serveRoute(router, R.exportProfiles, ({ query }) => {
    const ids = query.ids ? new Set(query.ids.split(',')) : null;
    const chosen = profiles.list().filter((p) => ids === null || ids.has(p.id));
    const out = formatMcpConfig(chosen, query.format, { includeSecrets: query.secrets === 'include' });
    return { fileName: CONFIG_FILE_NAMES[query.format], text: out.text, warnings: out.warnings };
  });
}
