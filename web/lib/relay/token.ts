// Finds the relay's access token: from the URL fragment once (then hidden from the address bar), else this tab's storage.
const STORAGE_KEY = 'mcpscope.token';

/**
 * The fragment never reaches the server or its logs; moving the token into sessionStorage keeps reloads working
 * while the address bar (and anything copied from it, screenshots included) no longer shows it.
 */
export function takeToken(): string | null {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const fromUrl = params.get('token');
  if (fromUrl) {
    sessionStorage.setItem(STORAGE_KEY, fromUrl);
    params.delete('token');
    const rest = params.toString();
    const url = window.location.pathname + window.location.search + (rest ? `#${rest}` : '');
    window.history.replaceState(window.history.state, '', url);
    return fromUrl;
  }
  return sessionStorage.getItem(STORAGE_KEY);
}

/** Drops a token the relay refused, so the next load shows how to get a fresh one. */
export function forgetToken(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}
