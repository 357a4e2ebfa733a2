// The draggable line between two panes: one pixel drawn, a wider target to grab, keyboard-resizable (arrows) when focused.
import { Separator } from 'react-resizable-panels';

interface Props {
  /** The separator's own axis: a vertical line splits columns, a horizontal one splits rows. */
  line: 'vertical' | 'horizontal';
  testId: string;
  label: string;
}

export function PaneSeparator({ line, testId, label }: Props) {
  const shape = line === 'vertical' ? 'w-px' : 'h-px';
  return (
    <Separator
      data-testid={testId}
      aria-label={label}
      className={`${shape} shrink-0 bg-edge outline-none transition-colors data-[separator=active]:bg-blue-500 data-[separator=focus]:bg-blue-500 data-[separator=hover]:bg-blue-500/70`}
    />
  );
}
