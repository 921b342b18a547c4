import { describe, expect, it } from 'vitest';
import { buildMenuApps, findMenuPage, firstMenuPath, funCodesOf, type VisitApp } from './menu-model.ts';

const menus: VisitApp[] = [
  {
    appName: 'robustlink',
    appId: 1,
    mfs: [
      {
        menuName: 'Information',
        menuId: 10,
        menuCode: 'Information',
        children: [
          {
            menuName: 'Dashboard',
            menuId: 11,
            loadRes: '/robustlink/dashboard',
            menuCode: 'robustlink.dashboard',
            funList: [{ funCode: 'dashboard:view' }],
          },
        ],
      },
      {
        menuName: 'Devices',
        menuId: 20,
        menuCode: 'Devices',
        children: [{ menuName: 'All devices', menuId: 21, loadRes: 'robustlink/devices/allDevices/' }],
      },
    ],
  },
  {
    appName: 'platform',
    appId: 2,
    mfs: [
      { menuName: 'Licences', menuId: 30, loadRes: '/operation/licenses', funList: [{ funCode: 'buyMore' }] },
    ],
  },
];

describe('left menu model', () => {
  const apps = buildMenuApps(menus);

  it('reads platform as the operation console', () => {
    expect(apps.map((a) => a.segment)).toEqual(['robustlink', 'operation']);
  });

  it('keeps groups around their pages', () => {
    const [information, devices] = apps[0]!.nodes;
    expect(information).toMatchObject({ menuCode: 'Information', path: null });
    expect(information?.children[0]).toMatchObject({
      menuCode: 'robustlink.dashboard',
      path: '/robustlink/dashboard',
    });
    expect(devices?.children[0]).toMatchObject({ menuCode: null, fallback: 'All devices' });
  });

  it('normalizes paths and finds the first page and a page by path', () => {
    expect(firstMenuPath(apps)).toBe('/robustlink/dashboard');
    expect(findMenuPage(apps, '/robustlink/devices/allDevices')?.fallback).toBe('All devices');
  });

  it('collects the funCodes of every menu', () => {
    expect([...funCodesOf(menus)].sort()).toEqual(['buyMore', 'dashboard:view']);
  });
});
