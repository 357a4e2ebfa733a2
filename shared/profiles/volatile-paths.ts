// Tells whether a command a host will start lives somewhere that disappears on its own: a package runner's cache that is
// cleaned, a Node version manager's folder for one version that goes when the version is removed, a temporary folder.
// A host config pointing there works today and fails after the next cache clean or `nvm uninstall`.

/** Folders that are there for a while, each with the reason it may vanish; matched on `/`-separated, lower-case paths. */
const VOLATILE: Array<{ pattern: RegExp; why: string }> = [
  { pattern: /\/_npx\//, why: "npx's cache, which npm cleans (npm cache clean, a newer version of the package)" },
  { pattern: /\/(pnpm|\.pnpm-store)\/.*dlx/, why: "pnpm dlx's cache" },
  { pattern: /\/bunx-/, why: "bunx's cache" },
  { pattern: /\/\.nvm\/versions\/|\/nvm\/v\d/, why: 'one Node version of nvm, gone when that version is uninstalled' },
  { pattern: /\/fnm_multishells\//, why: "fnm's per-shell link, gone when the shell that made it exits" },
  { pattern: /\/fnm\/node-versions\/|\/\.fnm\/node-versions\//, why: 'one Node version of fnm, gone when that version is uninstalled' },
  { pattern: /\/\.volta\/tools\/image\//, why: 'one Node version of Volta, gone when Volta removes it' },
  { pattern: /\/\.asdf\/installs\/|\/mise\/installs\//, why: 'one version of asdf or mise, gone when that version is uninstalled' },
  { pattern: /^\/tmp\/|^\/var\/tmp\/|\/appdata\/local\/temp\//, why: 'a temporary folder, which the system empties' },
];

/** Why `path` may vanish, or null. `tmpDirs` adds this machine's temporary folders (os.tmpdir()). */
export function volatileReason(path: string, tmpDirs: readonly string[] = []): string | null {
  const p = path.replaceAll('\\', '/').toLowerCase();
  const hit = VOLATILE.find((v) => v.pattern.test(p));
  if (hit) return hit.why;
  const tmp = tmpDirs.map((t) => `${t.replaceAll('\\', '/').toLowerCase().replace(/\/+$/, '')}/`).find((t) => t !== '/' && p.startsWith(t));
  return tmp ? 'a temporary folder, which the system empties' : null;
}
