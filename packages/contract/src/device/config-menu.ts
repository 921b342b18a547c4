import type { VisibilityRules, VisibilityScope } from '../rules/visibility.ts';

/**
 * The remote configuration menu of core §2: the same groups, weights and items for every series, each
 * item shown and enabled by a rule of the visibility rule language (rules/visibility.ts) over the
 * device's capabilities. A rule is data: a series or a newer firmware can carry other rules without a
 * change of code, and the console, the server and the tests read this one table.
 */

export const CONFIG_MENU_GROUPS = [
  { key: 'interface', weight: 10 },
  { key: 'network', weight: 20 },
  { key: 'vpn', weight: 30 },
  { key: 'services', weight: 40 },
  { key: 'system', weight: 50 },
] as const;
export type ConfigMenuGroup = (typeof CONFIG_MENU_GROUPS)[number]['key'];

export interface ConfigMenuItem {
  /** The section's key, as core §2 names it (and as the configuration XML names its section). */
  key: string;
  group: ConfigMenuGroup;
  /** Order inside the group. */
  weight: number;
  /** The item is listed only when this holds (absent: always listed). */
  show?: string;
  /** A listed item can be opened only when this holds (absent: always); otherwise it is greyed out. */
  enable?: string;
}

let weight = 0;
const item = (group: ConfigMenuGroup, key: string, rules: Pick<ConfigMenuItem, 'show' | 'enable'> = {}) => {
  weight += 10;
  return { key, group, weight, ...rules } satisfies ConfigMenuItem;
};

export const CONFIG_MENU_ITEMS: readonly ConfigMenuItem[] = [
  item('interface', 'link_manager'),
  item('interface', 'lan'),
  item('interface', 'ethernet'),
  item('interface', 'cellular', { enable: 'cellular' }),
  item('interface', 'wifi', { enable: 'wifi' }),
  item('interface', 'usb', { enable: 'usb' }),
  item('interface', 'dido', { show: 'dido' }),
  item('interface', 'ai', { show: 'ai' }),
  item('interface', 'serial_port', { enable: 'comPorts > 0' }),
  item('interface', 'euridis_port', { show: 'euridisPorts > 0' }),
  item('interface', 'mbus_port', { show: 'mbusPorts > 0' }),
  item('network', 'route'),
  item('network', 'firewall'),
  item('network', 'ip_passthrough', { show: 'pppoeBridge == false', enable: 'cellular AND ipPassthrough' }),
  item('network', 'pppoe_bridge', { show: 'pppoeBridge' }),
  item('vpn', 'ipsec'),
  item('vpn', 'wireguard', { show: 'wireguard' }),
  item('vpn', 'openvpn'),
  item('vpn', 'gre'),
  item('services', 'syslog'),
  item('services', 'event'),
  item('services', 'ntp'),
  item('services', 'sms', { enable: 'cellular' }),
  item('services', 'email'),
  item('services', 'ddns'),
  item('services', 'ssh'),
  item('services', 'gps', { enable: 'gps' }),
  item('services', 'telephone', { enable: 'telephone' }),
  item('services', 'web_server'),
  item('services', 'reboot'),
  item('services', 'system'),
  item('services', 'smart_roaming', { enable: 'smartRoaming' }),
  item('system', 'user_management'),
];

export interface ConfigMenuEntry {
  key: string;
  enabled: boolean;
}

export interface ConfigMenuSection {
  group: ConfigMenuGroup;
  items: ConfigMenuEntry[];
}

/**
 * The menu one device shows: groups by weight, items by weight, hidden items left out, disabled ones
 * marked. `rules` parses each rule once and reports a malformed one (which hides its item).
 * A group left with no item is left out.
 */
export function configMenuFor(
  scope: VisibilityScope,
  rules: VisibilityRules,
  items: readonly ConfigMenuItem[] = CONFIG_MENU_ITEMS,
): ConfigMenuSection[] {
  const sections: ConfigMenuSection[] = [];
  for (const group of CONFIG_MENU_GROUPS) {
    const entries = items
      .filter((entry) => entry.group === group.key && rules.holds(entry.show, scope))
      .sort((a, b) => a.weight - b.weight)
      .map((entry) => ({ key: entry.key, enabled: rules.holds(entry.enable, scope) }));
    if (entries.length > 0) sections.push({ group: group.key, items: entries });
  }
  return sections;
}
