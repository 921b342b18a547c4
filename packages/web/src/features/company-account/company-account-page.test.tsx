import { errorMessage, ROLE_TYPE } from '@fleetport/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { type RouteAnswers, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { signedInUser } from '../../app/test-menus.ts';
import { changeLanguage } from '../../i18n/index.ts';

const SLOW = 60_000;
const company = {
  companyId: 70,
  name: 'Acme',
  type: 1,
  country: 'NZ',
  memberCount: 4,
  hasRelations: true,
  createdAt: 0,
};

function serve(codes: string[], roleType: number, extra: RouteAnswers = {}) {
  return routeServer({
    ...shellAnswers(codes, { ...signedInUser(roleType), isDelete: 1 }),
    '/pl/company/getCompanyAccount': { data: company },
    ...extra,
  });
}

signedInEachTest();

describe('company account', () => {
  it(
    'shows name, type, country and ID, and a viewer cannot edit them',
    async () => {
      serve(['companyAccount.view'], ROLE_TYPE.readOnly);
      renderConsole('/operation/companyAccount');
      expect((await screen.findByTestId('company-name', {}, { timeout: 10_000 })).textContent).toBe('Acme');
      expect(screen.getByTestId('company-id').textContent).toBe('70');
      expect(screen.getByText('Distributor')).toBeTruthy();
      expect(screen.getByText('NZ')).toBeTruthy();
      expect(screen.queryByTestId('company-edit')).toBeNull();
      // Read-only users are no administrators: no access restriction tab.
      expect(screen.queryByText('Access restriction')).toBeNull();
    },
    SLOW,
  );

  it(
    'leaves the company only after the confirmation, in Chinese',
    async () => {
      await changeLanguage('cn');
      const left: unknown[] = [];
      serve(['companyAccount.view', 'companyAccount.edit'], ROLE_TYPE.administrator, {
        '/pl/company/leaveCompany': (body) => {
          left.push(body);
          return { code: 14025 };
        },
      });
      renderConsole('/operation/companyAccount');
      expect(await screen.findByText('分销商', {}, { timeout: 10_000 })).toBeTruthy();
      expect(screen.getByTestId('company-edit')).toBeTruthy();
      await userEvent.click(screen.getByTestId('company-leave'));
      expect((await screen.findAllByText('确定退出该公司？')).length).toBeGreaterThan(0);
      expect(left).toEqual([]);
      await userEvent.click(screen.getByTestId('confirm-ok'));
      await waitFor(() => expect(left).toEqual([{}]));
      // The company's default user cannot leave: the catalogue says so and the session stays.
      expect(await screen.findByText((text) => text.includes(errorMessage(14025, 'cn')))).toBeTruthy();
    },
    SLOW,
  );
});
