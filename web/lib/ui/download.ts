// Saves bytes or text as a file through a temporary blob: link, which the page's CSP allows for downloads.

export function downloadBlob(name: string, data: BlobPart, type = 'application/octet-stream'): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later, not now: the click starts the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from a URI's last segment, safe on every OS. */
export function fileNameFor(uri: string, fallback: string): string {
  const last = uri.split(/[/\\]/).filter(Boolean).at(-1) ?? '';
  const clean = last.replace(/[^\w.-]+/g, '_').slice(0, 80);
  return clean && clean !== '_' ? clean : fallback;
}
