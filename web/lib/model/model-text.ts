// Pieces of a model reply streaming in over the socket, handed to whoever waits on that model request (the Chat tab).
type Listener = (delta: string) => void;

const listeners = new Map<string, Listener>();

export const modelText = {
  /** Hears the request's pieces until the returned function is called. */
  listen(requestId: string, fn: Listener): () => void {
    listeners.set(requestId, fn);
    return () => {
      if (listeners.get(requestId) === fn) listeners.delete(requestId);
    };
  },
  emit(requestId: string, delta: string): void {
    listeners.get(requestId)?.(delta);
  },
};
