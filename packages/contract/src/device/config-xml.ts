/**
 * The configuration XML of core §3 ("Device config"), read and written without loss: elements,
 * attributes in their order, text and the white space between elements all survive a parse and a
 * render, so a document parsed and rendered again has the same bytes and the same checksum. The
 * subset is what routers send: a prolog, elements, double- or single-quoted attributes, text and the
 * five predefined entities. Comments, CDATA, doctypes and processing instructions inside the document
 * are refused (null), as a device never sends them and a parser that skipped them could not give the
 * same bytes back.
 */

export interface XmlElement {
  name: string;
  attrs: [string, string][];
  children: XmlNode[];
  /** Written `<x/>` rather than `<x></x>`: kept so the bytes come back the same. */
  selfClosing?: boolean;
}
export type XmlNode = XmlElement | string;

export interface XmlDocument {
  /** Everything before the root element (the `<?xml …?>` prolog and the line break after it). */
  prolog: string;
  root: XmlElement;
  /** What follows the root (a final line break). */
  epilogue: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*/;
/** Deeper nesting than any configuration has is refused instead of recursing without end. */
const MAX_DEPTH = 64;

function decode(text: string): string | null {
  let ok = true;
  const out = text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);|&/g, (whole, entity: string | undefined) => {
    if (!entity) {
      ok = false;
      return whole;
    }
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    const known = ENTITIES[entity];
    if (known === undefined) ok = false;
    return known ?? whole;
  });
  return ok ? out : null;
}

export function escapeXmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function escapeXmlAttr(text: string): string {
  return escapeXmlText(text).replace(/"/g, '&quot;');
}

class Reader {
  at = 0;
  constructor(readonly text: string) {}

  element(depth: number): XmlElement | null {
    if (depth > MAX_DEPTH || this.text[this.at] !== '<') return null;
    this.at++;
    const name = NAME.exec(this.text.slice(this.at))?.[0];
    if (!name) return null;
    this.at += name.length;
    const attrs: [string, string][] = [];
    for (;;) {
      const space = /^\s*/.exec(this.text.slice(this.at))?.[0] ?? '';
      this.at += space.length;
      if (this.text.startsWith('/>', this.at)) {
        this.at += 2;
        return { name, attrs, children: [], selfClosing: true };
      }
      if (this.text[this.at] === '>') {
        this.at++;
        break;
      }
      if (space === '') return null;
      const attr = NAME.exec(this.text.slice(this.at))?.[0];
      if (!attr) return null;
      this.at += attr.length;
      const quoted = /^\s*=\s*("([^"<]*)"|'([^'<]*)')/.exec(this.text.slice(this.at));
      if (!quoted) return null;
      this.at += quoted[0].length;
      const value = decode(quoted[2] ?? quoted[3] ?? '');
      if (value === null || attrs.some(([seen]) => seen === attr)) return null;
      attrs.push([attr, value]);
    }
    const children: XmlNode[] = [];
    for (;;) {
      const next = this.text.indexOf('<', this.at);
      if (next < 0) return null;
      if (next > this.at) {
        const text = decode(this.text.slice(this.at, next));
        if (text === null) return null;
        children.push(text);
        this.at = next;
      }
      if (this.text.startsWith('</', this.at)) {
        const close = `</${name}>`;
        if (!this.text.startsWith(close, this.at)) return null;
        this.at += close.length;
        return { name, attrs, children };
      }
      if (/^<[!?]/.test(this.text.slice(this.at, this.at + 2))) return null;
      const child = this.element(depth + 1);
      if (!child) return null;
      children.push(child);
    }
  }
}

/** Parses a configuration document; null when it is not well-formed in the subset above. */
export function parseXmlDocument(text: string): XmlDocument | null {
  const prolog = /^(\uFEFF?<\?xml\b[^?]*\?>)?\s*/.exec(text)?.[0] ?? '';
  const reader = new Reader(text);
  reader.at = prolog.length;
  const root = reader.element(0);
  if (!root) return null;
  const epilogue = text.slice(reader.at);
  if (epilogue.trim() !== '') return null;
  return { prolog, root, epilogue };
}

export function renderXmlElement(element: XmlElement): string {
  const attrs = element.attrs.map(([name, value]) => ` ${name}="${escapeXmlAttr(value)}"`).join('');
  if (element.selfClosing && element.children.length === 0) return `<${element.name}${attrs}/>`;
  const body = element.children
    .map((child) => (typeof child === 'string' ? escapeXmlText(child) : renderXmlElement(child)))
    .join('');
  return `<${element.name}${attrs}>${body}</${element.name}>`;
}

export function renderXmlDocument(document: XmlDocument): string {
  return `${document.prolog}${renderXmlElement(document.root)}${document.epilogue}`;
}

/** The element children of an element, without the white space between them. */
export function childElements(element: XmlElement): XmlElement[] {
  return element.children.filter((child): child is XmlElement => typeof child !== 'string');
}

export function attrOf(element: XmlElement, name: string): string | undefined {
  return element.attrs.find(([key]) => key === name)?.[1];
}

/** The text of an element holding only text (`<ipaddr>10.0.0.1</ipaddr>` → "10.0.0.1"). */
export function textOf(element: XmlElement): string {
  return element.children.filter((child): child is string => typeof child === 'string').join('');
}
