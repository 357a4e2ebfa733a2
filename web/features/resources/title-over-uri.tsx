// A resource or template row's text, readable in a narrow list: its title (or name) over its URI, each cut to one line,
// the URI whole in its tooltip.
export function TitleOverUri({ item, uri }: { item: Record<string, unknown>; uri: string }) {
  return (
    <span className="flex min-w-0 flex-1 flex-col">
      <span className="truncate">{typeof item.title === 'string' ? item.title : String(item.name ?? '')}</span>
      <span className="truncate font-mono text-[11px] text-dim" title={uri}>
        {uri}
      </span>
    </span>
  );
}
