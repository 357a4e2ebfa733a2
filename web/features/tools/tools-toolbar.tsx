// The Tools tab's toolbar: search, how many tools in how many pages, refresh, and the export toggle.
interface Props {
  search: string;
  onSearch: (value: string) => void;
  count: number;
  pages: number;
  fetching: boolean;
  onRefresh: () => void;
  canRefresh: boolean;
  exportOpen: boolean;
  onToggleExport: () => void;
}

export function ToolsToolbar(p: Props) {
  return (
    <div className="flex shrink-0 items-center gap-2 border-b border-edge px-3 py-1.5">
      <input data-testid="tool-search" className="control w-40" placeholder="search tools" value={p.search} onChange={(e) => p.onSearch(e.target.value)} />
      <span data-testid="tool-count" className="text-dim">
        {p.count} tool{p.count === 1 ? '' : 's'}
        {p.pages > 1 && ` in ${p.pages} pages`}
        {p.fetching && ' · loading…'}
      </span>
      <button
        type="button"
        data-testid="tools-refresh"
        className="btn ml-auto"
        disabled={!p.canRefresh || p.fetching}
        onClick={p.onRefresh}
        title="tools/list again (also done on notifications/tools/list_changed)"
      >
        Refresh
      </button>
      <button type="button" data-testid="tools-export" aria-pressed={p.exportOpen} className="btn" disabled={p.count === 0} onClick={p.onToggleExport}>
        Export
      </button>
    </div>
  );
}
