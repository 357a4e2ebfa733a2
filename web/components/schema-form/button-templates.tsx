// Text buttons for RJSF's array and map controls: the stock theme draws Bootstrap glyphicons, which this page does not load.
import type { IconButtonProps, SubmitButtonProps } from '@rjsf/utils';

type Props = IconButtonProps & { label: string; danger?: boolean };

function TextButton({ label, danger, icon: _icon, iconType: _iconType, uiSchema: _ui, registry: _registry, className, ...rest }: Props) {
  return (
    <button type="button" {...rest} className={`btn px-1.5 py-0 text-[11px] leading-5 ${danger ? 'hover:!bg-red-900' : ''} ${className ?? ''}`}>
      {label}
    </button>
  );
}

export function AddButton(props: IconButtonProps) {
  return <TextButton title="add" {...props} label="+ add" />;
}
export function RemoveButton(props: IconButtonProps) {
  return <TextButton title="remove" {...props} label="✕" danger />;
}
export function MoveUpButton(props: IconButtonProps) {
  return <TextButton title="move up" {...props} label="↑" />;
}
export function MoveDownButton(props: IconButtonProps) {
  return <TextButton title="move down" {...props} label="↓" />;
}
export function CopyButton(props: IconButtonProps) {
  return <TextButton title="duplicate" {...props} label="⧉" />;
}
export function ClearButton(props: IconButtonProps) {
  return <TextButton title="clear" {...props} label="clear" />;
}

/** The panels send with their own buttons (Call, Send anyway), so the form has none. */
export function SubmitButton(_props: SubmitButtonProps) {
  return null;
}
