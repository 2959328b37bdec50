/**
 * Recognises an uploaded image by its first bytes (its "magic number"), never by the file name or
 * the type the client declared: only these four raster formats are accepted, so no HTML, SVG or
 * script can ever be stored and served back as a banner.
 */
export interface ImageKind {
  contentType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
  ext: 'png' | 'jpg' | 'webp' | 'gif';
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, sig: number[], at = 0) =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function detectImage(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, PNG)) return { contentType: 'image/png', ext: 'png' };
  if (startsWith(bytes, JPEG)) return { contentType: 'image/jpeg', ext: 'jpg' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')))
    return { contentType: 'image/gif', ext: 'gif' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { contentType: 'image/webp', ext: 'webp' };
  return null;
}
