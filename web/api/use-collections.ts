// The relay's collections (saved calls with assertions): list, read, save, delete, and a call saved as a new step.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Assertion, Collection, StoredCollection } from '../../shared/collections/collection-schema.js';
import { useRelay } from '../lib/relay/relay-context.js';
import { archiveKeys } from './archive-keys.js';

export function useCollections() {
  const { http } = useRelay();
  return useQuery({ queryKey: archiveKeys.collections, queryFn: () => http.call('collections'), staleTime: 5_000 });
}

export function useCollection(id: string | null) {
  const { http } = useRelay();
  return useQuery({ queryKey: archiveKeys.collection(id ?? ''), queryFn: () => http.call('collection', { params: { id: id! } }), enabled: id !== null });
}

function useCollectionMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void queryClient.invalidateQueries({ queryKey: archiveKeys.collections }) });
}

export function useCreateCollection() {
  const { http } = useRelay();
  return useCollectionMutation((c: Collection) => http.call('createCollection', { body: c }));
}

export function useUpdateCollection() {
  const { http } = useRelay();
  return useCollectionMutation(({ id, collection }: { id: string; collection: Collection }) =>
    http.call('updateCollection', { params: { id }, body: collection }),
  );
}

export function useDeleteCollection() {
  const { http } = useRelay();
  return useCollectionMutation((id: string) => http.call('deleteCollection', { params: { id } }));
}

/** A step name from a method and a tool name, unique among `taken`: `tools-call-echo`, then `tools-call-echo-2`… */
function stepName(method: string, params: unknown, taken: readonly string[]): string {
  const tool = method === 'tools/call' && params !== null && typeof params === 'object' ? (params as { name?: unknown }).name : undefined;
  const base =
    `${method}${typeof tool === 'string' ? `-${tool}` : ''}`
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 56) || 'step';
  let name = base;
  for (let n = 2; taken.includes(name); n++) name = `${base}-${n}`;
  return name;
}

export interface SavedCall {
  method: string;
  params?: unknown;
  assert?: Assertion[];
}

/** Appends a call as a step to the collection `id`, or to a new collection of that name when `id` is null. */
export function useSaveCall() {
  const { http } = useRelay();
  return useCollectionMutation(async ({ id, newName, call }: { id: string | null; newName: string; call: SavedCall }): Promise<StoredCollection> => {
    const step = (taken: string[]) => ({
      name: stepName(call.method, call.params, taken),
      method: call.method,
      ...(call.params === undefined ? {} : { params: call.params }),
      assert: call.assert ?? [],
    });
    if (id === null) return http.call('createCollection', { body: { version: 1, name: newName, steps: [step([])] } });
    const { collection } = await http.call('collection', { params: { id } });
    return http.call('updateCollection', { params: { id }, body: { ...collection, steps: [...collection.steps, step(collection.steps.map((s) => s.name))] } });
  });
}
