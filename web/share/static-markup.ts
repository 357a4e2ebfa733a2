// The share viewer's renderToStaticMarkup (vite.share.config.ts puts it where `react-dom/server` is imported): the
// sequence view's SVG export is the one user of the static renderer, and react-dom/server (two renderers, a fifth of
// the viewer) would be carried by every share file for it. Here the element is rendered by the client renderer the page
// already has, into a detached element, and serialized as XML, which is what an SVG file needs.
import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

export function renderToStaticMarkup(element: ReactElement): string {
  const host = document.createElement('div');
  const root = createRoot(host);
  try {
    flushSync(() => root.render(element));
    const serializer = new XMLSerializer();
    return [...host.childNodes].map((n) => serializer.serializeToString(n)).join('');
  } finally {
    root.unmount();
  }
}
