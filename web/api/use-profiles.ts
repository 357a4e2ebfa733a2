// Saved server profiles: list, save, delete, import from mcp.json files; connecting lives with the profiles feature.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '../../shared/profiles/profile.js';
import { useRelay } from '../lib/relay/relay-context.js';
import { archiveKeys } from './archive-keys.js';

export function useProfiles() {
  const { archive } = useRelay();
  return useQuery({ queryKey: archiveKeys.profiles, queryFn: archive.profiles, staleTime: 10_000 });
}

function useProfileMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: archiveKeys.profiles }) });
}

export function useCreateProfile() {
  const { archive } = useRelay();
  return useProfileMutation((input: ProfileInput) => archive.createProfile(input));
}

export function useUpdateProfile() {
  const { archive } = useRelay();
  return useProfileMutation(({ id, input }: { id: string; input: ProfileInput }) => archive.updateProfile(id, input));
}

export function useDeleteProfile() {
  const { archive } = useRelay();
  return useProfileMutation((id: string) => archive.deleteProfile(id));
}

export function useImportProfiles() {
  const { archive } = useRelay();
  return useProfileMutation((text: string) => archive.importProfiles(text));
}

/** Saves the connection a session was started with as a new profile, every env value and header marked secret. */
export function useSaveSessionAsProfile() {
  const { archive } = useRelay();
  return useProfileMutation((sessionId: string) => archive.saveSessionAsProfile(sessionId));
}
