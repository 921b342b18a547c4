import {
  type CompanyQuota,
  type Customer,
  ErrorCode,
  errorMessage,
  type LicenceBalances,
  menuFunCodes,
  menusForRoleType,
  ROLE_TYPE,
  type VisitApp,
} from '@fleetport/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { refused, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { signedInUser } from '../../app/test-menus.ts';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;

const ACME: Customer = {
  companyId: 41,
  name: 'Acme End',
  type: 0,
  country: null,
  createdAt: Date.UTC(2026, 0, 5),
  deviceCount: 3,
  licences: [],
  partner: { companyId: 7, name: 'Northwind Distribution' },
  direct: true,
};

const QUOTA: CompanyQuota = {
  companyId: 41,
  companyName: 'Acme End',
  devices: { limit: 5, held: 3 },
  apiCallsPerSecond: null,
  licences: [{ product: 'ESSENTIAL', limit: 20, period: 'month', drawn: 12 }],
  ceiling: { devices: 10, apiCallsPerSecond: 12, licences: [] },
  setBy: 'Delta Distribution',
  updatedAt: Date.UTC(2026, 10, 1),
};

const BALANCES: LicenceBalances = {
  products: [{ product: 'ESSENTIAL', owned: 12, assigned: 3, available: 9, expiringSoon: 0 }],
  offeredLevels: ['BASE', 'ESSENTIALS'],
  devicesByLevel: [],
};

signedInEachTest();

describe('quota editor on a customer’s page', () => {
  it(
    'shows the limits with usage and the partner’s own, and saves them; a refusal names the limit',
    async () => {
      const asked: Array<Record<string, unknown>> = [];
      routeServer({
        ...shellAnswers(['customers.view', 'customers.edit']),
        '/gm/customer/getCustomer': { data: ACME },
        '/gm/quota/getCustomerQuota': { data: QUOTA },
        '/gm/quota/setCustomerQuota': (body) => {
          asked.push(body as never);
          return asked.length === 1
            ? refused(ErrorCode.QUOTA_ABOVE_OWN, { field: 'devices', limit: 10 })
            : { data: { ...QUOTA, devices: { limit: 8, held: 3 } } };
        },
      });
      renderConsole('/distributorconsole/myCustomers/41?tab=limits');
      const editor = await screen.findByTestId('quota-editor', {}, { timeout: 30_000 });
      expect(within(editor).getByText('3 held now · Your own limit: 10')).toBeTruthy();
      expect(within(editor).getByText('Your own limit: 12')).toBeTruthy();
      expect(within(editor).getByText(/Set by Delta Distribution/)).toBeTruthy();
      expect(within(editor).getByText('Drawn: 12')).toBeTruthy();
      fireEvent.change(within(editor).getByTestId('quota-devices'), { target: { value: '8' } });
      fireEvent.click(within(editor).getByTestId('quota-add-licence'));
      expect(within(editor).getAllByTestId('quota-licence-row')).toHaveLength(2);
      fireEvent.click(within(editor).getByTestId('quota-save'));
      await screen.findByText(
        `${errorMessage(ErrorCode.QUOTA_ABOVE_OWN, 'en', { field: 'devices', limit: 10 })} (15054)`,
      );
      expect(asked[0]).toEqual({
        companyId: 41,
        devices: 8,
        apiCallsPerSecond: null,
        licences: [
          { product: 'ESSENTIAL', limit: 20, period: 'month' },
          // The next product without a limit, per month, as added.
          { product: 'BASIC', limit: 0, period: 'month' },
        ],
      });
      // The refusal shows as the call fails; the button takes clicks again once the save has settled
      // (a click while it still spins is ignored, as a person's would be).
      await waitFor(() =>
        expect(within(editor).getByTestId('quota-save').className).not.toContain('ant-btn-loading'),
      );
      fireEvent.click(within(editor).getByTestId('quota-save'));
      await screen.findByText('The limits of Acme End were saved.');
    },
    SLOW,
  );

  it(
    'is read-only without the edit permission, in Chinese',
    async () => {
      await changeLanguage('cn');
      routeServer({
        ...shellAnswers(['customers.view']),
        '/gm/customer/getCustomer': { data: ACME },
        '/gm/quota/getCustomerQuota': { data: QUOTA },
      });
      renderConsole('/distributorconsole/myCustomers/41?tab=limits');
      const editor = await screen.findByTestId('quota-editor', {}, { timeout: 30_000 });
      expect(within(editor).getByText('可持有设备数')).toBeTruthy();
      expect(within(editor).queryByTestId('quota-save')).toBeNull();
      expect((within(editor).getByTestId('quota-devices') as HTMLInputElement).disabled).toBe(true);
    },
    SLOW,
  );
});

describe('a company’s own limits', () => {
  it(
    'shows what its partner set and what it uses on the licences page',
    async () => {
      routeServer({
        ...shellAnswers(['licenses.view']),
        '/gm/license/getLicenseBalances': { data: BALANCES },
        '/gm/license/getAutoRenewSetting': { data: { enabled: false, period: 1 } },
        '/gm/quota/getMyQuota': { data: { ...QUOTA, ceiling: null } },
      });
      renderConsole('/operation/licenses');
      const card = await screen.findByTestId('my-limits', {}, { timeout: 30_000 });
      expect(within(card).getByText('Set by Delta Distribution')).toBeTruthy();
      expect(within(card).getByText('3 of 5')).toBeTruthy();
      expect(within(card).getByText('Platform default')).toBeTruthy();
      expect(within(card).getByText('Essential (Per month)')).toBeTruthy();
      expect(within(card).getByText('12 of 20 drawn')).toBeTruthy();
    },
    SLOW,
  );
});

/** The menus the server answers a role type's default role (menus.routes.ts does the same). */
function serverMenus(roleType: number): VisitApp[] {
  return menusForRoleType(roleType).map((app) => ({
    appName: app.appName,
    appId: app.appId,
    mfs: app.groups.map((g) => ({
      menuId: `${app.appName}.${g.groupCode}`,
      menuCode: g.groupCode,
      menuName: g.name.en,
      menuDesc: g.name.en,
      loadRes: '',
      foldIcon: g.icon,
      menuNameLanguageKey: `menuGroup.${g.groupCode}`,
      funList: [],
      children: g.menus.map((m) => ({
        menuId: m.menuCode,
        menuCode: m.menuCode,
        menuName: m.name.en,
        menuDesc: m.name.en,
        loadRes: m.path,
        foldIcon: '',
        menuNameLanguageKey: `menu.${m.menuCode}`,
        funList: menuFunCodes(m).map((funCode) => ({ funCode })),
        children: [],
      })),
    })),
  }));
}

describe('a provisioner’s console', () => {
  it(
    'offers the device and provisioning pages only, and shows no licences page',
    async () => {
      const menus = serverMenus(ROLE_TYPE.provisioner);
      const codes = menus.flatMap((a) => a.mfs.flatMap((g) => g.children.flatMap((m) => m.funList)));
      routeServer({
        ...shellAnswers(
          codes.map((c) => c.funCode),
          { ...signedInUser(ROLE_TYPE.provisioner), roleName: 'Provisioner' },
        ),
        '/pl/user/getVisitMenus': { data: menus },
      });
      renderConsole('/robustlink/devices/import');
      const menu = await screen.findByTestId('left-menu', {}, { timeout: 30_000 });
      for (const group of within(menu).queryAllByTestId('menu-group')) fireEvent.click(group);
      await waitFor(() => expect(within(menu).getAllByTestId('menu-item').length).toBeGreaterThan(2));
      const paths = within(menu)
        .getAllByTestId('menu-item')
        .map((item) => item.getAttribute('data-path'));
      expect(paths).toEqual(
        expect.arrayContaining(['/robustlink/devices/allDevices', '/robustlink/devices/import']),
      );
      for (const denied of ['/robustlink/activity', '/robustlink/tags', '/robustlink/alertCenter'])
        expect(paths).not.toContain(denied);
      // No operation console at all: its licences, billing and users pages are not offered.
      expect(menus.map((app) => app.appName)).toEqual(['robustlink', 'installerconsole']);
      cleanup();
      renderConsole('/operation/licenses');
      await screen.findByTestId('page-forbidden', {}, { timeout: 30_000 });
      expect(screen.queryByTestId('licences-page')).toBeNull();
    },
    SLOW,
  );
});
