import mammoth from 'mammoth';
import type { Files } from '../../platform/files/files.ts';

/**
 * Terms and conditions (.docx) as HTML (issue 21): `mammoth` turns the document into plain semantic
 * HTML, then only an allow-list of its tags and attributes is kept, so nothing a document carries can
 * run where it is shown (issue 11: stored script cannot run). Links keep http, https and mailto only;
 * images are left out (the splash page loads nothing from elsewhere).
 */

const TAGS = new Set([
  'p',
  'br',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sup',
  'sub',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'blockquote',
  'a',
]);
const VOID = new Set(['br']);

const escapeAttr = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const decodeEntities = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCodePoint(Number.parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function safeHref(value: string): string | null {
  const href = decodeEntities(value).trim();
  if (/^(https?:|mailto:)/i.test(href)) return href;
  if (/^#[A-Za-z0-9_-]*$/.test(href)) return href;
  return null;
}

/** Keeps the allowed tags with their allowed attributes; every other tag goes, its text stays. */
export function sanitizeTermsHtml(html: string): string {
  const open: string[] = [];
  let out = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(
      /<(\/?)([A-Za-z][A-Za-z0-9]*)([^>]*)>/g,
      (_, slash: string, rawName: string, rawAttrs: string) => {
        const name = rawName.toLowerCase();
        if (!TAGS.has(name)) return '';
        if (slash) {
          const at = open.lastIndexOf(name);
          if (at < 0) return '';
          const closing = open.splice(at).reverse();
          return closing.map((t) => `</${t}>`).join('');
        }
        const attrs: string[] = [];
        for (const [, key, , dq, sq] of rawAttrs.matchAll(/([A-Za-z-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
          const value = dq ?? sq ?? '';
          const attr = key!.toLowerCase();
          if (name === 'a' && attr === 'href') {
            const href = safeHref(value);
            if (href)
              attrs.push(`href="${escapeAttr(href)}"`, 'rel="noopener noreferrer"', 'target="_blank"');
          } else if ((name === 'td' || name === 'th') && (attr === 'colspan' || attr === 'rowspan')) {
            if (/^\d{1,3}$/.test(value)) attrs.push(`${attr}="${value}"`);
          }
        }
        if (!VOID.has(name)) open.push(name);
        return `<${name}${attrs.length ? ` ${attrs.join(' ')}` : ''}>`;
      },
    );
  // A stray "<" or ">" left in text cannot open a tag now, but is escaped all the same.
  out = out.replace(/<(?!\/?[a-z0-9]+[ >])/g, '&lt;');
  return (
    out +
    open
      .reverse()
      .map((t) => `</${t}>`)
      .join('')
  );
}

/** The document's HTML, sanitized; '' for bytes that are no readable .docx. */
export async function termsHtml(docx: Buffer): Promise<string> {
  try {
    const result = await mammoth.convertToHtml(
      { buffer: docx },
      { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
    );
    return sanitizeTermsHtml(result.value);
  } catch {
    return '';
  }
}

/** Converted terms kept per node: a stored file never changes (a new upload is a new file). */
const CONVERTED_KEPT = 64;
const converted = new Map<string, Promise<string>>();

/**
 * The terms of a stored file as sanitized HTML, converted once per node: the public splash page shows
 * them to every visitor, and a .docx conversion costs far more than a page (anyone who knows a
 * router's SN could otherwise keep the server converting). `key` names the file (its id and hash).
 */
export function storedTermsHtml(key: string, read: () => Promise<Buffer>): Promise<string> {
  const kept = converted.get(key);
  if (kept) {
    // Most recently used last, so the oldest is the one dropped.
    converted.delete(key);
    converted.set(key, kept);
    return kept;
  }
  const html = read().then(termsHtml, () => '');
  converted.set(key, html);
  if (converted.size > CONVERTED_KEPT) converted.delete(converted.keys().next().value as string);
  return html;
}

/** The bytes of a stored file (a terms .docx is at most 2 MB). */
export async function readStored(files: Files, key: string): Promise<Buffer> {
  const opened = await files.store.open(key);
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
