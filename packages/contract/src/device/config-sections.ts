import { z } from 'zod';
import { isIPv4 } from '../rules/numbers.ts';
import type { ConfigMenuGroup } from './config-menu.ts';
import {
  attrOf,
  childElements,
  parseXmlDocument,
  renderXmlDocument,
  textOf,
  type XmlDocument,
  type XmlElement,
  type XmlNode,
} from './config-xml.ts';

/**
 * One schema per configuration section (issue 15), written once: its fields, their types and ranges,
 * and where each sits in the configuration XML (an attribute of the section's element, the text of a
 * child element, a child element of its own, or a repeated child). The server validates change-sets
 * with it, the console draws forms from it, and the simulator writes the same XML. A section whose XML
 * holds something its schema does not know (a newer firmware's field) is kept as it came, read-only,
 * so nothing a device sent is ever dropped or rewritten.
 */

export interface ScalarField {
  kind: 'scalar';
  /** How a form shows it: a switch, a number, a choice of `options`, or text. */
  input: 'switch' | 'number' | 'select' | 'text';
  options?: readonly string[];
  schema: z.ZodType;
  /** The XML text to the value the schema checks (a bad text passes through for the schema to refuse). */
  read(raw: string): unknown;
  write(value: unknown): string;
}

export interface ElementShape {
  attrs: Record<string, ScalarField>;
  children: Record<string, ChildShape>;
}

export type ChildShape =
  | { kind: 'element'; shape: ElementShape }
  | { kind: 'text'; field: ScalarField }
  | { kind: 'list'; item: ElementShape | ScalarField };

const scalar = (
  input: ScalarField['input'],
  schema: z.ZodType,
  read: (raw: string) => unknown = (raw) => raw,
  options?: readonly string[],
): ScalarField => ({
  kind: 'scalar',
  input,
  ...(options ? { options } : {}),
  schema,
  read,
  write: (value) => String(value),
});

/** Configuration values as a router's own web interface bounds them. */
export const configField = {
  text: (max: number, min = 0) => scalar('text', z.string().min(min).max(max)),
  pattern: (re: RegExp) => scalar('text', z.string().regex(re)),
  bool: () =>
    scalar('switch', z.boolean(), (raw) => {
      if (raw === 'true') return true;
      if (raw === 'false') return false;
      return raw;
    }),
  int: (min: number, max: number) =>
    scalar('number', z.number().int().min(min).max(max), (raw) =>
      /^-?\d{1,15}$/.test(raw) ? Number(raw) : raw,
    ),
  ipv4: () => scalar('text', z.string().refine(isIPv4)),
  /** An IPv4 address or nothing (a remote syslog server left empty). */
  optionalIpv4OrHost: () =>
    scalar(
      'text',
      z
        .string()
        .max(253)
        .regex(/^[A-Za-z0-9.-]*$/),
    ),
  choice: <const T extends readonly [string, ...string[]]>(values: T) =>
    scalar('select', z.enum(values), undefined, values),
};

const f = configField;
const element = (
  attrs: Record<string, ScalarField> = {},
  children: Record<string, ChildShape> = {},
): ElementShape => ({
  attrs,
  children,
});
const child = (shape: ElementShape): ChildShape => ({ kind: 'element', shape });
const text = (field: ScalarField): ChildShape => ({ kind: 'text', field });
const list = (item: ElementShape | ScalarField): ChildShape => ({ kind: 'list', item });
const isScalar = (item: ElementShape | ScalarField): item is ScalarField => 'kind' in item;
const enabledOnly = () => element({ enabled: f.bool() });

export interface ConfigSectionDef {
  group: ConfigMenuGroup;
  /** The section's key: the menu item of core §2 and the element's name (`euridis` for euridis_port). */
  key: string;
  element: string;
  shape: ElementShape;
}

const section = (group: ConfigMenuGroup, key: string, shape: ElementShape, name = key): ConfigSectionDef => ({
  group,
  key,
  element: name,
  shape,
});

const HOUR_LEASE = /^\d{1,4}[mhd]$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

export const CONFIG_SECTIONS: readonly ConfigSectionDef[] = [
  section(
    'interface',
    'link_manager',
    element(
      {},
      {
        primary: text(f.text(32, 1)),
        backup: text(f.text(32, 1)),
        ping_detection: child(
          element({ host: f.optionalIpv4OrHost(), interval: f.int(10, 3600), retries: f.int(1, 10) }),
        ),
      },
    ),
  ),
  section(
    'interface',
    'lan',
    element(
      {},
      {
        ipaddr: text(f.ipv4()),
        netmask: text(f.ipv4()),
        dhcp: child(
          element({
            enabled: f.bool(),
            start: f.ipv4(),
            limit: f.int(1, 65535),
            lease: f.pattern(HOUR_LEASE),
          }),
        ),
      },
    ),
  ),
  section(
    'interface',
    'ethernet',
    element(
      {},
      {
        port: list(
          element({
            name: f.pattern(/^eth\d{1,2}$/),
            role: f.choice(['wan', 'lan']),
            speed: f.choice(['auto', '10', '100', '1000']),
          }),
        ),
      },
    ),
  ),
  section(
    'interface',
    'cellular',
    element(
      { enabled: f.bool() },
      {
        sim: list(
          element(
            { slot: f.int(1, 2) },
            {
              apn: text(f.text(63)),
              auth: text(f.choice(['none', 'pap', 'chap', 'auto'])),
              pin: text(f.pattern(/^(\d{4,8})?$/)),
            },
          ),
        ),
        network_type: text(f.choice(['auto', 'auto-5g', '5g', '4g', '3g'])),
      },
    ),
  ),
  section(
    'interface',
    'wifi',
    element(
      { mode: f.choice(['ap', 'client']), enabled: f.bool() },
      {
        ssid: text(f.text(32, 1)),
        encryption: text(f.choice(['none', 'psk', 'psk2', 'psk-mixed', 'sae'])),
        key: text(f.text(63, 8)),
        bands: text(f.pattern(/^((2\.4GHz|5GHz)(,(2\.4GHz|5GHz))?)?$/)),
      },
    ),
  ),
  section('interface', 'usb', enabledOnly()),
  section('interface', 'dido', element({ inputs: f.int(0, 16), outputs: f.int(0, 16) })),
  section('interface', 'ai', element({ channels: f.int(0, 8), range: f.choice(['4-20mA', '0-10V']) })),
  section(
    'interface',
    'serial_port',
    element(
      {},
      {
        port: list(
          element({
            id: f.int(1, 8),
            mode: f.choice(['rs232', 'rs485', 'rs422']),
            baud: f.int(300, 921600),
            data_bits: f.int(5, 8),
            parity: f.choice(['none', 'even', 'odd']),
            stop_bits: f.int(1, 2),
          }),
        ),
      },
    ),
  ),
  section('interface', 'euridis_port', enabledOnly(), 'euridis'),
  section('interface', 'mbus_port', element({ enabled: f.bool(), baud: f.int(300, 38400) }), 'mbus'),
  section('network', 'route', element()),
  section('network', 'firewall', element({ wan_ping: f.bool(), dos_protection: f.bool() })),
  section('network', 'ip_passthrough', enabledOnly()),
  section('network', 'pppoe_bridge', enabledOnly()),
  section('vpn', 'ipsec', element()),
  section('vpn', 'wireguard', element()),
  section('vpn', 'openvpn', element()),
  section('vpn', 'gre', element()),
  section(
    'services',
    'syslog',
    element({
      enabled: f.bool(),
      level: f.choice(['debug', 'info', 'notice', 'warning', 'err', 'crit']),
      remote: f.optionalIpv4OrHost(),
    }),
  ),
  section('services', 'event', element({ notify_on: f.pattern(/^[a-z_]+(,[a-z_]+)*$|^$/) })),
  section(
    'services',
    'ntp',
    element({ enabled: f.bool(), timezone: f.text(64, 1) }, { server: list(f.optionalIpv4OrHost()) }),
  ),
  section('services', 'sms', enabledOnly()),
  section('services', 'email', enabledOnly()),
  section('services', 'ddns', enabledOnly()),
  section('services', 'ssh', element({ enabled: f.bool(), port: f.int(1, 65535) })),
  section('services', 'gps', element({ enabled: f.bool(), report_interval: f.int(1, 86400) })),
  section('services', 'telephone', enabledOnly()),
  section('services', 'web_server', element({ http_port: f.int(1, 65535), https_port: f.int(1, 65535) })),
  section('services', 'reboot', element({ auto: f.bool(), time: f.pattern(TIME_OF_DAY) })),
  section(
    'services',
    'system',
    element({ language: f.choice(['en', 'cn']) }, { hostname: text(f.pattern(/^[A-Za-z0-9-]{0,63}$/)) }),
  ),
  section('services', 'smart_roaming', enabledOnly()),
  section(
    'system',
    'user_management',
    element(
      {},
      {
        user: list(
          element({
            name: f.pattern(/^[A-Za-z0-9_]{1,32}$/),
            role: f.choice(['admin', 'operator', 'viewer']),
          }),
        ),
      },
    ),
  ),
];

// ---- reading and writing ---------------------------------------------------------------------------

type Decoded = { ok: true; value: Record<string, unknown> | unknown } | { ok: false; reason: string };

function decodeScalar(field: ScalarField, raw: string, where: string): Decoded {
  const value = field.read(raw);
  return field.schema.safeParse(value).success
    ? { ok: true, value }
    : { ok: false, reason: `${where}: "${raw}"` };
}

function decodeElement(shape: ElementShape, el: XmlElement, where: string): Decoded {
  const value: Record<string, unknown> = {};
  if (el.attrs.length !== Object.keys(shape.attrs).length)
    return { ok: false, reason: `${where}: attributes` };
  for (const [name, field] of Object.entries(shape.attrs)) {
    const raw = attrOf(el, name);
    if (raw === undefined) return { ok: false, reason: `${where}: no ${name}` };
    const decoded = decodeScalar(field, raw, `${where}@${name}`);
    if (!decoded.ok) return decoded;
    value[name] = decoded.value;
  }
  // Text between child elements is not kept by the writer: only a section without it round-trips.
  if (
    el.children.some(
      (node) => typeof node === 'string' && (Object.keys(shape.children).length > 0 || node !== ''),
    )
  ) {
    return { ok: false, reason: `${where}: text` };
  }
  const children = childElements(el);
  let next = 0;
  for (const [name, childShape] of Object.entries(shape.children)) {
    if (childShape.kind === 'list') {
      const items: unknown[] = [];
      while (children[next]?.name === name) {
        const item = children[next++] as XmlElement;
        const decoded = isScalar(childShape.item)
          ? onlyText(item, childShape.item, `${where}/${name}`)
          : decodeElement(childShape.item, item, `${where}/${name}`);
        if (!decoded.ok) return decoded;
        items.push(decoded.value);
      }
      value[name] = items;
      continue;
    }
    const item = children[next];
    if (item?.name !== name) return { ok: false, reason: `${where}: no ${name}` };
    next++;
    const decoded =
      childShape.kind === 'text'
        ? onlyText(item, childShape.field, `${where}/${name}`)
        : decodeElement(childShape.shape, item, `${where}/${name}`);
    if (!decoded.ok) return decoded;
    value[name] = decoded.value;
  }
  if (next !== children.length) return { ok: false, reason: `${where}: unknown ${children[next]?.name}` };
  return { ok: true, value };
}

function onlyText(el: XmlElement, field: ScalarField, where: string): Decoded {
  if (el.attrs.length > 0 || childElements(el).length > 0) return { ok: false, reason: `${where}: not text` };
  return decodeScalar(field, textOf(el), where);
}

function encodeElement(shape: ElementShape, name: string, value: Record<string, unknown>): XmlElement {
  const attrs = Object.entries(shape.attrs).map(
    ([key, field]) => [key, field.write(value[key])] as [string, string],
  );
  const children: XmlNode[] = [];
  for (const [key, childShape] of Object.entries(shape.children)) {
    const childValue = value[key];
    if (childShape.kind === 'list') {
      for (const item of (childValue as unknown[]) ?? []) {
        children.push(
          isScalar(childShape.item)
            ? { name: key, attrs: [], children: [childShape.item.write(item)] }
            : encodeElement(childShape.item, key, item as Record<string, unknown>),
        );
      }
    } else if (childShape.kind === 'text') {
      children.push({ name: key, attrs: [], children: [childShape.field.write(childValue)] });
    } else {
      children.push(encodeElement(childShape.shape, key, childValue as Record<string, unknown>));
    }
  }
  return { name, attrs, children };
}

/** The zod schema of a section's value: the console's form and the server's check of a change-set. */
export function sectionSchema(shape: ElementShape): z.ZodType {
  const fields: Record<string, z.ZodType> = {};
  for (const [name, field] of Object.entries(shape.attrs)) fields[name] = field.schema;
  for (const [name, childShape] of Object.entries(shape.children)) {
    if (childShape.kind === 'text') fields[name] = childShape.field.schema;
    else if (childShape.kind === 'element') fields[name] = sectionSchema(childShape.shape);
    else
      fields[name] = z.array(
        isScalar(childShape.item) ? childShape.item.schema : sectionSchema(childShape.item),
      );
  }
  return z.strictObject(fields);
}

export type ConfigSectionState =
  | { def: ConfigSectionDef; value: Record<string, unknown> }
  /** Not understood (an unknown section, or a field its schema does not know): kept as it came. */
  | { def: ConfigSectionDef | null; raw: XmlElement; reason: string };

export interface DeviceConfiguration {
  document: XmlDocument;
  /** Keyed `group/key`, in document order. */
  sections: Map<string, ConfigSectionState>;
}

const BY_ELEMENT = new Map(CONFIG_SECTIONS.map((def) => [`${def.group}/${def.element}`, def]));

/** Reads a device's configuration XML into its sections; null when the XML is not a configuration. */
export function readDeviceConfiguration(xml: string): DeviceConfiguration | null {
  const document = parseXmlDocument(xml);
  if (document?.root.name !== 'config') return null;
  const sections = new Map<string, ConfigSectionState>();
  for (const group of childElements(document.root)) {
    for (const el of childElements(group)) {
      const def = BY_ELEMENT.get(`${group.name}/${el.name}`) ?? null;
      const id = `${group.name}/${def?.key ?? el.name}`;
      if (!def) {
        sections.set(id, { def: null, raw: el, reason: 'unknown section' });
        continue;
      }
      const decoded = decodeElement(def.shape, el, id);
      sections.set(
        id,
        decoded.ok
          ? { def, value: decoded.value as Record<string, unknown> }
          : { def, raw: el, reason: decoded.reason },
      );
    }
  }
  return { document, sections };
}

/**
 * Writes the configuration back: every understood section from its value, every other one as it
 * came, and the text between them untouched. Reading and writing without a change gives the same
 * bytes, hence the same checksum.
 */
export function writeDeviceConfiguration(config: DeviceConfiguration): string {
  const root: XmlElement = {
    ...config.document.root,
    children: config.document.root.children.map((group) => {
      if (typeof group === 'string') return group;
      return {
        ...group,
        children: group.children.map((node) => {
          if (typeof node === 'string') return node;
          const def = BY_ELEMENT.get(`${group.name}/${node.name}`);
          const state = config.sections.get(`${group.name}/${def?.key ?? node.name}`);
          if (!def || !state || !('value' in state)) return node;
          return { ...encodeElement(def.shape, node.name, state.value), selfClosing: node.selfClosing };
        }),
      };
    }),
  };
  return renderXmlDocument({ ...config.document, root });
}

/** A section's id as a change names it: `group/key`. */
export const ConfigSectionIdSchema = z
  .string()
  .regex(/^[a-z_]+\/[a-z_]+$/)
  .max(64);

const BY_ID = new Map(CONFIG_SECTIONS.map((def) => [`${def.group}/${def.key}`, def]));

export function configSectionDef(id: string): ConfigSectionDef | undefined {
  return BY_ID.get(id);
}

/**
 * A configuration document holding only the given sections (keyed `group/key`), grouped as a device
 * keeps them: what a change-set sends to be applied by merge (docs/device-protocol.md §7.5).
 */
export function writeConfigSections(values: ReadonlyMap<string, Record<string, unknown>>): string {
  const groups = new Map<string, XmlElement>();
  for (const [id, value] of values) {
    const def = BY_ID.get(id);
    if (!def) throw new Error(`unknown configuration section ${id}`);
    const group = groups.get(def.group) ?? { name: def.group, attrs: [], children: [] };
    groups.set(def.group, group);
    group.children.push(encodeElement(def.shape, def.element, value));
  }
  const root: XmlElement = { name: 'config', attrs: [], children: [...groups.values()] };
  return renderXmlDocument({ prolog: '<?xml version="1.0" encoding="UTF-8"?>\n', root, epilogue: '\n' });
}

/** Field-by-field difference of two values of one section: dotted paths, list items by index. */
export function sectionDifferences(
  section: string,
  from: unknown,
  to: unknown,
  path = '',
): { section: string; field: string; from: unknown; to: unknown }[] {
  const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';
  if (isObject(from) && isObject(to)) {
    const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])];
    return keys.flatMap((key) =>
      sectionDifferences(section, from[key], to[key], path ? `${path}.${key}` : key),
    );
  }
  if (JSON.stringify(from) === JSON.stringify(to)) return [];
  return [{ section, field: path, from: from ?? null, to: to ?? null }];
}

/**
 * What changed from one configuration to another, field by field, over the sections both hold and
 * understand: a device's drift from what the cloud knew.
 */
export function configurationDifferences(
  before: DeviceConfiguration,
  after: DeviceConfiguration,
): { section: string; field: string; from: unknown; to: unknown }[] {
  const differences: { section: string; field: string; from: unknown; to: unknown }[] = [];
  for (const [id, state] of after.sections) {
    const earlier = before.sections.get(id);
    if (!earlier || !('value' in earlier) || !('value' in state)) continue;
    differences.push(...sectionDifferences(id, earlier.value, state.value));
  }
  return differences;
}

/**
 * Section values as a change names them (`group/key` → value), each checked by its section's schema:
 * the parsed values, or the first field at fault (`<prefix>.<id>.<path>`) and why.
 */
export function parseConfigSections(
  sections: Record<string, unknown>,
  prefix = 'sections',
): { ok: true; sections: Record<string, unknown> } | { ok: false; field: string; message: string } {
  const out: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(sections)) {
    const def = configSectionDef(id);
    if (!def) return { ok: false, field: `${prefix}.${id}`, message: 'no such configuration section' };
    const parsed = sectionSchema(def.shape).safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return {
        ok: false,
        field: [prefix, id, ...(issue?.path ?? [])].join('.'),
        message: issue?.message ?? 'invalid',
      };
    }
    out[id] = parsed.data;
  }
  return { ok: true, sections: out };
}
