import { describe, expect, it } from 'vitest';
import {
  CONFIG_SECTIONS,
  readDeviceConfiguration,
  sectionSchema,
  writeDeviceConfiguration,
} from './config-sections.ts';
import { parseXmlDocument, renderXmlDocument } from './config-xml.ts';

const doc = (body: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<config model="R3000" sn="1">\n${body}\n</config>\n`;
const schemaOf = (key: string) => {
  const def = CONFIG_SECTIONS.find((section) => section.key === key);
  if (!def) throw new Error(key);
  return sectionSchema(def.shape);
};

describe('configuration XML', () => {
  it('gives back the same bytes: attributes in order, entities, self-closing elements, white space', () => {
    const xml = doc(
      `<services>\n  <ssh enabled="false" port="22"/>\n  <syslog level="notice" enabled="true" remote=""></syslog>\n</services>\n<x a='1'>a &amp; b &lt;c&gt;</x>`,
    );
    const parsed = parseXmlDocument(xml);
    expect(parsed).not.toBeNull();
    if (parsed) expect(renderXmlDocument(parsed)).toBe(xml.replace("a='1'", 'a="1"'));
  });

  it('refuses what is not a well-formed configuration, never throwing', () => {
    for (const bad of [
      '',
      'not xml',
      '<config>',
      '<config></conf>',
      '<config><a></b></config>',
      '<config a="1" a="2"></config>',
      '<config><!-- note --></config>',
      '<config><![CDATA[x]]></config>',
      '<config>&nbsp;</config>',
      '<config>a & b</config>',
      '<config></config><config></config>',
      `${'<a>'.repeat(100)}${'</a>'.repeat(100)}`,
    ]) {
      expect(parseXmlDocument(bad), bad).toBeNull();
    }
    expect(readDeviceConfiguration('<settings></settings>')).toBeNull();
  });
});

describe('configuration sections', () => {
  it('reads each understood section as typed values', () => {
    const config = readDeviceConfiguration(
      doc(
        '<interface><lan><ipaddr>10.1.0.1</ipaddr><netmask>255.255.0.0</netmask><dhcp enabled="false" start="10.1.0.10" limit="20" lease="2d"></dhcp></lan></interface>\n<services><ntp enabled="true" timezone="UTC"><server>pool.ntp.org</server><server>10.0.0.1</server></ntp></services>',
      ),
    );
    expect(config?.sections.get('interface/lan')).toMatchObject({
      value: {
        ipaddr: '10.1.0.1',
        netmask: '255.255.0.0',
        dhcp: { enabled: false, start: '10.1.0.10', limit: 20, lease: '2d' },
      },
    });
    expect(config?.sections.get('services/ntp')).toMatchObject({
      value: { enabled: true, timezone: 'UTC', server: ['pool.ntp.org', '10.0.0.1'] },
    });
  });

  it('keeps a section it does not fully understand as it came, and writes it back untouched', () => {
    const xml = doc(
      '<services><ssh enabled="true" port="22" banner="hi"></ssh><ddns enabled="maybe"></ddns><ssh2 enabled="true"></ssh2><reboot auto="true" time="25:00"></reboot></services>',
    );
    const config = readDeviceConfiguration(xml);
    if (!config) throw new Error('not read');
    const reasons = Object.fromEntries(
      [...config.sections].map(([key, state]) => [key, 'reason' in state ? state.reason : 'ok']),
    );
    expect(reasons).toEqual({
      'services/ssh': 'services/ssh: attributes',
      'services/ddns': 'services/ddns@enabled: "maybe"',
      'services/ssh2': 'unknown section',
      'services/reboot': 'services/reboot@time: "25:00"',
    });
    expect(writeDeviceConfiguration(config)).toBe(xml);
  });

  it('checks values with the same schema the console and the server use', () => {
    const lan = schemaOf('lan');
    expect(
      lan.safeParse({
        ipaddr: '192.168.1.1',
        netmask: '255.255.255.0',
        dhcp: { enabled: true, start: '192.168.1.100', limit: 150, lease: '12h' },
      }).success,
    ).toBe(true);
    expect(lan.safeParse({ ipaddr: '192.168.1.300', netmask: '255.255.255.0', dhcp: {} }).success).toBe(
      false,
    );
    const wifi = schemaOf('wifi');
    const good = {
      mode: 'ap',
      enabled: true,
      ssid: 'Depot',
      encryption: 'psk2',
      key: '12345678',
      bands: '2.4GHz,5GHz',
    };
    expect(wifi.safeParse(good).success).toBe(true);
    expect(wifi.safeParse({ ...good, ssid: '' }).success).toBe(false);
    expect(wifi.safeParse({ ...good, ssid: 'x'.repeat(33) }).success).toBe(false);
    expect(wifi.safeParse({ ...good, key: 'short' }).success).toBe(false);
    expect(wifi.safeParse({ ...good, extra: 1 }).success).toBe(false);
    expect(schemaOf('ssh').safeParse({ enabled: true, port: 65536 }).success).toBe(false);
  });
});
