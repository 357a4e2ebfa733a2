// One-click connect: starts the profile's server, opens it in the inspector, and performs the handshake from this tab.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile } from '../../../shared/profiles/profile.js';
import { queryKeys } from '../../api/query-keys.js';
import { upsertSession } from '../../api/session-cache.js';
import { useConfig } from '../../api/use-config.js';
import { performHandshake } from '../../lib/mcp/perform-handshake.js';
import { useRelay } from '../../lib/relay/relay-context.js';

export function useConnectProfile(onOpen: (sessionId: string) => void) {
  const client = useRelay();
  const config = useConfig();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profile: Pick<Profile, 'id' | 'era'>) => client.http.call('connectProfile', { params: { id: profile.id }, body: { handshake: true } }),
    onSuccess: (session, profile) => {
      upsertSession(queryClient, session);
      void queryClient.invalidateQueries({ queryKey: queryKeys.sessions });
      onOpen(session.id);
      // The inspector subscribes once it shows the session; the handshake waits for that history to arrive.
      // The profile's era decides how: initialize (legacy), server/discover (modern), or a probe then initialize (auto).
      void performHandshake(client, session, config.data?.version ?? '0.0.0', profile.era).catch(() => undefined);
    },
  });
}
