import { FUN_ACTION_LABELS, grantableFunCodes, ROLE_TYPE } from '@fleetport/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { type RouteAnswers, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { signedInUser } from '../../app/test-menus.ts';
import { changeLanguage } from '../../i18n/index.ts';

const SLOW = 60_000;
const OPERATOR_CODES = grantableFunCodes(ROLE_TYPE.operator);

const role = (extra: Record<string, unknown> = {}) => ({
  roleId: 12,
  roleName: 'Field team',
  roleType: ROLE_TYPE.operator,
  description: '',
  isDefault: false,
  userCount: 0,
  funCodes: OPERATOR_CODES,
  grantable: OPERATOR_CODES,
  ...extra,
});

function serve(extra: RouteAnswers, ownRoleType: number = ROLE_TYPE.owner) {
  return routeServer({
    ...shellAnswers(['roles.view', 'roles.create', 'roles.edit', 'roles.remove'], signedInUser(ownRoleType)),
    '/pl/role/getRoleById': { data: role() },
    ...extra,
  });
}

/** The checkbox of one privilege leaf of the tree. */
function leafCheckbox(funCode: string): HTMLElement {
  return screen
    .getByTestId(`privilege-${funCode}`)
    .closest('.ant-tree-treenode')!
    .querySelector('.ant-tree-checkbox')!;
}

signedInEachTest();

describe('role editor', () => {
  it(
    'unticks a privilege and saves the rest of the tree',
    async () => {
      const saved: Array<{ roleId: number; funCodes: string[] }> = [];
      serve({
        '/pl/role/updateRole': (body) => {
          saved.push(body as never);
          return { data: null };
        },
      });
      renderConsole('/operation/userManager/role/jurisdiction/12');
      await screen.findByTestId('privilege-devices.remove', {}, { timeout: 10_000 });
      expect(screen.getAllByText(FUN_ACTION_LABELS.remove.en).length).toBeGreaterThan(0);
      await userEvent.click(leafCheckbox('devices.remove'));
      await userEvent.click(screen.getByTestId('role-save'));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]!.roleId).toBe(12);
      expect([...saved[0]!.funCodes].sort()).toEqual(
        OPERATOR_CODES.filter((c) => c !== 'devices.remove').sort(),
      );
      expect(await screen.findByText('The privileges are saved.')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows a default role read-only, in Chinese',
    async () => {
      await changeLanguage('cn');
      // A default role is stored with its English name; the Chinese console names it in Chinese.
      serve({ '/pl/role/getRoleById': { data: role({ isDefault: true, roleName: 'Operator' }) } });
      renderConsole('/operation/userManager/role/jurisdiction/12');
      expect(await screen.findByText('默认角色不能修改。', {}, { timeout: 10_000 })).toBeTruthy();
      // The workspace tab says what the page says.
      expect(
        screen.getAllByText('角色权限 · 操作员', { selector: '.ant-card-head-title' }).length,
      ).toBeGreaterThan(0);
      await waitFor(() =>
        expect(
          document.querySelector(
            '[data-testid="workspace-tab"][data-path="/operation/userManager/role/jurisdiction/12"]',
          )?.textContent,
        ).toBe('角色权限 · 操作员'),
      );
      expect(screen.getAllByText(FUN_ACTION_LABELS.view.cn).length).toBeGreaterThan(0);
      expect(screen.queryByTestId('role-save')).toBeNull();
      expect(leafCheckbox('devices.view').className).toContain('ant-tree-checkbox-disabled');
    },
    SLOW,
  );

  it(
    'does not let an administrator edit a role of an equal type',
    async () => {
      serve(
        { '/pl/role/getRoleById': { data: role({ roleType: ROLE_TYPE.administrator }) } },
        ROLE_TYPE.administrator,
      );
      renderConsole('/operation/userManager/role/jurisdiction/12');
      expect(
        await screen.findByText(
          'You cannot change the privileges of your own role or of an equal or higher role.',
          {},
          { timeout: 10_000 },
        ),
      ).toBeTruthy();
      expect(screen.queryByTestId('role-save')).toBeNull();
    },
    SLOW,
  );
});
