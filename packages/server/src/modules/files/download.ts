import type { IncomingHttpHeaders } from 'node:http';
import type { ByteRange } from '../../platform/files/file-store.ts';

/**
 * The one byte range a download asks for (`Range: bytes=a-b`, `a-` or `-n`), null for the whole file
 * (no Range, several ranges, another unit, or an If-Range that no longer matches), or 'unsatisfiable'
 * when it starts past the end. Devices resume an interrupted firmware download with `bytes=<have>-`.
 */
export function requestedRange(
  headers: IncomingHttpHeaders,
  size: number,
  etag: string,
): ByteRange | null | 'unsatisfiable' {
  const header = headers.range;
  if (!header) return null;
  const ifRange = headers['if-range'];
  if (ifRange !== undefined && ifRange !== etag) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return null;
  return { start, end };
}

/** `attachment` with the file's name, ASCII for old clients and UTF-8 (RFC 6266) for the rest. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const utf8 = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
