import { ALL_MENUS } from '@fleetport/contract';
import { describe, expect, it } from 'vitest';
import { activeMenuFor, matchConsolePage } from './console-areas.ts';

describe('console areas', () => {
  it('has a page for every menu of the contract menu tree', () => {
    const missing = ALL_MENUS.filter((menu) => !matchConsolePage(menu.path)).map((menu) => menu.path);
    expect(missing).toEqual([]);
  });

  it('finds the page a path shows, including detail pages', () => {
    expect(matchConsolePage('/robustlink/device/deviceDetails/SN001')?.page.label).toBe('deviceDetails');
    expect(matchConsolePage('/operation/licenses')?.page.label).toBe('licenses');
    expect(matchConsolePage('/robustlink/nothing')).toBeNull();
  });

  it('lights the list a detail tab was opened from', () => {
    expect(activeMenuFor('/robustlink/device/deviceDetails/SN001')).toBe('/robustlink/devices/allDevices');
    expect(activeMenuFor('/robustlink/devices/deviceGroup/7')).toBe('/robustlink/devices/deviceGroup');
    expect(activeMenuFor('/appcenter/iotConnector/3')).toBe('/appcenter/iotcenntor');
    expect(activeMenuFor('/vpn/groups')).toBe('/vpn/groups');
  });
});
