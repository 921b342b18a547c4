import { ROLE_TYPE } from '@fleetport/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { type RouteAnswers, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { signedInUser } from '../../app/test-menus.ts';
import { changeLanguage } from '../../i18n/index.ts';
import { draftOf, restrictionOf } from './restriction-model.ts';

const SLOW = 60_000;

function serve(extra: RouteAnswers) {
  return routeServer({
    ...shellAnswers(['companyAccount.view', 'companyAccount.edit'], signedInUser(ROLE_TYPE.owner)),
    '/pl/company/getCompanyAccount': {
      data: {
        companyId: 7,
        name: 'Acme',
        type: 0,
        country: null,
        memberCount: 2,
        hasRelations: false,
        createdAt: 0,
      },
    },
    '/pl/company/getAccessRestriction': { data: null },
    ...extra,
  });
}

async function openRestrictionTab() {
  renderConsole('/operation/companyAccount');
  await userEvent.click(await screen.findByText('Access restriction', {}, { timeout: 10_000 }));
  await screen.findByTestId('restriction-save');
}

signedInEachTest();

describe('access restriction', () => {
  it('starts a new restriction off, every day open, for a year from today', () => {
    const draft = draftOf(null, new Date('2026-11-21T10:00:00Z'));
    expect(restrictionOf(draft)).toMatchObject({
      enabled: false,
      startDate: '2026-11-21',
      endDate: '2027-11-21',
      roleTypes: [],
      holidays: [],
    });
    expect(restrictionOf(draft).days).toHaveLength(7);
  });

  it(
    'refuses two holidays of the same name with the contract message and sends nothing',
    async () => {
      const saves: unknown[] = [];
      serve({
        '/pl/company/getAccessRestriction': {
          data: {
            enabled: true,
            startDate: '2026-01-01',
            endDate: '2027-12-31',
            days: [],
            roleTypes: [ROLE_TYPE.readOnly],
            holidays: [
              { name: 'New year', time: '2027-01-01' },
              { name: 'Spring', time: '2027-02-01' },
            ],
          },
        },
        '/pl/company/saveAccessRestriction': (body) => {
          saves.push(body);
          return { data: null };
        },
      });
      await openRestrictionTab();
      const names = screen.getAllByTestId('holiday-name');
      fireEvent.change(names[1]!, { target: { value: 'new year' } });
      await userEvent.click(screen.getByTestId('restriction-save'));
      expect((await screen.findByTestId('restriction-problems')).textContent).toContain(
        'The holiday already exists',
      );
      expect(saves).toEqual([]);
    },
    SLOW,
  );

  it(
    'saves the barred role types, in Chinese',
    async () => {
      await changeLanguage('cn');
      const saves: Array<Record<string, unknown>> = [];
      serve({
        '/pl/company/saveAccessRestriction': (body) => {
          saves.push(body as never);
          return { data: null };
        },
      });
      renderConsole('/operation/companyAccount');
      await userEvent.click(await screen.findByText('访问限制', {}, { timeout: 10_000 }));
      await userEvent.click(await screen.findByTestId('restriction-enabled'));
      await userEvent.click(screen.getByTestId(`restriction-role-${ROLE_TYPE.readOnly}`));
      await userEvent.click(screen.getByTestId('restriction-save'));
      await waitFor(() => expect(saves).toHaveLength(1));
      expect(saves[0]).toMatchObject({ enabled: true, roleTypes: [ROLE_TYPE.readOnly], holidays: [] });
      expect(await screen.findByText('访问限制已保存。')).toBeTruthy();
    },
    SLOW,
  );
});
