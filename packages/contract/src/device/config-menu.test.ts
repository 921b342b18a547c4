import { describe, expect, it } from 'vitest';
import { type MalformedRule, VisibilityRules } from '../rules/visibility.ts';
import { CapabilitiesSchema } from './capabilities.ts';
import { CONFIG_MENU_ITEMS, type ConfigMenuSection, configMenuFor } from './config-menu.ts';
import { CONFIG_MENU_SERIES, SERIES, type SeriesId } from './series.ts';

function menuOf(id: SeriesId): ConfigMenuSection[] {
  const series = SERIES.find((s) => s.id === id);
  if (!series) throw new Error(id);
  const cap = CapabilitiesSchema.parse(series.capabilities);
  return configMenuFor({ cap }, new VisibilityRules());
}

const keys = (menu: ConfigMenuSection[]) =>
  menu.flatMap((section) => section.items.map((entry) => entry.key));
const disabled = (menu: ConfigMenuSection[]) =>
  menu.flatMap((section) => section.items.filter((entry) => !entry.enabled).map((entry) => entry.key));

describe('remote configuration menu (core §2)', () => {
  it('orders the groups by weight: Interface, Network, VPN, Services, System', () => {
    expect(menuOf('r3000').map((section) => section.group)).toEqual([
      'interface',
      'network',
      'vpn',
      'services',
      'system',
    ]);
  });

  it('parses every rule of the table', () => {
    const reported: MalformedRule[] = [];
    const rules = new VisibilityRules((malformed) => reported.push(malformed));
    for (const id of CONFIG_MENU_SERIES) {
      const cap = CapabilitiesSchema.parse(SERIES.find((s) => s.id === id)?.capabilities);
      configMenuFor({ cap }, rules);
    }
    expect(reported).toEqual([]);
    expect(new Set(CONFIG_MENU_ITEMS.map((entry) => entry.key)).size).toBe(CONFIG_MENU_ITEMS.length);
  });

  it('shows each series only what its capabilities allow', () => {
    for (const id of CONFIG_MENU_SERIES) {
      const series = SERIES.find((s) => s.id === id);
      const cap = CapabilitiesSchema.parse(series?.capabilities);
      const menu = menuOf(id);
      const listed = keys(menu);
      const greyed = disabled(menu);
      expect(listed.includes('dido'), id).toBe(cap.dido);
      expect(listed.includes('ai'), id).toBe(cap.ai);
      expect(listed.includes('wireguard'), id).toBe(cap.wireguard);
      expect(listed.includes('pppoe_bridge'), id).toBe(false);
      expect(listed.includes('ip_passthrough'), id).toBe(true);
      expect(greyed.includes('cellular'), id).toBe(!cap.cellular);
      expect(greyed.includes('wifi'), id).toBe(!cap.wifi);
      expect(greyed.includes('usb'), id).toBe(!cap.usb);
      expect(greyed.includes('serial_port'), id).toBe(cap.comPorts === 0);
      expect(greyed.includes('gps'), id).toBe(!cap.gps);
      expect(greyed.includes('smart_roaming'), id).toBe(!cap.smartRoaming);
      expect(listed.at(-1), id).toBe('user_management');
    }
  });

  it('gives EG5100 pppoe_bridge instead of ip_passthrough, and port items to series with such ports', () => {
    const eg = CapabilitiesSchema.parse(SERIES.find((s) => s.id === 'eg5100')?.capabilities);
    const egMenu = configMenuFor({ cap: eg }, new VisibilityRules());
    expect(keys(egMenu)).toContain('pppoe_bridge');
    expect(keys(egMenu)).not.toContain('ip_passthrough');

    const metered = CapabilitiesSchema.parse({
      ...SERIES.find((s) => s.id === 'r1500')?.capabilities,
      euridisPorts: 1,
      mbusPorts: 2,
    });
    expect(keys(configMenuFor({ cap: metered }, new VisibilityRules()))).toEqual(
      expect.arrayContaining(['euridis_port', 'mbus_port']),
    );
    expect(keys(menuOf('r1500'))).not.toContain('mbus_port');
  });

  it('hides an item whose rule is malformed and keeps the rest of the menu', () => {
    const reported: MalformedRule[] = [];
    const items = [
      ...CONFIG_MENU_ITEMS,
      { key: 'broken', group: 'system' as const, weight: 1, show: 'wifi ==' },
    ];
    const cap = CapabilitiesSchema.parse(SERIES.find((s) => s.id === 'r3000')?.capabilities);
    const menu = configMenuFor({ cap }, new VisibilityRules((malformed) => reported.push(malformed)), items);
    expect(keys(menu)).not.toContain('broken');
    expect(keys(menu)).toContain('user_management');
    expect(reported.map((malformed) => malformed.rule)).toEqual(['wifi ==']);
  });
});
