import { describe, expect, it } from 'vitest';
import {
  ALL_FUN_CODES,
  ALL_MENUS,
  APPS,
  consoleOfApp,
  defaultFunCodes,
  menusForRoleType,
  visibleMenus,
} from './menus.ts';
import { COMPANY_TYPE, ROLE_TYPE, ROLE_TYPE_VALUES } from './role-types.ts';

const appNames = (apps: { appName: string }[]) => apps.map((a) => a.appName);
const areas = (codes: string[]) => new Set(codes.map((c) => c.split('.')[0]));

describe('menu tree', () => {
  it('holds every left menu group of core §2', () => {
    const groups = new Set(APPS.flatMap((a) => a.groups.map((g) => g.groupCode)));
    const spec =
      'Information, Devices, VPNS, Maintenance, Administration, deviceAssets, accountSettings, operation, DistributorConsole, ReSellerConsole, support, AppCenter, Settings, userSettings, EndDevices, products, EndDevicesManagement, EndDevicesMaintenance, InstallerConsole, ElevatorIot, reportConsole, notificationCenter';
    expect(spec.split(', ').filter((g) => !groups.has(g))).toEqual([]);
  });

  it('gives every menu a unique code, a path under its console and area.action funCodes', () => {
    const codes = ALL_MENUS.map((m) => m.menuCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const app of APPS) {
      for (const m of app.groups.flatMap((g) => g.menus))
        expect(m.path.startsWith(`${app.basePath}/`)).toBe(true);
    }
    expect(ALL_FUN_CODES.every((c) => /^[a-z][A-Za-z]*\.[a-z][A-Za-z]*$/.test(c))).toBe(true);
    expect(ALL_FUN_CODES).toContain('licenses.buyMore');
  });

  it('reads the app name "platform" as the operation console', () => {
    expect(consoleOfApp('platform')).toBe('operation');
    expect(consoleOfApp('vpn')).toBe('vpn');
    expect(APPS.find((a) => a.appName === 'platform')?.basePath).toBe('/operation');
  });
});

describe('default functions per role type', () => {
  it('owner and administrator hold everything', () => {
    expect(defaultFunCodes(ROLE_TYPE.owner)).toEqual([...ALL_FUN_CODES]);
    expect(defaultFunCodes(ROLE_TYPE.administrator)).toEqual([...ALL_FUN_CODES]);
  });

  it('operators do not administer users or roles, nor buy licences', () => {
    const codes = defaultFunCodes(ROLE_TYPE.operator);
    expect(areas(codes).has('users')).toBe(false);
    expect(areas(codes).has('roles')).toBe(false);
    expect(codes).toContain('devices.remove');
    expect(codes).toContain('licenses.view');
    expect(codes).not.toContain('licenses.buyMore');
  });

  it('read-only types view only', () => {
    for (const type of [ROLE_TYPE.readOnly, ROLE_TYPE.manager]) {
      const codes = defaultFunCodes(type);
      expect(codes.length).toBeGreaterThan(10);
      expect(codes.every((c) => c.endsWith('.view'))).toBe(true);
    }
  });

  it('installers reach only the installer console; VPN-client-only users reach nothing', () => {
    expect(appNames(menusForRoleType(ROLE_TYPE.installer))).toEqual(['installerconsole']);
    expect(menusForRoleType(ROLE_TYPE.vpnClientOnly)).toEqual([]);
  });

  it('provisioners add and provision devices; limited users look at them', () => {
    const provisioner = defaultFunCodes(ROLE_TYPE.provisioner);
    expect(provisioner).toEqual(
      expect.arrayContaining(['devices.create', 'devices.apply', 'provisioning.create']),
    );
    expect(provisioner).not.toContain('devices.remove');
    expect(defaultFunCodes(ROLE_TYPE.limitedUser).every((c) => c.endsWith('.view'))).toBe(true);
  });

  it('every default is part of the tree', () => {
    for (const type of ROLE_TYPE_VALUES) {
      expect(defaultFunCodes(type).filter((c) => !ALL_FUN_CODES.includes(c))).toEqual([]);
    }
  });
});

describe('visible menus', () => {
  it('shows partner consoles only to their company type', () => {
    expect(appNames(visibleMenus(ALL_FUN_CODES, COMPANY_TYPE.endCustomer))).not.toContain(
      'distributorconsole',
    );
    expect(appNames(visibleMenus(ALL_FUN_CODES, COMPANY_TYPE.distributor))).toContain('distributorconsole');
    expect(appNames(visibleMenus(ALL_FUN_CODES, COMPANY_TYPE.reseller))).toContain('resellerconsole');
    expect(appNames(visibleMenus(ALL_FUN_CODES, COMPANY_TYPE.reseller))).not.toContain('distributorconsole');
  });

  it('hides a menu without its view function even when other functions are held', () => {
    expect(visibleMenus(['devices.edit'], COMPANY_TYPE.endCustomer)).toEqual([]);
    const apps = visibleMenus(['devices.view'], COMPANY_TYPE.endCustomer);
    expect(apps.flatMap((a) => a.groups.flatMap((g) => g.menus.map((m) => m.path)))).toEqual([
      '/robustlink/devices/allDevices',
    ]);
  });
});
