import { type Customer, ErrorCode, errorMessage, type LicenceBalances } from '@fleetport/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import {
  type RouteAnswers,
  refused,
  renderConsole,
  routeServer,
  shellAnswers,
} from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';
import { deviceRow } from '../devices/device-test-fixtures.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const EDIT = ['customers.view', 'customers.create', 'customers.edit', 'customers.export'];

const ACME: Customer = {
  companyId: 41,
  name: 'Acme End',
  type: 0,
  country: 'Chile',
  createdAt: Date.UTC(2026, 0, 5, 8, 0),
  deviceCount: 2,
  licences: [{ product: 'ESSENTIAL', unused: 5, assigned: 1 }],
  partner: { companyId: 7, name: 'Northwind Distribution' },
  direct: true,
};
const RIVERSIDE: Customer = {
  companyId: 42,
  name: 'Riverside Resale',
  type: 2,
  country: null,
  createdAt: Date.UTC(2026, 0, 4, 8, 0),
  deviceCount: 0,
  licences: [],
  partner: { companyId: 7, name: 'Northwind Distribution' },
  direct: true,
};
const BALANCES: LicenceBalances = {
  products: [
    { product: 'ESSENTIAL', owned: 6, assigned: 1, available: 5, expiringSoon: 0 },
    { product: 'ADVANCED', owned: 0, assigned: 0, available: 0, expiringSoon: 0 },
  ],
  offeredLevels: ['BASE', 'ESSENTIALS', 'ADVANCED'],
  devicesByLevel: [],
};

function serve(extra: RouteAnswers, funCodes = EDIT) {
  return routeServer({
    ...shellAnswers(funCodes),
    '/gm/customer/getMyCustomers': { data: { list: [ACME, RIVERSIDE], total: 2 } },
    '/gm/customer/getCustomer': { data: ACME },
    '/gm/customer/getCustomerLicenses': { data: BALANCES },
    '/gm/customer/getCustomerDevices': {
      data: { list: [deviceRow('ACME0001', { name: 'Dock gate' })], total: 1, totalCapped: false },
    },
    ...extra,
  });
}

signedInEachTest();

describe('my customers', () => {
  it(
    'lists customers with type, devices and licences, links to orders and prices, and adds an end customer',
    async () => {
      const asked: Array<Record<string, unknown>> = [];
      serve({
        '/gm/customer/addCustomer': (body) => {
          asked.push(body as never);
          return asked.length === 1
            ? refused(ErrorCode.CUSTOMER_EXISTS)
            : { data: { companyId: 43, invitationId: 7 } };
        },
      });
      renderConsole('/distributorconsole/myCustomers');
      const table = await screen.findByTestId('customers-table', {}, { timeout: 30_000 });
      await within(table).findByText('Acme End');
      expect(within(table).getByText('Re-seller')).toBeTruthy();
      expect(within(table).getByText('Essential 5 / 1')).toBeTruthy();
      expect(within(table).getByTestId('customer-prices-41').getAttribute('href')).toBe(
        '/distributorconsole/myCustomers/41/prices',
      );
      await userEvent.click(screen.getByTestId('customers-add'));
      fireEvent.change(screen.getByTestId('customer-name'), { target: { value: 'Acme End' } });
      fireEvent.change(screen.getByTestId('customer-owner-email'), { target: { value: 'ann@acme.test' } });
      await userEvent.click(screen.getByRole('button', { name: /OK|Save/ }));
      await screen.findByText(errorMessage(ErrorCode.CUSTOMER_EXISTS, 'en'), { exact: false });
      fireEvent.change(screen.getByTestId('customer-name'), { target: { value: 'Acme West' } });
      await userEvent.click(screen.getByRole('button', { name: /OK|Save/ }));
      await screen.findByText('Acme West was added; the invitation went to ann@acme.test.');
      expect(asked[1]).toEqual({ name: 'Acme West', type: 0, ownerEmail: 'ann@acme.test' });
    },
    SLOW,
  );

  it(
    'says there are no customers yet, and hides adding from a role that may only look',
    async () => {
      serve({ '/gm/customer/getMyCustomers': { data: { list: [], total: 0 } } }, ['customers.view']);
      renderConsole('/resellerconsole/myCustomers');
      await screen.findByText(/No customers yet/, {}, { timeout: 30_000 });
      expect(screen.queryByTestId('customers-add')).toBeNull();
      expect(screen.getByTestId('customers-orders')).toBeTruthy();
    },
    SLOW,
  );
});

describe("a customer's page", () => {
  it(
    'shows the licences and takes some back only after confirming, in Chinese',
    async () => {
      await changeLanguage('cn');
      const reduced: Array<Record<string, unknown>> = [];
      serve({
        '/gm/license/reduceCustomerLicenses': (body) => {
          reduced.push(body as never);
          return { data: { transactionNo: 'LT00000009' } };
        },
      });
      renderConsole('/distributorconsole/myCustomers/41?tab=licences');
      const tab = await screen.findByTestId('customer-licences', {}, { timeout: 30_000 });
      expect(within(tab).getByText('标准版')).toBeTruthy();
      await userEvent.click(screen.getByTestId('customer-reduce'));
      await screen.findByText('只能收回未使用的许可证（当前5个）。');
      fireEvent.change(screen.getByTestId('move-quantity'), { target: { value: '2' } });
      await userEvent.click(screen.getByRole('button', { name: /确\s*定|保\s*存/ }));
      expect(await screen.findAllByText('确定从Acme End收回2个标准版许可证吗？')).not.toHaveLength(0);
      expect(reduced).toHaveLength(0);
      await userEvent.click(screen.getByTestId('reduce-confirm'));
      await screen.findByText('许可证已收回（LT00000009）。');
      expect(reduced[0]).toMatchObject({ companyId: 41, product: 'ESSENTIAL', quantity: 2 });
      await changeLanguage('en');
    },
    SLOW,
  );

  it(
    "lists the customer's devices and transfers picked devices after confirming",
    async () => {
      const moved: Array<Record<string, unknown>> = [];
      serve({
        '/link/device/getDeviceList': {
          data: { list: [deviceRow('OWN0001', { name: 'Spare' })], total: 1, totalCapped: false },
        },
        '/gm/customer/transferDevices': (body) => {
          moved.push(body as never);
          return { data: { sns: ['OWN0001'] } };
        },
      });
      renderConsole('/distributorconsole/myCustomers/41?tab=devices');
      const devices = await screen.findByTestId('customer-devices', {}, { timeout: 30_000 });
      await within(devices).findByText('ACME0001');
      await userEvent.click(screen.getByTestId('tab-transfer'));
      const picker = within(await screen.findByTestId('transfer-devices')).getByRole('combobox');
      fireEvent.mouseDown(picker);
      await userEvent.click(await screen.findByTitle('OWN0001 (Spare)'));
      await userEvent.click(screen.getByTestId('transfer-submit'));
      await userEvent.click(await screen.findByTestId('transfer-confirm'));
      await screen.findByText('1 device transferred.');
      expect(moved[0]).toEqual({ companyId: 41, direction: 'toCustomer', sns: ['OWN0001'] });
    },
    SLOW,
  );

  it(
    "shows a re-seller's customers, and one of them read-only with its partner named",
    async () => {
      const listed: Array<Record<string, unknown>> = [];
      const GARAGE: Customer = {
        ...ACME,
        companyId: 44,
        name: 'Grandchild Garage',
        partner: { companyId: 42, name: 'Riverside Resale' },
        direct: false,
      };
      serve({
        '/gm/customer/getCustomer': (body) => ({
          data: (body as { companyId: number }).companyId === 42 ? RIVERSIDE : GARAGE,
        }),
        '/gm/customer/getMyCustomers': (body) => {
          listed.push(body as never);
          return { data: { list: [GARAGE], total: 1 } };
        },
      });
      renderConsole('/distributorconsole/myCustomers/42?tab=customers');
      const table = await screen.findByTestId('reseller-customers', {}, { timeout: 30_000 });
      await within(table).findByText('Grandchild Garage');
      expect(listed.at(-1)).toMatchObject({ partnerCompanyId: 42 });
      await userEvent.click(within(table).getByTestId('customer-44'));
      await screen.findByText(
        'A customer of Riverside Resale, shown read-only: Riverside Resale manages its licences, devices and prices.',
      );
      expect(screen.queryByTestId('customer-edit')).toBeNull();
      expect(screen.queryByTestId('customer-prices')).toBeNull();
      expect(screen.queryByTestId('tab-transfer')).toBeNull();
      await userEvent.click(screen.getByTestId('tab-licences'));
      await screen.findByTestId('customer-licences');
      expect(screen.queryByTestId('customer-assign')).toBeNull();
    },
    SLOW,
  );
});
