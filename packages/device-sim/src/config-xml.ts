import {
  type Capabilities,
  childElements,
  parseXmlDocument,
  renderXmlDocument,
  type XmlElement,
} from '@fleetport/contract';
import type { DeviceIdentity } from './identity.ts';

/*
 * The configuration a simulated router keeps, as XML grouped like the console's configuration
 * menu (core §2: interface, network, vpn, services, system). Sections the hardware lacks are absent.
 */

const tag = (name: string, body: string, attrs = '') =>
  `<${name}${attrs ? ` ${attrs}` : ''}>${body}</${name}>`;
const lines = (parts: (string | false | undefined)[]) => parts.filter(Boolean).join('\n');

function interfaceSection(id: DeviceIdentity, caps: Capabilities): string {
  const ports = Array.from({ length: caps.ethernetPorts }, (_, i) =>
    tag('port', '', `name="eth${i}" role="${i === 0 ? 'wan' : 'lan'}" speed="auto"`),
  ).join('');
  const sims = [1, 2]
    .slice(0, caps.dualSim ? 2 : 1)
    .map((slot) =>
      tag('sim', tag('apn', 'internet') + tag('auth', 'none') + tag('pin', ''), `slot="${slot}"`),
    )
    .join('');
  const com = Array.from({ length: caps.comPorts }, (_, i) =>
    tag(
      'port',
      '',
      `id="${i + 1}" mode="${i === 0 ? 'rs232' : 'rs485'}" baud="9600" data_bits="8" parity="none" stop_bits="1"`,
    ),
  ).join('');
  return tag(
    'interface',
    lines([
      tag(
        'link_manager',
        tag('primary', caps.ethernetPorts > 1 ? 'wan' : 'cellular1') +
          tag('backup', caps.cellular ? 'cellular1' : 'wan') +
          tag('ping_detection', '', 'host="8.8.8.8" interval="60" retries="3"'),
      ),
      tag(
        'lan',
        tag('ipaddr', '192.168.0.1') +
          tag('netmask', '255.255.255.0') +
          tag('dhcp', '', 'enabled="true" start="192.168.0.100" limit="150" lease="12h"'),
      ),
      tag('ethernet', ports),
      caps.cellular &&
        tag('cellular', sims + tag('network_type', caps.fiveG ? 'auto-5g' : 'auto'), 'enabled="true"'),
      caps.wifi &&
        tag(
          'wifi',
          tag('ssid', id.ssid ?? 'router') +
            tag('encryption', 'psk2') +
            tag('key', '********') +
            tag('bands', caps.wifiBands.join(',')),
          'mode="ap" enabled="true"',
        ),
      caps.usb && tag('usb', '', 'enabled="true"'),
      caps.dido && tag('dido', '', `inputs="${caps.digitalInputs}" outputs="${caps.digitalOutputs}"`),
      caps.ai && tag('ai', '', `channels="${caps.analogInputs}" range="4-20mA"`),
      caps.comPorts > 0 && tag('serial_port', com),
      caps.euridisPorts > 0 && tag('euridis', '', 'enabled="false"'),
      caps.mbusPorts > 0 && tag('mbus', '', 'enabled="false" baud="2400"'),
    ]),
  );
}

function servicesSection(caps: Capabilities): string {
  return tag(
    'services',
    lines([
      tag('syslog', '', 'enabled="true" level="notice" remote=""'),
      tag('event', '', 'notify_on="link,sim,reboot"'),
      tag('ntp', tag('server', 'pool.ntp.org'), 'enabled="true" timezone="UTC"'),
      caps.cellular && tag('sms', '', 'enabled="false"'),
      tag('email', '', 'enabled="false"'),
      tag('ddns', '', 'enabled="false"'),
      tag('ssh', '', 'enabled="true" port="22"'),
      caps.gps && tag('gps', '', 'enabled="true" report_interval="60"'),
      caps.telephone && tag('telephone', '', 'enabled="false"'),
      tag('web_server', '', 'http_port="80" https_port="443"'),
      tag('reboot', '', 'auto="false" time="03:00"'),
      tag('system', tag('hostname', ''), 'language="en"'),
      caps.smartRoaming && tag('smart_roaming', '', 'enabled="false"'),
    ]),
  );
}

/** The factory configuration of a device. */
export function factoryConfigXml(id: DeviceIdentity, caps: Capabilities, firmware: string): string {
  const hostname = `${id.series.name.replace(/\s/g, '')}-${id.mac.slice(-5).replace(':', '')}`;
  const body = lines([
    interfaceSection(id, caps),
    tag(
      'network',
      lines([
        tag('route', ''),
        tag('firewall', '', 'wan_ping="false" dos_protection="true"'),
        caps.ipPassthrough && tag('ip_passthrough', '', 'enabled="false"'),
        caps.pppoeBridge && tag('pppoe_bridge', '', 'enabled="false"'),
      ]),
    ),
    tag(
      'vpn',
      lines([tag('ipsec', ''), caps.wireguard && tag('wireguard', ''), tag('openvpn', ''), tag('gre', '')]),
    ),
    servicesSection(caps).replace('<hostname></hostname>', `<hostname>${hostname}</hostname>`),
    tag('system', tag('user_management', tag('user', '', 'name="admin" role="admin"'))),
  ]);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<config model="${id.model}" firmware="${firmware}" sn="${id.sn}">\n${body}\n</config>\n`;
}

/** Top-level sections of a `<config>` document, by element name, in order. */
export function configSections(xml: string): Map<string, string> | null {
  const root = /<config\b[^>]*>([\s\S]*)<\/config>\s*$/.exec(xml.replace(/^<\?xml[^>]*>\s*/, ''));
  if (!root) return null;
  const sections = new Map<string, string>();
  const re = /<([a-z_]+)\b[^>]*?(?:\/>|>[\s\S]*?<\/\1>)/g;
  for (const m of (root[1] ?? '').matchAll(re)) sections.set(m[1] as string, m[0]);
  return sections;
}

/** The `firmware` attribute of a configuration, telling which firmware line it was made for. */
export function configFirmware(xml: string): string | undefined {
  return /<config\b[^>]*\bfirmware="([^"]+)"/.exec(xml)?.[1];
}

/**
 * Applies a configuration: `replace` takes the new document as it is, `merge` replaces each section
 * the new document holds (an element inside its group: `interface/lan`) and keeps every other one
 * byte for byte, adding a section or group the running configuration lacks at the end of its group or
 * of the document. Null when the XML is not a config.
 */
export function applyConfigXml(current: string, incoming: string, mode: 'merge' | 'replace'): string | null {
  const next = configSections(incoming);
  if (!next || next.size === 0) return null;
  if (mode === 'replace') return incoming;
  const from = parseXmlDocument(incoming);
  if (from?.root.name !== 'config') return null;
  const into = parseXmlDocument(current);
  if (into?.root.name !== 'config') return incoming;
  for (const group of childElements(from.root)) {
    const target = childElements(into.root).find((el) => el.name === group.name);
    if (!target) {
      insertBeforeTrailingText(into.root, group);
      continue;
    }
    for (const section of childElements(group)) {
      const at = target.children.findIndex((node) => typeof node !== 'string' && node.name === section.name);
      if (at >= 0) target.children[at] = section;
      else insertBeforeTrailingText(target, section);
    }
  }
  return renderXmlDocument(into);
}

/** Adds an element after the last element of `parent`, on a line of its own as the router writes them. */
function insertBeforeTrailingText(parent: XmlElement, element: XmlElement): void {
  const last = parent.children.findLastIndex((node) => typeof node !== 'string');
  parent.children.splice(last + 1, 0, ...(last >= 0 ? ['\n', element] : [element]));
}

/** A few `uci show`-style values derived from the configuration, for the `uci` status module. */
export function uciFromConfig(xml: string): Record<string, Record<string, string>> {
  const value = (re: RegExp) => re.exec(xml)?.[1] ?? '';
  return {
    system: { 'system.hostname': value(/<hostname>([^<]*)<\/hostname>/), 'system.timezone': 'UTC' },
    network: {
      'lan.ipaddr': value(/<lan>\s*<ipaddr>([^<]*)</),
      'lan.netmask': value(/<lan>[\s\S]*?<netmask>([^<]*)</),
    },
    link_manager: { 'link.primary': value(/<primary>([^<]*)</), 'link.backup': value(/<backup>([^<]*)</) },
  };
}
