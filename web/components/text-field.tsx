// One named text box of a settings row: its accessible name, test id, value and change handler in one place (the Chat
// tab's model settings and the target form's OAuth options repeated the same seven attributes for every field).
interface Props {
  /** The accessible name (aria-label): these rows have no visible labels, the placeholder says what goes in. */
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  className: string;
  placeholder?: string;
  title?: string;
  /** A key or a secret: a password field the browser does not offer to fill. */
  secret?: boolean;
  /** An identifier, a URL or a path: no spelling underlines. */
  verbatim?: boolean;
}

export function TextField({ label, testId, value, onChange, className, placeholder, title, secret = false, verbatim = false }: Props) {
  return (
    <input
      aria-label={label}
      data-testid={testId}
      className={className}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={placeholder}
      title={title}
      {...(secret ? { type: 'password', autoComplete: 'off' } : {})}
      {...(verbatim ? { spellCheck: false } : {})}
    />
  );
}
