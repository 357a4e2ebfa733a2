// Saved server profiles: list, save, delete, import from mcp.json files; connecting lives with the profiles feature.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfileInput } from '../../shared/profiles/profile.js';
import { useRelay } from '../lib/relay/relay-context.js';
import { archiveKeys } from './archive-keys.js';

export function useProfiles() {
  const { http } = useRelay();
  return useQuery({ queryKey: archiveKeys.profiles, queryFn: () => http.call('profiles'), staleTime: 10_000 });
}

function useProfileMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: archiveKeys.profiles }) });
}

export function useCreateProfile() {
  const { http } = useRelay();
  return useProfileMutation((input: ProfileInput) => http.call('createProfile', { body: input }));
}

export function useUpdateProfile() {
  const { http } = useRelay();
  return useProfileMutation(({ id, input }: { id: string; input: ProfileInput }) => http.call('updateProfile', { params: { id }, body: input }));
}

export function useDeleteProfile() {
  const { http } = useRelay();
  return useProfileMutation((id: string) => http.call('deleteProfile', { params: { id } }));
}

export function useImportProfiles() {
  const { http } = useRelay();
  return useProfileMutation((text: string) => http.call('importProfiles', { body: { text } }));
}

/** Saves the connection a session was started with as a new profile, every env value and header marked secret. */
export function useSaveSessionAsProfile() {
  const { http } = useRelay();
  return useProfileMutation((sessionId: string) => http.call('saveSessionAsProfile', { params: { id: sessionId }, body: {} }));
}
