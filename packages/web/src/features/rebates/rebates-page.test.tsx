import type { RebateRecord, RebateTotal } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;

const REBATES: RebateRecord[] = [
  {
    id: 7,
    transactionNo: 'LT00000042',
    at: Date.UTC(2026, 1, 20, 10, 0),
    customer: 'Bravo Marine',
    seller: 'Rho Resale',
    product: 'ESSENTIAL',
    quantity: 12,
    unitPrice: 12.5,
    saleTotal: 150,
    rebateAmount: 15,
  },
];

const MONTHS: RebateTotal[] = [
  { period: '2026-02', transactions: 2, saleTotal: 550, rebateAmount: 45 },
  { period: '2026-01', transactions: 1, saleTotal: 240, rebateAmount: 24 },
];
const QUARTERS: RebateTotal[] = [{ period: '2026-Q1', transactions: 3, saleTotal: 790, rebateAmount: 69 }];

signedInEachTest();

describe("the distributor's rebate page", () => {
  it(
    'shows its rates, totals per month or quarter and each rebate, and filters both by the search',
    async () => {
      const listed: Array<Record<string, unknown>> = [];
      const totalled: Array<Record<string, unknown>> = [];
      routeServer({
        ...shellAnswers(['distributorRebates.view', 'distributorRebates.export']),
        '/gm/rebate/getMyRebateRule': {
          data: {
            companyId: 3,
            companyName: 'Delta',
            rates: [
              { product: 'ADVANCED', kind: 'perLicence', value: 1.5 },
              { product: 'ESSENTIAL', kind: 'percent', value: 10 },
            ],
            updatedAt: 0,
          },
        },
        '/gm/rebate/getRebateList': (body) => {
          listed.push(body as never);
          return { data: { total: 1, list: REBATES } };
        },
        '/gm/rebate/getRebateTotals': (body) => {
          totalled.push(body as never);
          const period = (body as { period: string }).period;
          return { data: { total: 2, list: period === 'quarter' ? QUARTERS : MONTHS } };
        },
      });
      renderConsole('/distributorconsole/rebateAmount');
      const rule = await screen.findByTestId('rebate-rule', {}, { timeout: 30_000 });
      expect(await within(rule).findByText('10 % of each approved order')).toBeTruthy();
      expect(within(rule).getByText('1.50 USD per licence ordered')).toBeTruthy();
      const table = await screen.findByTestId('rebate-table');
      await within(table).findByText('LT00000042');
      expect(within(table).getByText('Rho Resale')).toBeTruthy();
      expect(within(table).getByText('150.00')).toBeTruthy();
      expect(within(table).getByText('15.00')).toBeTruthy();
      const totals = screen.getByTestId('rebate-totals');
      await within(totals).findByText('2026-02');
      expect(within(totals).getByText('45.00')).toBeTruthy();

      await userEvent.click(screen.getByText('Quarter'));
      await within(totals).findByText('2026-Q1');
      expect(within(totals).getByText('69.00')).toBeTruthy();

      fireEvent.change(screen.getByTestId('rebate-search'), { target: { value: 'bravo' } });
      await userEvent.click(screen.getByTestId('rebate-search-button'));
      await waitFor(() => expect(listed.at(-1)).toEqual({ pageNum: 1, pageSize: 20, search: 'bravo' }));
      await waitFor(() =>
        expect(totalled.at(-1)).toEqual({ pageNum: 1, pageSize: 12, period: 'quarter', search: 'bravo' }),
      );
    },
    SLOW,
  );

  it(
    'reads in Chinese, and says so when the platform set no rates',
    async () => {
      await changeLanguage('cn');
      routeServer({
        ...shellAnswers(['distributorRebates.view']),
        '/gm/rebate/getMyRebateRule': {
          data: { companyId: 3, companyName: 'Delta', rates: [], updatedAt: null },
        },
        '/gm/rebate/getRebateList': { data: { total: 0, list: [] } },
        '/gm/rebate/getRebateTotals': { data: { total: 0, list: [] } },
      });
      renderConsole('/distributorconsole/rebateAmount');
      await screen.findByText('平台尚未为您设置返利比例：批准的订单暂无返利。', {}, { timeout: 30_000 });
      expect(await screen.findByText('暂无返利。客户的订单被批准后将显示在这里。')).toBeTruthy();
      expect(screen.getByText('按周期汇总')).toBeTruthy();
      await changeLanguage('en');
    },
    SLOW,
  );
});
