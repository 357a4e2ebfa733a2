// A button that opens a file picker, and an area that takes a dropped file: the two ways to hand the page a file.
import { useRef, useState, type ReactNode } from 'react';

interface Props {
  /** Shown on the button. */
  label: string;
  accept?: string;
  onFile: (file: File) => void;
  disabled?: boolean;
  testId: string;
  /** What the drop area wraps; the whole area takes drops. */
  children?: ReactNode;
  className?: string;
}

export function FileDropZone({ label, accept, onFile, disabled, testId, children, className = '' }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file && !disabled) onFile(file);
  };
  return (
    <div
      data-testid={`${testId}-drop`}
      className={`${className} ${over ? 'outline-2 outline-dashed outline-sky-500' : ''}`}
      onDragOver={(e) => {
        if (!e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        take(e.dataTransfer.files);
      }}
    >
      <button type="button" className="btn" disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </button>
      <input
        ref={input}
        type="file"
        data-testid={`${testId}-input`}
        className="hidden"
        accept={accept}
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
      {children}
    </div>
  );
}
