import { describe, expect, it } from 'vitest';
import { ALL_CALLS } from './api/index.ts';
import { ALL_FUN_CODES, FUN_ACTIONS } from './menus.ts';
import { derivedFlags, PERMISSION_AREAS, type PermissionNode, permissionTree } from './permissions.ts';
import { COMPANY_TYPE, ROLE_TYPE } from './role-types.ts';

const leaves = (nodes: PermissionNode[]): PermissionNode[] =>
  nodes.flatMap((n) => (n.funCode ? [n] : leaves(n.children)));

describe('permission tree', () => {
  it('covers every area core §6 lists with the seven actions', () => {
    // dashboard, devices, groups, firmware, VPN, templates, registrations, company account, users, roles,
    // reports, licences, open API, OEM, app centre, IoT connector, release notes, notifications,
    // certificates, customer console, endpoints, point table, installer console, portal manager,
    // elevator IoT and distributor rebates.
    const spec = [
      'dashboard',
      'devices',
      'groups',
      'firmware',
      'vpnGroups',
      'templates',
      'registrations',
      'companyAccount',
      'users',
      'roles',
      'reports',
      'licenses',
      'openApi',
      'oem',
      'appCentre',
      'iotConnector',
      'releaseNotes',
      'notifications',
      'certificates',
      'customers',
      'endpoints',
      'pointTable',
      'provisioning',
      'portalManager',
      'elevators',
      'distributorRebates',
    ];
    expect(spec.filter((area) => !PERMISSION_AREAS.has(area))).toEqual([]);
    const actions = new Set([...PERMISSION_AREAS.values()].flat());
    expect(FUN_ACTIONS.filter((a) => !actions.has(a))).toEqual([]);
  });

  it('shows every funCode of the menus once, titled in both languages', () => {
    const all = leaves(permissionTree());
    expect(all.map((l) => l.funCode).sort()).toEqual([...ALL_FUN_CODES].sort());
    expect(all.every((l) => l.title.en && l.title.cn && l.title.en !== l.title.cn)).toBe(true);
    expect(all.find((l) => l.funCode === 'licenses.buyMore')?.title).toEqual({
      en: 'Buy more',
      cn: '购买更多',
    });
  });

  it('cuts the tree to what a role may hold', () => {
    const cut = leaves(permissionTree(['devices.view', 'users.edit']));
    expect(cut.map((l) => l.funCode)).toEqual(['devices.view', 'users.edit']);
    expect(permissionTree([])).toEqual([]);
  });

  it('gives every signed-in call a permission of the tree, or session or superAdmin', () => {
    const unknown = ALL_CALLS.filter(
      (c) =>
        !['public', 'session', 'superAdmin'].includes(c.permission) && !ALL_FUN_CODES.includes(c.permission),
    ).map((c) => c.id);
    expect(unknown).toEqual([]);
  });
});

describe('derived flags (core §6)', () => {
  const base = { userName: 'Kim', rootGroupId: 7, roleType: ROLE_TYPE.readOnly, isDelete: 1, groupType: 0 };
  it('admin by role type: 0 is not, 1, 1.5 and 2 are', () => {
    expect(derivedFlags(base).admin).toBe(false);
    for (const roleType of [1, 1.5, 2]) expect(derivedFlags({ ...base, roleType }).admin).toBe(true);
    expect(derivedFlags({ ...base, roleType: ROLE_TYPE.installer }).admin).toBe(false);
  });
  it('system admin is isDelete 0, distributor is groupType 1, super admin has no root group', () => {
    expect(derivedFlags({ ...base, isDelete: 0 }).systemAdmin).toBe(true);
    expect(derivedFlags(base).systemAdmin).toBe(false);
    expect(derivedFlags({ ...base, groupType: COMPANY_TYPE.distributor }).distributor).toBe(true);
    expect(derivedFlags(base).superAdmin).toBe(false);
    expect(derivedFlags({ ...base, userName: 'Super Admin', rootGroupId: null }).superAdmin).toBe(true);
    expect(derivedFlags({ ...base, rootGroupId: null }).superAdmin).toBe(false);
  });
});
