import { ALL_FUN_CODES, ErrorCode, ROLE_TYPE } from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { giveRoleType, registerCompany, signIn } from '../../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { checkPermission } from '../../platform/http/calls.ts';
import { ensureSuperAdmin } from '../accounts/accounts.service.ts';

let t: TestApp;
let companyId: number;
let userId: number;
beforeAll(async () => {
  t = await createTestApp();
  ({ companyId, userId } = await registerCompany(t, { companyName: 'Menu Co', account: 'mia@menu.example' }));
});
afterAll(async () => {
  await t.close();
});

type VisitApp = {
  appName: string;
  appId: number;
  mfs: {
    menuCode: string;
    menuName: string;
    children: { loadRes: string; menuName: string; funList: { funCode: string }[] }[];
  }[];
};

const useRoleType = (roleType: number) => giveRoleType(t, companyId, userId, roleType);

async function menus(lang: 'en' | 'cn' = 'en'): Promise<VisitApp[]> {
  const s = await signIn(t, 'mia@menu.example');
  const res = await s.call<VisitApp[]>(
    'POST',
    '/pl/user/getVisitMenus',
    { pageSize: 999 },
    { language: lang },
  );
  expect(res.body.code).toBe(0);
  return res.body.data!;
}
const paths = (apps: VisitApp[]) =>
  apps.flatMap((a) => a.mfs.flatMap((g) => g.children.map((m) => m.loadRes)));
const funCodes = (apps: VisitApp[]) =>
  apps.flatMap((a) => a.mfs.flatMap((g) => g.children.flatMap((m) => m.funList.map((f) => f.funCode))));

describe('getVisitMenus', () => {
  it('gives the owner every console of an end customer, the operation console as "platform"', async () => {
    await useRoleType(ROLE_TYPE.owner);
    const apps = await menus();
    expect(apps.map((a) => a.appName)).toEqual([
      'robustlink',
      'vpn',
      'platform',
      'installerconsole',
      'appcenter',
      'endpointManager',
      'elevatoriot',
      'support',
    ]);
    expect(paths(apps)).toContain('/operation/userManager/user');
    expect(paths(apps)).toContain('/robustlink/devices/allDevices');
    expect(paths(apps)).not.toContain('/distributorconsole/myCustomers');
    const devices = apps[0]!.mfs.find((g) => g.menuCode === 'Devices')!;
    expect(devices.children[0]?.funList.map((f) => f.funCode)).toEqual([
      'devices.view',
      'devices.create',
      'devices.edit',
      'devices.remove',
      'devices.export',
      'devices.exportAll',
      'devices.apply',
    ]);
    expect(new Set(funCodes(apps))).toEqual(
      new Set(
        ALL_FUN_CODES.filter(
          (c) =>
            !c.startsWith('customers.') && !c.startsWith('partner') && !c.startsWith('distributorRebates.'),
        ),
      ),
    );
  });

  it('names menus in the request language', async () => {
    const apps = await menus('cn');
    expect(apps[0]!.mfs[0]!.menuName).toBe('信息');
    expect(apps[0]!.mfs[0]!.children[0]!.menuName).toBe('仪表盘');
  });

  it('keeps user and role administration from operators', async () => {
    await useRoleType(ROLE_TYPE.operator);
    const apps = await menus();
    expect(paths(apps)).not.toContain('/operation/userManager/user');
    expect(paths(apps)).not.toContain('/operation/userManager/role');
    expect(funCodes(apps)).toContain('devices.edit');
    expect(funCodes(apps)).toContain('licenses.view');
    expect(funCodes(apps)).not.toContain('licenses.buyMore');
  });

  it('gives read-only users view functions only', async () => {
    await useRoleType(ROLE_TYPE.readOnly);
    const codes = funCodes(await menus());
    expect(codes).toContain('devices.view');
    expect(codes.every((c) => c.endsWith('.view'))).toBe(true);
  });

  it('shows installers the installer console alone', async () => {
    await useRoleType(ROLE_TYPE.installer);
    const apps = await menus();
    expect(apps.map((a) => a.appName)).toEqual(['installerconsole']);
    expect(paths(apps)).toContain('/installerconsole/provisioning');
  });

  it('adds the distributor console for a distributor company', async () => {
    await useRoleType(ROLE_TYPE.owner);
    await t.deps.db.updateTable('company').set({ type: 1 }).where('id', '=', companyId).execute();
    const apps = await menus();
    expect(apps.map((a) => a.appName)).toContain('distributorconsole');
    expect(apps.map((a) => a.appName)).not.toContain('resellerconsole');
    await t.deps.db.updateTable('company').set({ type: 0 }).where('id', '=', companyId).execute();
  });

  it('lets the server refuse a call whose funCode the role lacks', async () => {
    await useRoleType(ROLE_TYPE.readOnly);
    const s = await signIn(t, 'mia@menu.example');
    // The session carries the role's funCodes; a call gated on one the role lacks gets 5.
    const session = await t.deps.sessions.resolve({ headers: s.headers() } as never);
    expect(session.funCodes.has('devices.view')).toBe(true);
    expect(() => checkPermission({ permission: 'devices.edit' } as never, session)).toThrow(
      expect.objectContaining({ code: ErrorCode.NO_PERMISSION }),
    );
  });

  it('gives the Super Admin its own console alone, its pages under /superAdmin, in the request language', async () => {
    const created = await ensureSuperAdmin(t.deps);
    const admin = await signIn(t, created!.account, created!.password);
    for (const [lang, name] of [
      ['en', 'App centre'],
      ['cn', '应用中心'],
    ] as const) {
      const res = await admin.call<VisitApp[]>('POST', '/pl/user/getVisitMenus', {}, { language: lang });
      expect(res.body.code).toBe(0);
      const apps = res.body.data!;
      expect(apps.map((a) => a.appName)).toEqual(['superAdmin']);
      expect(paths(apps)).toEqual([
        '/superAdmin/appCenter',
        '/superAdmin/releaseNotes',
        '/superAdmin/maintenance',
        '/superAdmin/resources',
        '/superAdmin/FAQ',
        '/superAdmin/certificates',
        '/superAdmin/companies',
        '/superAdmin/retirements',
        '/superAdmin/health',
      ]);
      expect(apps[0]!.mfs[0]!.children[0]!.menuName).toBe(name);
    }
  });
});
