/**
 * The image type of a logo by its own first bytes: PNG or JPEG, nothing else. The uploaded name and
 * the browser's content type are the uploader's word; the signature is the file's. SVG (which can
 * carry script) and every other format answer null, so they are never set or served as a logo.
 */
export function logoImageType(head: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= png.length && png.every((b, i) => head[i] === b)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return null;
}

/** How many first bytes `logoImageType` reads. */
export const LOGO_SIGNATURE_BYTES = 8;
