// A panel's item list beside its form, as the official Inspector lays them out: the list at the panel's full height on
// the left (two fifths), the form and its result in the column on the right; stacked (list on top) when the panel is
// narrow. The switch is a container query on the panel's own width, not the window's: the panes are resizable.
import type { ReactNode } from 'react';

interface Props {
  /** Prefix of the two columns' test ids: `${testId}-list`, `${testId}-form`. */
  testId: string;
  list: ReactNode;
  children: ReactNode;
}

export function ListFormSplit({ testId, list, children }: Props) {
  return (
    <div className="@container flex min-h-0 flex-1 flex-col">
      <div className="flex min-h-0 flex-1 flex-col @xl:flex-row">
        <div
          data-testid={`${testId}-list`}
          className="max-h-[38%] shrink-0 overflow-auto border-b border-edge @xl:max-h-none @xl:w-[45%] @xl:border-r @xl:border-b-0"
        >
          {list}
        </div>
        <div data-testid={`${testId}-form`} className="min-h-0 min-w-0 flex-1 overflow-auto">
          {children}
        </div>
      </div>
    </div>
  );
}
