// The inside width of an element, kept current as it resizes: the sequence view and the waterfall lay out their SVG to it.
import { useLayoutEffect, useState, type RefObject } from 'react';

/** `fallback` is the width used before the first layout (and when the element is absent). */
export function useClientWidth(ref: RefObject<HTMLElement | null>, fallback: number): number {
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => setWidth(el.clientWidth);
    read();
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
