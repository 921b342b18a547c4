/**
 * Operation journey (issue 4), once per language: the owner invites an operator by e-mail, the
 * operator accepts and sees a narrower console whose forbidden pages and calls stay shut; the owner
 * makes a custom role from Operator without the activity log and assigns it; an access restriction
 * barring read-only users logs one out with the 14091 alert.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  activityLogListCall,
  DEFAULT_ROLE_NAMES,
  ErrorCode,
  errorMessage,
  INVITATION_STATE_LABELS,
  type Lang,
  userListCall,
} from '@fleetport/contract';
import { operation } from '../packages/web/src/i18n/operation.ts';
import { consolePath, consoleUrl, type JourneyPage, newPage, screenshot } from './harness.ts';
import {
  callAs,
  choose,
  dialogSave,
  dismissInstructions,
  mailed,
  menuPaths,
  open,
  registerOwner,
  signIn,
} from './operation-steps.ts';

const PASSWORD = 'Fleet!port-Secure9';
const USERS = '/operation/userManager/user';
const ROLES = '/operation/userManager/role';
const ACTIVITY = '/robustlink/activity';

/** The whole journey in one language; each language runs as its own journey file (time limit per file). */
export function operationJourney(lang: Lang) {
  describe(`operation journey (${lang})`, () => {
    const text = operation[lang];
    const stamp = `${lang}${Date.now()}`;
    const ownerEmail = `owner.${stamp}@example.com`;
    const operatorEmail = `operator.${stamp}@example.com`;
    const readOnlyEmail = `readonly.${stamp}@example.com`;
    const roleName = `Field ${stamp}`;
    const pages: JourneyPage[] = [];
    let owner: JourneyPage;
    let operator: JourneyPage;

    after(async () => {
      for (const p of pages) assert.deepEqual(p.errors, [], 'no page errors');
      for (const p of pages) await p.close();
    });

    it('the owner invites an operator, who accepts and sees only what the role allows', async () => {
      owner = await newPage({ lang });
      pages.push(owner);
      const { page } = owner;
      await registerOwner(page, {
        email: ownerEmail,
        password: PASSWORD,
        companyName: `Operation ${stamp}`,
        userName: 'Journey Owner',
      });

      // Invite by e-mail as Operator: the invitation waits as pending.
      await open(page, USERS.slice(1), 'users-table');
      await page.getByTestId('users-invite').click();
      await page.getByTestId('invite-email').fill(operatorEmail);
      await choose(page, page.getByTestId('invite-role'), DEFAULT_ROLE_NAMES.operator[lang]);
      await screenshot(page, `operation-${lang}-01-invite`);
      const invited = Date.now();
      await dialogSave(page, 'invite-email').click();
      const invitation = page.getByTestId('invitations-table').locator('tr', { hasText: operatorEmail });
      await invitation.getByText(INVITATION_STATE_LABELS.pending[lang]).waitFor();

      // The mail links to /emailToLogin; a person without an account creates it while accepting.
      const token = await mailed(operatorEmail, /emailToLogin\?token=([\w-]+)/, invited);
      operator = await newPage({ lang });
      pages.push(operator);
      const op = operator.page;
      await op.goto(consoleUrl(`emailToLogin?token=${token}`));
      await op.getByTestId('invitation').waitFor();
      await op.getByTestId('invitation-user-name').fill('Journey Operator');
      await op.getByTestId('invitation-password').fill(PASSWORD);
      await op.getByTestId('invitation-confirm-password').fill(PASSWORD);
      await screenshot(op, `operation-${lang}-02-accept-invitation`);
      await op.getByTestId('invitation-accept').click();
      await op.waitForURL(`**${consolePath}login`);
      await signIn(op, operatorEmail, PASSWORD);
      await dismissInstructions(op);

      // The owner's operation console offers users and roles; the operator's does not.
      await open(page, 'operation/companyAccount', 'company-account');
      const ownerMenu = await menuPaths(page);
      assert.ok(
        ownerMenu.includes(USERS) && ownerMenu.includes(ROLES),
        'the owner administers users and roles',
      );
      await open(op, 'operation/companyAccount', 'company-account');
      const operatorMenu = await menuPaths(op);
      assert.ok(operatorMenu.includes('/operation/companyAccount'));
      assert.ok(
        !operatorMenu.includes(USERS) && !operatorMenu.includes(ROLES),
        'no users or roles for an operator',
      );
      assert.ok(operatorMenu.length < ownerMenu.length);
      assert.equal(await op.getByTestId('company-edit').count(), 0, 'an operator cannot edit the company');
      // Operators may read the access restriction (companyAccount.view) but not change it.
      await op.getByRole('tab', { name: text.restriction.title }).click();
      await op.getByTestId('access-restriction').waitFor();
      assert.equal(await op.getByTestId('restriction-save').count(), 0);
      await screenshot(op, `operation-${lang}-03-operator-console`);

      // Neither the page nor the API of the users area opens for the operator.
      await open(op, USERS.slice(1), 'page-forbidden');
      await op.getByText(text.forbidden.title).waitFor();
      assert.equal(await op.getByTestId('users-table').count(), 0);
      await screenshot(op, `operation-${lang}-04-forbidden-page`);
      // An operator counts as an administrator (core §6 flag by roleType) but holds no users.* function.
      assert.equal((await callAs(op, userListCall, {}, lang)).code, ErrorCode.NO_PERMISSION);

      // The owner sees the operator as a user now.
      await open(page, USERS.slice(1), 'users-table');
      await page.getByTestId('users-table').getByText(operatorEmail).waitFor();
    });

    it('the owner makes a custom role from Operator without the activity log and assigns it', async () => {
      const { page } = owner;
      const op = operator.page;
      // As an operator the activity log is open.
      await open(op, ACTIVITY.slice(1), 'activity-log');
      assert.ok((await menuPaths(op)).includes(ACTIVITY));

      await open(page, ROLES.slice(1), 'roles-table');
      await page.getByTestId('roles-create').click();
      await page.getByTestId('role-name').fill(roleName);
      await dialogSave(page, 'role-name').click();
      await page.getByTestId('role-editor').waitFor();
      for (const funCode of ['activity.view', 'activity.export', 'activity.exportAll']) {
        const leaf = page.locator('.ant-tree-treenode', { has: page.getByTestId(`privilege-${funCode}`) });
        await leaf.locator('.ant-tree-checkbox').click();
        await leaf.locator('.ant-tree-checkbox:not(.ant-tree-checkbox-checked)').waitFor();
      }
      await page.getByTestId('privilege-activity.view').scrollIntoViewIfNeeded();
      await screenshot(page, `operation-${lang}-05-role-privileges`);
      await page.getByTestId('role-save').click();
      await page.getByText(text.roles.saved).waitFor();

      // Assign it to the operator.
      await open(page, USERS.slice(1), 'users-table');
      const row = page.getByTestId('users-table').locator('tr', { hasText: operatorEmail });
      await row.getByTestId('user-edit').click();
      await choose(page, page.getByTestId('user-role'), roleName);
      await dialogSave(page, 'user-form-name').click();
      await row.getByText(roleName).waitFor();
      await screenshot(page, `operation-${lang}-06-role-assigned`);

      // The operator's console loses the activity log: menu, page and call.
      await op.goto(consoleUrl('operation/companyAccount'));
      await op.getByTestId('company-account').waitFor();
      await op.getByTestId('left-menu').waitFor();
      await open(op, ACTIVITY.slice(1), 'page-forbidden');
      assert.ok(!(await menuPaths(op)).includes(ACTIVITY), 'the activity log left the menu');
      assert.equal((await callAs(op, activityLogListCall, {}, lang)).code, ErrorCode.NO_PERMISSION);
      await screenshot(op, `operation-${lang}-07-custom-role-forbidden`);
    });

    it('an access restriction on read-only users logs one out with the 14091 alert', async () => {
      const { page } = owner;
      // The owner creates a read-only user with an initial password.
      await open(page, USERS.slice(1), 'users-table');
      await page.getByTestId('users-create').click();
      await page.getByTestId('user-account').fill(readOnlyEmail);
      await page.getByTestId('user-form-name').fill('Journey Reader');
      await choose(page, page.getByTestId('user-role'), DEFAULT_ROLE_NAMES.readOnly[lang]);
      await page.getByTestId('user-password').fill(PASSWORD);
      await page.getByTestId('user-confirm-password').fill(PASSWORD);
      await dialogSave(page, 'user-account').click();
      await page.getByTestId('users-table').getByText(readOnlyEmail).waitFor();

      const reader = await newPage({ lang });
      pages.push(reader);
      await signIn(reader.page, readOnlyEmail, PASSWORD);

      // Bar read-only users today: a holiday of today (UTC) with the restriction on.
      await open(page, 'operation/companyAccount', 'company-account');
      await page.getByRole('tab', { name: text.restriction.title }).click();
      await page.getByTestId('restriction-save').waitFor();
      await page.getByTestId('restriction-enabled').click();
      await page.getByTestId('restriction-role-0').click();
      await page.getByTestId('holiday-add').click();
      await page.getByTestId('holiday-name').fill('Journey day');
      const date = page.locator('input[data-testid="holiday-date"], [data-testid="holiday-date"] input');
      await date.click();
      await date.fill(new Date().toISOString().slice(0, 10));
      await date.press('Enter');
      await page.getByTestId('restriction-save').click();
      await page.getByText(text.restriction.saved).waitFor();
      await screenshot(page, `operation-${lang}-08-access-restriction`);

      // The reader's next call answers 14091: the alert, then the start page.
      await reader.page.reload();
      const alert = reader.page.locator('.ant-modal-confirm', { hasText: errorMessage(14091, lang) });
      await alert.waitFor();
      await screenshot(reader.page, `operation-${lang}-09-restricted-alert`);
      await alert.locator('.ant-btn-primary').click();
      await reader.page.waitForURL(`**${consolePath}index`);
      await confirmOwnerUnaffected(owner);
    });
  });
}

/** The owner is never barred: the console still answers them. */
async function confirmOwnerUnaffected(owner: JourneyPage) {
  await owner.page.reload();
  await owner.page.getByTestId('company-account').waitFor();
}
