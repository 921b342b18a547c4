import { ErrorCode, errorMessage, type LicenceBalances } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

const BALANCES: LicenceBalances = {
  products: [
    { product: 'ESSENTIAL', owned: 30, assigned: 20, available: 10, expiringSoon: 12 },
    { product: 'ADVANCED', owned: 5, assigned: 0, available: 5, expiringSoon: 0 },
    { product: 'CAPTIVE_PORTAL_PRO', owned: 0, assigned: 0, available: 0, expiringSoon: 0 },
    { product: 'EXTENSION', owned: 0, assigned: 0, available: 0, expiringSoon: 0 },
  ],
  offeredLevels: ['BASE', 'ESSENTIALS', 'ADVANCED', 'CAPTIVE_PORTAL_PRO', 'EXTENSION'],
  devicesByLevel: [
    { level: 'BASE', count: 4 },
    { level: 'ESSENTIALS', count: 20 },
    { level: 'ADVANCED', count: 0 },
    { level: 'CAPTIVE_PORTAL_PRO', count: 0 },
    { level: 'EXTENSION', count: 0 },
  ],
};

function serve(extra: RouteAnswers, funCodes = ['licenses.view', 'licenses.apply', 'licenses.buyMore']) {
  return routeServer({
    ...shellAnswers(funCodes),
    '/gm/license/getLicenseBalances': { data: BALANCES },
    '/link/device/getDeviceList': {
      data: {
        list: [deviceRow('RT0001', { name: 'Depot gate' }), deviceRow('RT0002')],
        total: 2,
        totalCapped: false,
      },
    },
    ...extra,
  });
}

signedInEachTest();

describe('licences page', () => {
  it(
    'shows each product as a card, and gives the picked devices a level with a key that makes a retry post once',
    async () => {
      const asked: Array<Record<string, unknown>> = [];
      let answer: 'refuse' | 'accept' = 'refuse';
      serve({
        '/gm/license/assignDeviceLicense': (body) => {
          asked.push(body as never);
          return answer === 'refuse'
            ? refused(ErrorCode.NOT_ENOUGH_LICENCES, { needed: 2, available: 0 })
            : { data: { transactionNo: 'LT00000007', devices: [] } };
        },
      });
      renderConsole('/operation/licenses');
      const essential = await screen.findByTestId('licence-card-ESSENTIAL', {}, { timeout: 30_000 });
      expect(within(essential).getByText('Essential')).toBeTruthy();
      expect(within(essential).getByText('Ending within 30 days')).toBeTruthy();
      expect(within(essential).getByText('12')).toBeTruthy();
      expect(screen.getByText('Devices by licence level')).toBeTruthy();
      expect(screen.getByTestId('pie-chart')).toBeTruthy();

      await userEvent.click(screen.getByTestId('licences-assign'));
      const picker = within(await screen.findByTestId('assign-devices')).getByRole('combobox');
      fireEvent.mouseDown(picker);
      await userEvent.click(await screen.findByTitle('RT0001 (Depot gate)'));
      await userEvent.click(screen.getByRole('button', { name: /OK|Save/ }));
      // Too few licences: the client shows the catalogue's message, the dialog stays with its choice.
      await screen.findByText(errorMessage(ErrorCode.NOT_ENOUGH_LICENCES, 'en'), { exact: false });
      answer = 'accept';
      await userEvent.click(screen.getByRole('button', { name: /OK|Save/ }));
      await screen.findByText('The level was given to 0 devices.');
      expect(asked).toHaveLength(2);
      expect(asked[0]).toMatchObject({ sns: ['RT0001'], level: 'ESSENTIALS' });
      // The same submit again carries the same key: the server posts it once.
      expect(asked[1]!.idempotencyKey).toBe(asked[0]!.idempotencyKey);
      expect(String(asked[0]!.idempotencyKey)).toMatch(/^[\w-]{8,64}$/);
    },
    SLOW,
  );

  it(
    "sets the company's auto-renew default, refusing a period over 500 with the contract's sentence",
    async () => {
      const saved: Array<Record<string, unknown>> = [];
      serve({
        '/gm/license/getAutoRenewSetting': { data: { enabled: false, period: 1 } },
        '/gm/license/setAutoRenewSetting': (body) => {
          saved.push(body as never);
          return { data: body as { enabled: boolean; period: number } };
        },
      });
      renderConsole('/operation/licenses');
      const card = await screen.findByTestId('auto-renew-card', {}, { timeout: 30_000 });
      await userEvent.click(within(card).getByTestId('auto-renew-enabled'));
      const period = within(card).getByTestId('auto-renew-period');
      await userEvent.clear(period);
      await userEvent.type(period, '501');
      await userEvent.click(within(card).getByTestId('auto-renew-save'));
      await within(card).findByText('The input value exceeds the maximum value 500', { exact: false });
      expect(saved).toEqual([]);
      await userEvent.clear(period);
      await userEvent.type(period, '12');
      await userEvent.click(within(card).getByTestId('auto-renew-save'));
      await screen.findByText('Auto-renew saved.');
      expect(saved).toEqual([{ enabled: true, period: 12 }]);
    },
    SLOW,
  );

  it(
    'hides assignment and buying from a role that may only look',
    async () => {
      serve({}, ['licenses.view']);
      renderConsole('/operation/licenses');
      await screen.findByTestId('licence-card-ESSENTIAL', {}, { timeout: 30_000 });
      expect(screen.queryByTestId('licences-assign')).toBeNull();
      expect(screen.queryByTestId('licences-buy-more')).toBeNull();
    },
    SLOW,
  );
});

describe('billing history', () => {
  it(
    'lists transactions with price, total and operator in Chinese, and filters by device',
    async () => {
      await changeLanguage('cn');
      const asked: Array<Record<string, unknown>> = [];
      serve(
        {
          '/gm/license/getBillingList': (body) => {
            asked.push(body as never);
            return {
              data: {
                total: 2,
                list: [
                  {
                    id: 1,
                    transactionNo: 'LT00000042',
                    at: Date.UTC(2026, 0, 5, 8, 0),
                    movement: 'assignmentIn',
                    billingType: 'assignment',
                    quantity: 20,
                    product: 'ESSENTIAL',
                    unitPrice: 6,
                    total: 120,
                    operator: 'Ada',
                    sn: null,
                    counterparty: 'Delta Distribution',
                    rebateAmount: null,
                  },
                  {
                    id: 2,
                    transactionNo: 'LT00000043',
                    at: Date.UTC(2026, 0, 6, 8, 0),
                    movement: 'rebate',
                    billingType: 'rebate',
                    quantity: 0,
                    product: 'ADVANCED',
                    unitPrice: null,
                    total: null,
                    operator: 'Ada',
                    sn: null,
                    counterparty: 'Acme Retail',
                    rebateAmount: 12.34,
                  },
                ],
              },
            };
          },
        },
        ['billing.view'],
      );
      renderConsole('/operation/billing');
      const table = await screen.findByTestId('billing-table', {}, { timeout: 30_000 });
      await within(table).findByText('LT00000042');
      expect(within(table).getByText('分配')).toBeTruthy();
      expect(within(table).getByText('分配获得')).toBeTruthy();
      expect(within(table).getByText('标准版')).toBeTruthy();
      expect(within(table).getByText('120.00')).toBeTruthy();
      // A distributor's rebate on its customer's purchase shows its amount in its own column.
      expect(within(table).getByText('客户购买返利')).toBeTruthy();
      expect(within(table).getByText('12.34')).toBeTruthy();
      expect(asked[0]).toEqual({ pageNum: 1, pageSize: 20 });
      fireEvent.change(screen.getByTestId('billing-sn'), { target: { value: 'RT0001' } });
      await userEvent.click(screen.getByTestId('billing-search'));
      await waitFor(() => expect(asked.at(-1)).toEqual({ pageNum: 1, pageSize: 20, sn: 'RT0001' }));
      await changeLanguage('en');
    },
    SLOW,
  );
});
