import { ErrorCode, errorMessage, type PartnerNotice } from '@fleetport/contract';
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

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;

const NOTICE: PartnerNotice = {
  noticeId: 7,
  name: 'Maintenance window',
  topic: 'Sunday maintenance',
  content: 'Down for 30 minutes.',
  audience: 'all',
  customers: [],
  state: 'published',
  publishedAt: Date.UTC(2026, 0, 5),
  updatedAt: Date.UTC(2026, 0, 5),
};

function serve(extra: RouteAnswers, funCodes: string[]) {
  return routeServer({ ...shellAnswers(funCodes), ...extra });
}

signedInEachTest();

describe('partner notification centre', () => {
  it(
    'writes a notice for chosen customers, naming a missing field, and asks before deleting a draft',
    async () => {
      const created: Array<Record<string, unknown>> = [];
      const deleted: Array<Record<string, unknown>> = [];
      const draft = {
        ...NOTICE,
        noticeId: 8,
        name: 'Price list',
        state: 'draft' as const,
        publishedAt: null,
      };
      serve(
        {
          '/pl/partnerNotice/list': { data: { list: [NOTICE, draft], total: 2 } },
          '/pl/partnerNotice/customers': {
            data: [
              { companyId: 11, companyName: 'Acme Fleet' },
              { companyId: 12, companyName: 'Beta Fleet' },
            ],
          },
          '/pl/partnerNotice/add': (body) => {
            created.push(body as never);
            return { data: { ...draft, noticeId: 9 } };
          },
          '/pl/partnerNotice/delete': (body) => {
            deleted.push(body as never);
            return { data: null };
          },
        },
        ['partnerNotifications.view', 'partnerNotifications.edit'],
      );
      renderConsole('/distributorconsole/notificationCenter');
      const table = await screen.findByTestId('notices-table', {}, { timeout: 30_000 });
      await within(table).findByText('Maintenance window');
      expect(within(table).getByText('Published')).toBeTruthy();
      expect(within(table).getAllByText('All customers')).toHaveLength(2);

      await userEvent.click(screen.getByTestId('notice-create'));
      await userEvent.click(await screen.findByRole('button', { name: /OK/ }));
      expect(await screen.findByText('Name is required field')).toBeTruthy();
      fireEvent.change(screen.getByTestId('notice-name'), { target: { value: 'Renewal reminder' } });
      fireEvent.change(screen.getByTestId('notice-topic'), { target: { value: 'Renew before March' } });
      fireEvent.change(screen.getByTestId('notice-content'), { target: { value: 'Please renew.' } });
      await userEvent.click(screen.getByTestId('notice-audience-selected'));
      const picker = within(await screen.findByTestId('notice-customers')).getByRole('combobox');
      fireEvent.mouseDown(picker);
      await userEvent.click(await screen.findByTitle('Beta Fleet'));
      await userEvent.click(screen.getByRole('button', { name: /OK/ }));
      await waitFor(() => expect(created).toHaveLength(1));
      expect(created[0]).toEqual({
        name: 'Renewal reminder',
        topic: 'Renew before March',
        content: 'Please renew.',
        audience: 'selected',
        customerIds: [12],
      });

      const actions = within(screen.getByTestId('notice-actions-8'));
      await userEvent.click(actions.getByRole('button', { name: 'Delete' }));
      expect(
        await screen.findByText('Delete the notification "Price list"? This cannot be undone.'),
      ).toBeTruthy();
      expect(deleted).toHaveLength(0);
      await userEvent.click(screen.getAllByRole('button', { name: 'OK' }).at(-1)!);
      await waitFor(() => expect(deleted).toEqual([{ noticeId: 8 }]));
    },
    SLOW,
  );

  it(
    'shows the empty state to a partner without notices, and no buttons to a role that may only look',
    async () => {
      serve({ '/pl/partnerNotice/list': { data: { list: [], total: 0 } } }, ['partnerNotifications.view']);
      renderConsole('/resellerconsole/notificationCenter');
      await screen.findByText(/No notifications yet/, {}, { timeout: 30_000 });
      expect(screen.queryByTestId('notice-create')).toBeNull();
    },
    SLOW,
  );
});

describe('a customer’s notification centre', () => {
  it(
    'shows unread notices first in bold, and reading one marks it read',
    async () => {
      const marked: Array<Record<string, unknown>> = [];
      let read = false;
      serve(
        {
          '/pl/notificationCenter/list': () => ({
            data: {
              list: [
                {
                  noticeId: 7,
                  partnerName: 'Delta Distribution',
                  name: 'Maintenance window',
                  topic: 'Sunday maintenance',
                  content: 'Down for 30 minutes.',
                  publishedAt: Date.UTC(2026, 0, 5),
                  read,
                },
              ],
              total: 1,
              unread: read ? 0 : 1,
            },
          }),
          '/pl/notificationCenter/markRead': (body) => {
            marked.push(body as never);
            read = true;
            return { data: { unread: 0 } };
          },
        },
        ['notifications.view'],
      );
      renderConsole('/operation/notificationCenter');
      const table = await screen.findByTestId('inbox-table', {}, { timeout: 30_000 });
      expect(await within(table).findByText('Unread')).toBeTruthy();
      expect(within(table).getByText('Delta Distribution')).toBeTruthy();
      await userEvent.click(screen.getByTestId('inbox-open-7'));
      expect(
        within(await screen.findByTestId('inbox-notice')).getByText('Down for 30 minutes.'),
      ).toBeTruthy();
      await waitFor(() => expect(marked).toEqual([{ noticeIds: [7] }]));
      await waitFor(() => expect(within(table).queryByText('Unread')).toBeNull());
    },
    SLOW,
  );
});

describe('e-mail notifications', () => {
  it(
    'shows the mail server’s own answer when the test mail fails, in Chinese',
    async () => {
      await changeLanguage('cn');
      const tested: Array<Record<string, unknown>> = [];
      serve(
        {
          '/pl/partnerEmail/getSettings': {
            data: {
              types: [
                {
                  type: 'licencesInsufficient',
                  subject: 'Licences run out',
                  senderName: 'Delta Support',
                  supportEmail: 'support@delta.test',
                  banner: null,
                  enabled: true,
                },
              ],
              smtp: {
                senderEmail: 'alerts@delta.test',
                host: 'smtp.delta.test',
                port: 587,
                security: 'starttls',
                username: 'alerts',
                passwordSet: true,
              },
            },
          },
          '/pl/partnerEmail/sendTestMail': (body) => {
            tested.push(body as never);
            return refused(ErrorCode.TEST_MAIL_FAILED, { reason: '535 Invalid username or password' });
          },
        },
        ['partnerEmails.view', 'partnerEmails.edit'],
      );
      renderConsole('/distributorconsole/emailNotifications');
      const table = await screen.findByTestId('alert-emails-table', {}, { timeout: 30_000 });
      expect(await within(table).findByText('许可证不足')).toBeTruthy();
      expect(within(table).getByText('开启')).toBeTruthy();
      expect(screen.getByText('已保存。留空则保持不变。')).toBeTruthy();
      fireEvent.change(screen.getByTestId('smtp-test-to'), { target: { value: 'me@delta.test' } });
      await userEvent.click(screen.getByTestId('smtp-test'));
      const result = await screen.findByTestId('smtp-test-result');
      expect(result.textContent).toBe(
        errorMessage(ErrorCode.TEST_MAIL_FAILED, 'cn', { reason: '535 Invalid username or password' }),
      );
      // No password typed: the server uses the stored one.
      expect(tested[0]).toEqual({
        senderEmail: 'alerts@delta.test',
        host: 'smtp.delta.test',
        port: 587,
        security: 'starttls',
        username: 'alerts',
        to: 'me@delta.test',
      });
      await changeLanguage('en');
    },
    SLOW,
  );

  it(
    'saves an alert e-mail type, naming a bad support address, and keeps its banner',
    async () => {
      const saved: Array<Record<string, unknown>> = [];
      const banner = {
        fileId: 31,
        kind: 'emailBanner',
        name: 'delta-banner.png',
        size: 2048,
        sha256: 'ab',
        contentType: 'image/png',
        createdAt: Date.UTC(2026, 0, 5),
        download: { url: '/api/pl/file/download?fileId=31', expiresAt: Date.UTC(2027, 0, 1) },
      };
      serve(
        {
          '/pl/partnerEmail/getSettings': {
            data: {
              types: [
                {
                  type: 'vpnDataLow',
                  subject: null,
                  senderName: null,
                  supportEmail: null,
                  banner,
                  enabled: false,
                },
              ],
              smtp: null,
            },
          },
          '/pl/partnerEmail/saveSetting': (body) => {
            saved.push(body as never);
            return { data: { ...(body as object), banner } as never };
          },
        },
        ['partnerEmails.view', 'partnerEmails.edit'],
      );
      renderConsole('/resellerconsole/emailNotifications');
      await screen.findByText('VPN data low', {}, { timeout: 30_000 });
      // No server of its own yet: the page says the platform sends.
      expect(screen.getByText(/alert e-mails are sent by the platform/)).toBeTruthy();
      await userEvent.click(screen.getByTestId('alert-email-edit-vpnDataLow'));
      fireEvent.change(await screen.findByTestId('alert-email-subject'), { target: { value: 'Data low' } });
      fireEvent.change(screen.getByTestId('alert-email-sender'), { target: { value: 'Omega Support' } });
      fireEvent.change(screen.getByTestId('alert-email-support'), { target: { value: 'not-an-address' } });
      await userEvent.click(screen.getByTestId('alert-email-enabled'));
      await userEvent.click(screen.getByRole('button', { name: /OK/ }));
      expect(await screen.findByText('Please enter a valid e-mail address')).toBeTruthy();
      expect(saved).toHaveLength(0);
      fireEvent.change(screen.getByTestId('alert-email-support'), { target: { value: 'help@omega.test' } });
      await userEvent.click(screen.getByRole('button', { name: /OK/ }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]).toEqual({
        type: 'vpnDataLow',
        subject: 'Data low',
        senderName: 'Omega Support',
        supportEmail: 'help@omega.test',
        enabled: true,
        bannerFileId: 31,
      });
    },
    SLOW,
  );
});
