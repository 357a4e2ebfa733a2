// The screen shown without a usable token: the only way in is the URL the CLI printed.
export function TokenMissing({ refused }: { refused: boolean }) {
  return (
    <div className="flex h-full items-center justify-center" data-testid="token-missing">
      <div className="max-w-lg rounded border border-edge bg-panel p-6 leading-relaxed">
        <h1 className="mb-2 text-base font-semibold">mcpscope</h1>
        <p className="mb-3">
          {refused
            ? 'The relay refused this page’s access token: it was probably restarted with a new one.'
            : 'This page needs the access token the relay printed when it started.'}
        </p>
        <p className="mb-1">Open the URL printed by mcpscope in your terminal. It looks like:</p>
        <pre className="rounded bg-black/40 p-2 font-mono text-dim">http://127.0.0.1:7410/#token=…</pre>
        <p className="mt-3 text-dim">The token guards the relay: anyone with it can start processes on this machine through it.</p>
      </div>
    </div>
  );
}
