import type { CustomerTerms } from '@fleetport/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;

const TERMS: CustomerTerms = {
  companyId: 41,
  companyName: 'Quay Logistics',
  onlinePurchaseForbidden: false,
  prices: [
    { product: 'ESSENTIAL', unitPrice: null, minimumPurchase: 12 },
    { product: 'ADVANCED', unitPrice: 20, minimumPurchase: 24 },
  ],
};

signedInEachTest();

describe("a customer's prices", () => {
  it(
    'prices a product, keeps the others, forbids online purchase and saves the whole list',
    async () => {
      const saved: unknown[] = [];
      routeServer({
        ...shellAnswers(['customers.view', 'customers.edit']),
        '/gm/checkout/getCustomerTerms': { data: TERMS },
        '/gm/checkout/setCustomerTerms': (body) => {
          saved.push(body);
          return { data: TERMS };
        },
      });
      renderConsole('/distributorconsole/myCustomers/41/prices');
      await screen.findByText('Prices for Quay Logistics', {}, { timeout: 30_000 });
      const priced = await screen.findByTestId('price-priced-ESSENTIAL');
      await userEvent.click(priced);
      await userEvent.click(screen.getByTestId('prices-save'));
      expect(await screen.findByText('Enter a price')).toBeTruthy();
      fireEvent.change(screen.getByTestId('price-unit-ESSENTIAL'), { target: { value: '11.25' } });
      fireEvent.change(screen.getByTestId('price-minimum-ESSENTIAL'), { target: { value: '24' } });
      await userEvent.click(screen.getByTestId('prices-forbid'));
      await userEvent.click(screen.getByTestId('prices-save'));
      await screen.findByText('Prices saved.');
      await waitFor(() =>
        expect(saved).toEqual([
          {
            companyId: 41,
            onlinePurchaseForbidden: true,
            prices: [
              { product: 'ESSENTIAL', unitPrice: 11.25, minimumPurchase: 24 },
              { product: 'ADVANCED', unitPrice: 20, minimumPurchase: 24 },
            ],
          },
        ]),
      );
    },
    SLOW,
  );
});
