import { createHash } from 'node:crypto';
import {
  CONFIG_MENU_SERIES,
  type ConfigSectionState,
  configMenuFor,
  readDeviceConfiguration,
  SERIES,
  sectionSchema,
  VisibilityRules,
  writeConfigSections,
  writeDeviceConfiguration,
} from '@fleetport/contract';
import { describe, expect, it } from 'vitest';
import { applyConfigXml } from './config-xml.ts';
import { identityOf } from './identity.ts';
import { RouterState } from './router-state.ts';

const router = (series: Parameters<typeof identityOf>[1]) =>
  new RouterState(identityOf(`T-${series}-1`, series), 120);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe("the contract's configuration sections read what the simulator writes", () => {
  it.each([...CONFIG_MENU_SERIES, 'eg5100' as const])(
    '%s: every section understood, written back to the same checksum',
    (id) => {
      const xml = router(id).configXml;
      const config = readDeviceConfiguration(xml);
      expect(config).not.toBeNull();
      if (!config) return;
      const notUnderstood = [...config.sections]
        .filter(([, state]) => !('value' in state))
        .map(([key]) => key);
      expect(notUnderstood).toEqual([]);
      expect(config.sections.size).toBeGreaterThan(20);
      const again = writeDeviceConfiguration(config);
      expect(sha256(again)).toBe(sha256(xml));
    },
  );

  it.each([...CONFIG_MENU_SERIES, 'eg5100' as const])(
    "%s: every section passes the server's schema and its menu, and sent back whole as a change-set gives the same checksum",
    (id) => {
      const state = router(id);
      const config = readDeviceConfiguration(state.configXml);
      if (!config) throw new Error('not a configuration');
      const menu = configMenuFor({ cap: state.capabilities }, new VisibilityRules());
      const offered = new Set(
        menu.flatMap((group) => group.items.map((item) => `${group.group}/${item.key}`)),
      );
      const values = new Map<string, Record<string, unknown>>();
      for (const [key, section] of config.sections) {
        const understood = section as Extract<ConfigSectionState, { value: unknown }>;
        // What the server checks a change-set with, and the menu the console shows for this series.
        expect(sectionSchema(understood.def.shape).safeParse(understood.value).error?.issues ?? []).toEqual(
          [],
        );
        expect(offered, key).toContain(key);
        values.set(key, understood.value);
      }
      // Every section at once, as the cloud sends a change-set (mode merge): the router runs the same bytes.
      const merged = applyConfigXml(state.configXml, writeConfigSections(values), 'merge');
      expect(sha256(merged ?? '')).toBe(sha256(state.configXml));
    },
  );

  it('a change-set of one section leaves every other section of its group as it was', () => {
    const state = router('r3000');
    const config = readDeviceConfiguration(state.configXml);
    const lan = config?.sections.get('interface/lan');
    if (!lan || !('value' in lan)) throw new Error('no lan');
    const changed = { ...lan.value, ipaddr: '192.168.7.1' };
    const merged = applyConfigXml(
      state.configXml,
      writeConfigSections(new Map([['interface/lan', changed]])),
      'merge',
    );
    const after = readDeviceConfiguration(merged ?? '');
    expect([...(after?.sections.keys() ?? [])]).toEqual([...(config?.sections.keys() ?? [])]);
    expect(merged).toBe(
      state.configXml.replace('<ipaddr>192.168.0.1</ipaddr>', '<ipaddr>192.168.7.1</ipaddr>'),
    );
  });

  it('writes a changed value where the router keeps it', () => {
    const series = SERIES.find((s) => s.capabilities.wifi);
    const xml = router(series?.id ?? 'r3000').configXml;
    const config = readDeviceConfiguration(xml);
    const lan = config?.sections.get('interface/lan');
    const wifi = config?.sections.get('interface/wifi');
    if (!config || !lan || !('value' in lan) || !wifi || !('value' in wifi))
      throw new Error('no lan or wifi');
    lan.value.dhcp = { ...(lan.value.dhcp as object), start: '192.168.0.50', limit: 100 };
    wifi.value.ssid = 'Depot <north> & "yard"';
    const written = writeDeviceConfiguration(config);
    expect(written).toContain('<dhcp enabled="true" start="192.168.0.50" limit="100" lease="12h"></dhcp>');
    expect(written).toContain('<ssid>Depot &lt;north&gt; &amp; "yard"</ssid>');
    const reread = readDeviceConfiguration(written)?.sections.get('interface/wifi');
    expect(reread && 'value' in reread ? reread.value.ssid : null).toBe('Depot <north> & "yard"');
  });
});
