import {
  type DataPoolItem,
  type DataPoolSummary,
  ErrorCode,
  errorMessage,
  type LicenceBalances,
} from '@fleetport/contract';
import { screen, waitFor, within } from '@testing-library/react';
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

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const GB = 1024 ** 3;
const MB = 1024 ** 2;

const BALANCES: LicenceBalances = {
  products: [{ product: 'ADVANCED', owned: 2, assigned: 2, available: 0, expiringSoon: 0 }],
  offeredLevels: ['BASE', 'ADVANCED'],
  devicesByLevel: [{ level: 'ADVANCED', count: 2 }],
};

const SUMMARY: DataPoolSummary = {
  totalBytes: 6 * GB,
  usedBytes: 5 * GB + 512 * MB,
  remainingBytes: 512 * MB,
  uncoveredBytes: 0,
  packagesAvailable: 3,
  alert: 'low',
  lowPercent: 20,
  items: { valid: 1, inUse: 1, expired: 1 },
};

const item = (over: Partial<DataPoolItem>): DataPoolItem => ({
  id: 1,
  source: 'package',
  sn: null,
  packageBytes: GB,
  licenceBytes: 0,
  usedBytes: 0,
  remainingBytes: GB,
  expireDays: 30,
  state: 'valid',
  createdAt: Date.UTC(2026, 10, 1),
  firstUsedAt: null,
  expiresAt: null,
  ...over,
});

const ITEMS: DataPoolItem[] = [
  item({
    id: 7,
    source: 'licence',
    sn: 'RT0001',
    packageBytes: 0,
    licenceBytes: 5 * GB,
    usedBytes: 5 * GB - 512 * MB,
    remainingBytes: 512 * MB,
    state: 'inUse',
    firstUsedAt: Date.UTC(2026, 10, 2),
    expiresAt: Date.UTC(2026, 11, 2),
  }),
  item({ id: 8 }),
  item({ id: 3, usedBytes: GB, remainingBytes: 0, state: 'expired', expiresAt: Date.UTC(2026, 9, 30) }),
];

function serve(extra: RouteAnswers, funCodes = ['licenses.view', 'licenses.apply', 'licenses.export']) {
  return routeServer({
    ...shellAnswers(funCodes),
    '/gm/license/getLicenseBalances': { data: BALANCES },
    '/gm/dataPool/getSummary': { data: SUMMARY },
    '/gm/dataPool/getUsage': {
      data: Array.from({ length: 30 }, (_, i) => ({
        day: `2026-11-${String(i + 1).padStart(2, '0')}`,
        usedBytes: i * 10 * MB,
        uncoveredBytes: 0,
      })),
    },
    '/gm/dataPool/getItems': { data: { list: ITEMS, total: ITEMS.length } },
    ...extra,
  });
}

signedInEachTest();

describe('data pool tab', () => {
  it(
    'shows the totals, the low alert, the usage chart and each item with its state and expiry',
    async () => {
      serve({});
      renderConsole('/operation/licenses?tab=dataPool');
      const tab = await screen.findByTestId('data-pool-tab', {}, { timeout: 30_000 });
      expect(within(tab).getByText('VPN data pool')).toBeTruthy();
      expect(within(screen.getByTestId('data-pool-total')).getByText('6.00 GB')).toBeTruthy();
      expect(within(screen.getByTestId('data-pool-remaining')).getByText('512.00 MB')).toBeTruthy();
      expect(screen.getByTestId('data-pool-alert').textContent).toBe('Running low');
      expect(screen.getByText('VPN traffic per day')).toBeTruthy();
      const table = await screen.findByTestId('data-pool-items-table');
      await within(table).findByText('RT0001');
      expect(within(table).getByText('Licence traffic')).toBeTruthy();
      expect(within(table).getByText('In use')).toBeTruthy();
      expect(within(table).getByText('Valid')).toBeTruthy();
      expect(within(table).getByText('Expired')).toBeTruthy();
      expect(within(table).getByText('5.00 GB')).toBeTruthy();
      // The export pipeline's button, as every list has it.
      expect(screen.getByRole('button', { name: /Export/ })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'says the pool is empty in Chinese, with the button that fills it',
    async () => {
      await changeLanguage('cn');
      serve({
        '/gm/dataPool/getSummary': {
          data: {
            ...SUMMARY,
            totalBytes: 0,
            usedBytes: 0,
            remainingBytes: 0,
            alert: null,
            items: { valid: 0, inUse: 0, expired: 0 },
          },
        },
        '/gm/dataPool/getItems': { data: { list: [], total: 0 } },
      });
      renderConsole('/operation/licenses?tab=dataPool');
      await screen.findByText('流量池中暂无VPN流量', {}, { timeout: 30_000 });
      expect(screen.getByText('暂无条目')).toBeTruthy();
      expect(screen.getAllByText('添加流量包').length).toBeGreaterThan(0);
      expect(screen.queryByTestId('data-pool-usage')).toBeNull();
      await changeLanguage('en');
    },
    SLOW,
  );

  it(
    'adds packages with one key per dialog, showing 190302 and keeping the dialog open',
    async () => {
      const asked: Array<Record<string, unknown>> = [];
      let answer: 'refuse' | 'accept' = 'refuse';
      serve({
        '/gm/dataPool/addDataPackages': (body) => {
          asked.push(body as never);
          return answer === 'refuse'
            ? refused(ErrorCode.NOT_ENOUGH_LICENCES, { needed: 5, available: 3 })
            : { data: { transactionNo: 'LT00000009', items: [11, 12] } };
        },
      });
      renderConsole('/operation/licenses?tab=dataPool');
      await screen.findByTestId('data-pool-tab', {}, { timeout: 30_000 });
      await userEvent.click(screen.getAllByTestId('data-pool-add')[0]!);
      const quantity = await screen.findByTestId('data-pool-quantity');
      await userEvent.clear(quantity);
      await userEvent.type(quantity, '5');
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /OK|Save/ }));
      await screen.findByText(errorMessage(ErrorCode.NOT_ENOUGH_LICENCES, 'en'), { exact: false });
      answer = 'accept';
      await userEvent.clear(quantity);
      await userEvent.type(quantity, '2');
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /OK|Save/ }));
      await screen.findByText('2 data packages were added to the pool.');
      expect(asked.map((a) => a.quantity)).toEqual([5, 2]);
      expect(asked[1]!.idempotencyKey).toBe(asked[0]!.idempotencyKey);
    },
    SLOW,
  );

  it(
    'saves the low threshold, refusing 100 with the contract’s sentence',
    async () => {
      const saved: unknown[] = [];
      serve({
        '/gm/dataPool/saveSettings': (body) => {
          saved.push(body);
          return { data: body as { lowPercent: number } };
        },
      });
      renderConsole('/operation/licenses?tab=dataPool');
      const input = await screen.findByTestId('data-pool-low-percent', {}, { timeout: 30_000 });
      await userEvent.clear(input);
      await userEvent.type(input, '100');
      await userEvent.click(screen.getByTestId('data-pool-save-settings'));
      await screen.findByText('Please enter an integer from 1 to 99', { exact: false });
      expect(saved).toEqual([]);
      await userEvent.clear(input);
      await userEvent.type(input, '35');
      await userEvent.click(screen.getByTestId('data-pool-save-settings'));
      await screen.findByText('The alert threshold was saved.');
      await waitFor(() => expect(saved).toEqual([{ lowPercent: 35 }]));
    },
    SLOW,
  );

  it(
    'hides adding from a role that may only look',
    async () => {
      serve({}, ['licenses.view']);
      renderConsole('/operation/licenses?tab=dataPool');
      await screen.findByTestId('data-pool-tab', {}, { timeout: 30_000 });
      expect(screen.queryByTestId('data-pool-add')).toBeNull();
    },
    SLOW,
  );
});
