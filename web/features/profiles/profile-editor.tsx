// Creates or edits a profile: name, version, era, the target as JSON, and which env vars and headers are secret.
// Secret values show as a placeholder; leaving the placeholder in place keeps the stored value.
import { useState } from 'react';
import { ERAS, ProfileInputSchema, type Era, type Profile } from '../../../shared/profiles/profile.js';
import { useConfig } from '../../api/use-config.js';
import { useCreateProfile, useUpdateProfile } from '../../api/use-profiles.js';
import { profileMaskProblem } from './profile-mask-problem.js';

const list = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

export function ProfileEditor({ profile, onDone }: { profile?: Profile; onDone: () => void }) {
  const config = useConfig();
  const create = useCreateProfile();
  const update = useUpdateProfile();
  const [name, setName] = useState(profile?.name ?? '');
  const [version, setVersion] = useState(profile?.protocolVersion ?? config.data?.defaultProtocolVersion ?? '');
  const [era, setEra] = useState<Era>(profile?.era ?? 'auto');
  const [target, setTarget] = useState(
    JSON.stringify(profile?.target ?? config.data?.defaultTarget ?? { transport: 'stdio', command: '', args: [], env: {} }, null, 2),
  );
  const [secretEnv, setSecretEnv] = useState((profile?.secretEnv ?? []).join(', '));
  const [secretHeaders, setSecretHeaders] = useState((profile?.secretHeaders ?? []).join(', '));
  const [error, setError] = useState<string | null>(null);

  const save = () => {
    let parsedTarget: unknown;
    try {
      parsedTarget = JSON.parse(target);
    } catch (err) {
      return setError(`target: ${err instanceof Error ? err.message : String(err)}`);
    }
    const input = ProfileInputSchema.safeParse({
      name,
      protocolVersion: version,
      era,
      target: parsedTarget,
      secretEnv: list(secretEnv),
      secretHeaders: list(secretHeaders),
    });
    if (!input.success) return setError(input.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    const masked = profileMaskProblem(input.data.target, profile);
    if (masked !== null) return setError(masked);
    setError(null);
    const done = { onSuccess: onDone, onError: (e: Error) => setError(e.message) };
    if (profile) update.mutate({ id: profile.id, input: input.data }, done);
    else create.mutate(input.data, done);
  };

  const field = 'control font-mono';
  return (
    <div className="grid grid-cols-[max-content_1fr] items-center gap-1.5 border-b border-edge bg-panel-2 px-3 py-2" data-testid="profile-editor">
      <span className="text-dim">name</span>
      <input className="control" data-testid="profile-editor-name" value={name} onChange={(e) => setName(e.target.value)} />
      <span className="text-dim">version</span>
      <span className="flex gap-2">
        <select className={field} aria-label="protocol version" value={version} onChange={(e) => setVersion(e.target.value)}>
          {(config.data?.protocolVersions ?? [version]).map((v) => (
            <option key={v}>{v}</option>
          ))}
        </select>
        <select
          className="control"
          aria-label="era"
          value={era}
          onChange={(e) => setEra(e.target.value as Era)}
          title="legacy: initialize; modern: stateless 2026-07-28; auto: probe"
        >
          {ERAS.map((e) => (
            <option key={e}>{e}</option>
          ))}
        </select>
      </span>
      <span className="self-start text-dim">target</span>
      <textarea
        className={`${field} h-32 resize-y`}
        data-testid="profile-editor-target"
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        spellCheck={false}
      />
      <span className="text-dim">secret env</span>
      <input className={field} value={secretEnv} onChange={(e) => setSecretEnv(e.target.value)} placeholder="API_KEY, DB_PASSWORD" />
      <span className="text-dim">secret headers</span>
      <input className={field} value={secretHeaders} onChange={(e) => setSecretHeaders(e.target.value)} placeholder="Authorization" />
      <span />
      <span className="flex items-center gap-2">
        <button type="button" className="btn btn-primary" data-testid="profile-editor-save" onClick={save} disabled={create.isPending || update.isPending}>
          Save
        </button>
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
        {error && (
          <span className="text-red-300" data-testid="profile-editor-error">
            {error}
          </span>
        )}
      </span>
    </div>
  );
}
