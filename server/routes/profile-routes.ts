// Saved server profiles: CRUD with secrets masked on the way out, one-click connect, and mcp.json import and export.
import type { Router } from 'express';
import { ProfileExportFormatSchema, ProfileImportBodySchema } from '../../shared/archive-api.js';
import { CONFIG_FILE_NAMES, formatMcpConfig } from '../../shared/profiles/format-mcp-config.js';
import { McpConfigError, parseMcpConfig } from '../../shared/profiles/parse-mcp-config.js';
import { ProfileInputSchema, SECRET_PLACEHOLDER, maskProfile, unmaskProfile, type ProfileInput } from '../../shared/profiles/profile.js';
import { profileFromSession } from '../../shared/profiles/profile-from-session.js';
import { MODERN_PROTOCOL_VERSIONS, isLegacyVersion } from '../../shared/mcp-versions.js';
import { maskedHeaderProblem } from '../../shared/masked-header-problem.js';
import { RelayError } from '../errors.js';
import { bundleSource, profileRecipeFrom } from '../trust/recipe-source.js';
import { attachment, param, parseBody, type ArchiveContext } from './route-context.js';
import { z } from 'zod';

const ConnectBodySchema = z.object({ handshake: z.boolean().default(true) });
const SaveSessionBodySchema = z.object({ name: z.string().trim().min(1).max(200).optional() });

/** A profile about to be saved, once placeholders got their stored values back: a mask left in it is refused. */
function unmasked(input: ProfileInput, keeps?: (name: string, value: string) => boolean): ProfileInput {
  const masked = maskedHeaderProblem(input.target, 'type its real value before saving', keeps);
  if (masked !== null) throw new RelayError('BAD_REQUEST', masked);
  return input;
}

export function profileRoutes(router: Router, ctx: ArchiveContext): void {
  const { profiles } = ctx;

  router.get('/profiles', (_req, res) => {
    res.json(profiles.list().map(maskProfile));
  });

  router.post('/profiles', (req, res) => {
    res.status(201).json(maskProfile(profiles.create(unmasked(parseBody(ProfileInputSchema, req.body)))));
  });

  router.put('/profiles/:id', (req, res) => {
    const id = param(req, 'id');
    const edited = parseBody(ProfileInputSchema, req.body);
    const stored = profiles.get(id);
    // A placeholder only stands for a value this profile stored; anywhere else it would silently become ''.
    const had = stored.target.transport === 'stdio' ? {} : stored.target.headers;
    unmasked(edited, (name, value) => value === SECRET_PLACEHOLDER && (had[name] ?? '') !== '');
    const kept = stored.importedFrom === undefined ? edited : { ...edited, importedFrom: stored.importedFrom };
    res.json(maskProfile(profiles.update(id, unmasked(unmaskProfile(kept, stored)))));
  });

  router.delete('/profiles/:id', (req, res) => {
    profiles.delete(param(req, 'id'));
    res.status(204).end();
  });

  router.post('/profiles/:id/connect', async (req, res) => {
    const p = profiles.get(param(req, 'id'));
    const { handshake } = parseBody(ConnectBodySchema, req.body);
    // A mask saved into a profile (copied from a session, or saved before the editor checked) would be sent as the secret.
    const masked = maskedHeaderProblem(p.target, 'edit the profile and type its real value');
    if (masked !== null) throw new RelayError('BAD_REQUEST', `profile "${p.name}": ${masked}`);
    // A modern-era profile talks 2026-07-28 whatever legacy version it names (that is only auto's fallback offer), so the
    // session is recorded, and linted, under the version it will speak.
    const protocolVersion = p.era === 'modern' && isLegacyVersion(p.protocolVersion) ? MODERN_PROTOCOL_VERSIONS[0] : p.protocolVersion;
    const session = await ctx.sessions.create({ target: p.target, protocolVersion, handshake, name: p.name }, { secretEnv: p.secretEnv, ...profileRecipeFrom(p) });
    ctx.archive.setMeta(session.id, { profileId: p.id, secretEnv: p.secretEnv });
    res.status(201).json(session.info());
  });

  // "Save current connection as profile": the real values when this relay run started the session, else the stored ones.
  router.post('/sessions/:id/profile', (req, res) => {
    const { name } = parseBody(SaveSessionBodySchema, req.body);
    const info = ctx.sessions.info(param(req, 'id'));
    const { input, missing } = profileFromSession({ name: name ?? info.name, protocolVersion: info.protocolVersion }, ctx.sessions.givenTarget(info.id) ?? info.target);
    // A profile made from an imported bundle's session carries that bundle's recipe: still a recipe from a file.
    const fromFile = ctx.archive.meta(info.id).origin === 'imported' ? { importedFrom: bundleSource(info.name) } : {};
    res.status(201).json({ profile: maskProfile(profiles.create({ ...input, ...fromFile })), missing });
  });

  router.post('/profiles/import', (req, res) => {
    const { text } = parseBody(ProfileImportBodySchema, req.body);
    let parsed;
    try {
      parsed = parseMcpConfig(text);
    } catch (err) {
      if (err instanceof McpConfigError) throw new RelayError('BAD_REQUEST', err.message);
      throw err;
    }
    const from = `an imported ${parsed.key === 'servers' ? 'VS Code' : 'mcpServers'} config`;
    const created = profiles.createMany(parsed.profiles.map((p) => ({ ...p, importedFrom: from })));
    res.status(201).json({ key: parsed.key, profiles: created.map(maskProfile), warnings: parsed.warnings });
  });

  router.get('/profiles/export', (req, res) => {
    const format = ProfileExportFormatSchema.safeParse(req.query.format);
    if (!format.success) throw new RelayError('BAD_REQUEST', `format must be one of ${ProfileExportFormatSchema.options.join(', ')}`);
    const ids = typeof req.query.ids === 'string' && req.query.ids !== '' ? new Set(req.query.ids.split(',')) : null;
    const chosen = profiles.list().filter((p) => ids === null || ids.has(p.id));
    const out = formatMcpConfig(chosen, format.data, { includeSecrets: req.query.secrets === 'include' });
    const fileName = CONFIG_FILE_NAMES[format.data];
    if (req.query.download === '1') {
      attachment(res, fileName, 'application/json; charset=utf-8');
      res.send(out.text);
      return;
    }
    res.json({ fileName, text: out.text, warnings: out.warnings });
  });
}
