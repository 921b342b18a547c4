import { errorMessage, leaveMyCompanyCall, myCompanyLimitsCall, ROLE_TYPE } from '@fleetport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { answerOf, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { signedInUser } from '../../app/test-menus.ts';
import { changeLanguage } from '../../i18n/index.ts';

const SLOW = 60_000;
// Acme (7) is the session's company; Harbour (8) is the default one.
const companies = {
  total: 2,
  list: [
    { companyId: 8, companyName: 'Harbour', defaultAccount: true, companyType: 0 },
    { companyId: 7, companyName: 'Acme', defaultAccount: false, companyType: 1 },
  ],
};

function serve(
  limits = { joined: 2, max: 100 as const, oneCompanyPerAccount: false, joinRefusedWith: null },
) {
  const calls: { path: string; body: unknown }[] = [];
  const record =
    <T,>(path: string, data: T) =>
    (body: unknown) => {
      calls.push({ path, body });
      return { code: 0, data };
    };
  routeServer({
    ...shellAnswers([], { ...signedInUser(ROLE_TYPE.administrator), isDelete: 1 }),
    '/pl/group/getCompanyListByUserIdAndCompanyName': { data: companies },
    ...answerOf(myCompanyLimitsCall, limits),
    '/pl/company/setDefaultCompany': record('setDefault', null),
    [leaveMyCompanyCall.path]: record('leave', { signedOut: false }),
  });
  return calls;
}

signedInEachTest();

describe('my companies (operation/userAccount)', () => {
  it(
    'lists the companies with the default and current ones marked, makes one the default and leaves another',
    async () => {
      const calls = serve();
      renderConsole('/operation/userAccount');
      expect((await screen.findByTestId('companies-joined', {}, { timeout: 10_000 })).textContent).toBe(
        'You belong to 2 of at most 100 companies.',
      );
      const table = await screen.findByTestId('my-companies');
      expect(within(table).getByText('Default')).toBeTruthy();
      expect(within(table).getByText('Current')).toBeTruthy();
      expect(within(table).getByText('Distributor')).toBeTruthy();
      // The default company offers no "make default"; the current one no "switch to".
      expect(screen.queryByTestId('company-default-8')).toBeNull();
      expect(screen.queryByTestId('company-switch-7')).toBeNull();

      await userEvent.click(screen.getByTestId('company-default-7'));
      await waitFor(() => expect(calls).toEqual([{ path: 'setDefault', body: { companyId: 7 } }]));
      expect(await screen.findByText('You will now land in Acme after signing in.')).toBeTruthy();

      await userEvent.click(screen.getByTestId('company-leave-8'));
      expect((await screen.findAllByText('Leave Harbour?')).length).toBeGreaterThan(0);
      await userEvent.click(screen.getByTestId('confirm-ok'));
      await waitFor(() => expect(calls.at(-1)).toEqual({ path: 'leave', body: { companyId: 8 } }));
      expect(await screen.findByText('You have left Harbour.')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'says in Chinese that the one-company rule stops joining another (14050)',
    async () => {
      await changeLanguage('cn');
      serve({ joined: 2, max: 100, oneCompanyPerAccount: true, joinRefusedWith: 14050 as never });
      renderConsole('/operation/userAccount');
      expect((await screen.findByTestId('companies-joined', {}, { timeout: 10_000 })).textContent).toBe(
        '您已加入 2 个公司，最多可加入 100 个。',
      );
      expect(screen.getByText('本平台的每个账号只能属于一个公司。')).toBeTruthy();
      expect(screen.getByTestId('companies-join-refused').textContent).toContain(
        `${errorMessage(14050, 'cn')} (14050)`,
      );
      expect(await screen.findByText('分销商')).toBeTruthy();
    },
    SLOW,
  );
});
