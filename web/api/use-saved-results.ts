// The lab's last results for a session under test, as the relay keeps them: the Conformance tab's report and the fault
// lab's runs and connection choices, read once when the panel opens (a reload brings them back) and saved by the lab.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FaultLabState } from '../../shared/panel-results.js';
import { useRelay } from '../lib/relay/relay-context.js';

const keys = {
  check: (sessionId: string) => ['saved-results', sessionId, 'conformance'] as const,
  faultLab: (sessionId: string) => ['saved-results', sessionId, 'fault-lab'] as const,
};

export function useSavedCheck(sessionId: string) {
  const { http } = useRelay();
  // Read once: the page's own run replaces what was saved, and the relay saves that run itself.
  return useQuery({ queryKey: keys.check(sessionId), queryFn: () => http.call('savedCheck', { params: { id: sessionId } }), staleTime: Infinity });
}

export function useSavedFaultLab(sessionId: string) {
  const { http } = useRelay();
  return useQuery({ queryKey: keys.faultLab(sessionId), queryFn: () => http.call('savedFaultLab', { params: { id: sessionId } }), staleTime: Infinity });
}

export function useSaveFaultLab(sessionId: string) {
  const { http } = useRelay();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (state: FaultLabState) => http.call('saveFaultLab', { params: { id: sessionId }, body: state }),
    // What was saved is what a remount of the panel should start from.
    onSuccess: (_r, state) => client.setQueryData(keys.faultLab(sessionId), { state, savedAt: Date.now() }),
  });
}
