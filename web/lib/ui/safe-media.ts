// Which server-supplied URLs may be loaded as media, and data URLs built only from well-formed MIME types and base64.

/** Icons may come from the web or inline; anything else (javascript:, file:, blob: of another origin…) is dropped. */
export function safeImageSrc(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (/^data:image\/[\w.+-]+(;[\w=.+-]+)*(;base64)?,/i.test(value)) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/** `data:<mime>;base64,<data>` when the MIME type is of the expected kind (image, audio) and the data looks like base64. */
export function mediaDataUrl(kind: 'image' | 'audio', mimeType: unknown, data: unknown): string | null {
  if (typeof mimeType !== 'string' || typeof data !== 'string') return null;
  if (!new RegExp(`^${kind}/[\\w.+-]+$`, 'i').test(mimeType) || !BASE64.test(data)) return null;
  return `data:${mimeType};base64,${data.replace(/\s+/g, '')}`;
}

/** Decodes base64 to bytes, or null when it is not base64. */
export function base64Bytes(data: string): Uint8Array<ArrayBuffer> | null {
  try {
    const binary = atob(data.replace(/\s+/g, ''));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}
