// Says a panel's list was not asked for because the server did not declare the capability, with a button that asks
// anyway: the user's own request, sent knowing the server may answer -32601.
interface Props {
  /** What is missing, as `undeclared()` words it ("server capability \"prompts\""). */
  missing: string;
  /** What the button lists: "tools/list", "resources/list and resources/templates/list". */
  what: string;
  onListAnyway: () => void;
  disabled?: boolean;
}

export function UndeclaredNote({ missing, what, onListAnyway, disabled }: Props) {
  return (
    <p data-testid="undeclared-note" className="flex flex-wrap items-center gap-2 p-3 text-dim">
      <span>
        The server did not declare the {missing.replace(/^server /, '')}, so mcpscope did not ask for {what}.
      </span>
      <button
        type="button"
        data-testid="list-anyway"
        className="btn"
        disabled={disabled}
        onClick={onListAnyway}
        title={`send ${what} anyway: your request, and the server may answer -32601`}
      >
        List anyway
      </button>
    </p>
  );
}
