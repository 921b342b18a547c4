/**
 * Pixel size from an image's first bytes (PNG, JPEG, GIF): enough to check a logo or banner
 * without an image library. Null when the bytes are none of these or are cut short.
 */
export function imageSize(bytes: Buffer): { width: number; height: number } | null {
  // PNG: signature, then the IHDR chunk with width and height as big-endian 32-bit numbers.
  if (
    bytes.length >= 24 &&
    bytes.readUInt32BE(0) === 0x89504e47 &&
    bytes.toString('ascii', 12, 16) === 'IHDR'
  )
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  // GIF87a / GIF89a: logical screen width and height, little-endian 16-bit.
  if (bytes.length >= 10 && bytes.toString('ascii', 0, 3) === 'GIF')
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  return null;
}

/** Walks the JPEG segments to the first start-of-frame marker (SOF0-SOF15 but DHT, JPG, DAC). */
function jpegSize(bytes: Buffer): { width: number; height: number } | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  return null;
}
