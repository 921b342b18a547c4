import { ACTIVITY_EXPORT_COLUMNS, errorMessage } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { type RouteAnswers, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const entry = (id: number, resultCode: number) => ({
  id,
  userId: 3,
  userName: 'Ada',
  loginAccount: 'ada@example.com',
  callId: 'users.delete',
  object: 'userId=9',
  remoteAddress: '10.0.0.8',
  resultCode,
  at: Date.UTC(2026, 10, 20, 8, 0),
});

function serve(extra: RouteAnswers, funCodes = ['activity.view']) {
  return routeServer({
    ...shellAnswers(funCodes),
    ...extra,
  });
}

signedInEachTest();

describe('activity log', () => {
  it(
    'lists who changed what with the result, and filters by object from page one',
    async () => {
      const asked: Array<Record<string, unknown>> = [];
      serve({
        '/pl/activity/getActivityLogList': (body) => {
          asked.push(body as never);
          const engine = {
            ...entry(3, 0),
            userId: null,
            userName: null,
            loginAccount: null,
            remoteAddress: null,
            callId: 'rollouts.batchStarted',
            object: 'rollout=May firmware, batch=2, devices=10',
          };
          return { data: { list: [entry(1, 0), entry(2, 14029), engine], total: 3 } };
        },
      });
      renderConsole('/robustlink/activity');
      const table = await screen.findByTestId('activity-table', {}, { timeout: 30_000 });
      // What the platform did by itself (a rollout's engine) is nobody's, and says so.
      await within(table).findByText('Rollout batch started', {}, { timeout: 30_000 });
      expect(within(table).getByText('System (automatic)')).toBeTruthy();
      expect(within(table).getByText('Rollout: May firmware · Batch: 2 · Devices: 10')).toBeTruthy();
      // Actions read as names, never as call ids.
      await within(table).findAllByText('Delete user');
      expect(within(table).queryByText('users.delete')).toBeNull();
      expect(within(table).getAllByText('Ada (ada@example.com)')).toHaveLength(2);
      expect(within(table).getAllByText('Success')).toHaveLength(2);
      // A failure says what the catalogue says beside its code, in the reader's language.
      expect(within(table).getByText(`Failed: ${errorMessage(14029, 'en')} (14029)`)).toBeTruthy();
      // The device console's activity page starts with what was done to devices.
      expect(asked[0]).toEqual({ pageNum: 1, pageSize: 20, scope: 'devices' });

      fireEvent.change(screen.getByTestId('activity-object'), { target: { value: 'userId=9' } });
      await userEvent.click(screen.getByTestId('activity-search'));
      await waitFor(() =>
        expect(asked.at(-1)).toEqual({ pageNum: 1, pageSize: 20, scope: 'devices', object: 'userId=9' }),
      );

      // "All activity" lifts the device scope and keeps the other fields.
      await userEvent.click(screen.getByText('All activity'));
      await waitFor(() =>
        expect(asked.at(-1)).toEqual({ pageNum: 1, pageSize: 20, scope: 'all', object: 'userId=9' }),
      );
    },
    SLOW,
  );

  it(
    'drops an action outside device actions when switched back to them',
    async () => {
      const asked: Array<Record<string, unknown>> = [];
      serve({
        '/pl/activity/getActivityLogList': (body) => {
          asked.push(body as never);
          return { data: { list: [], total: 0 } };
        },
      });
      renderConsole('/robustlink/activity');
      await screen.findByTestId('activity-table', {}, { timeout: 30_000 });
      await userEvent.click(screen.getByText('All activity'));
      const select = within(screen.getByTestId('activity-call')).getByRole('combobox');
      fireEvent.mouseDown(select);
      await userEvent.type(select, 'Delete user');
      await userEvent.click(await screen.findByTitle('Delete user'));
      await userEvent.click(screen.getByTestId('activity-search'));
      await waitFor(() =>
        expect(asked.at(-1)).toEqual({ pageNum: 1, pageSize: 20, scope: 'all', callId: 'users.delete' }),
      );

      fireEvent.click(within(screen.getByTestId('activity-scope')).getAllByRole('radio')[0] as HTMLElement);
      // Neither the list (its first page is still cached) nor a later search asks for the dropped action.
      await waitFor(() =>
        expect(screen.getByText('Device actions').closest('.ant-segmented-item-selected')).not.toBeNull(),
      );
      expect(within(screen.getByTestId('activity-call')).queryByText('users.delete')).toBeNull();
      fireEvent.change(screen.getByTestId('activity-object'), { target: { value: 'sn=1' } });
      await userEvent.click(screen.getByTestId('activity-search'));
      await waitFor(() =>
        expect(asked.at(-1)).toEqual({ pageNum: 1, pageSize: 20, scope: 'devices', object: 'sn=1' }),
      );
    },
    SLOW,
  );

  it(
    'shows its empty state in Chinese',
    async () => {
      await changeLanguage('cn');
      serve({ '/pl/activity/getActivityLogList': { data: { list: [], total: 0 } } });
      renderConsole('/robustlink/activity');
      expect(await screen.findByText('没有匹配的活动。', {}, { timeout: 30_000 })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'names actions in Chinese, and shows no Export button without activity.export',
    async () => {
      await changeLanguage('cn');
      serve({ '/pl/activity/getActivityLogList': { data: { list: [entry(1, 0)], total: 1 } } });
      renderConsole('/robustlink/activity');
      const table = await screen.findByTestId('activity-table', {}, { timeout: 30_000 });
      expect(await within(table).findByText('删除用户')).toBeTruthy();
      expect(screen.queryByTestId('export-open')).toBeNull();
    },
    SLOW,
  );

  it(
    'starts an export of the listed filter, warning first above 1000 entries',
    async () => {
      const exported: Array<Record<string, unknown>> = [];
      const fetchMock = serve(
        {
          '/pl/activity/getActivityLogList': { data: { list: [entry(1, 0)], total: 1500 } },
          '/pl/forwardExport/activity/getActivityLogList': (body) => {
            exported.push(body as never);
            return {
              data: {
                recordId: 7,
                fileName: 'Activity_20261124.xlsx',
                module: 'robustlink/activity',
                state: 'generating',
                totalRows: 1500,
                doneRows: 0,
                size: null,
                errorCode: null,
                createdAt: 0,
                finishedAt: null,
                fileExpiresAt: null,
                jobId: 3,
              },
            };
          },
        },
        ['activity.view', 'activity.export'],
      );
      renderConsole('/robustlink/activity');
      await screen.findByTestId('activity-table', {}, { timeout: 30_000 });
      fireEvent.change(screen.getByTestId('activity-object'), { target: { value: 'userId=9' } });
      await userEvent.click(screen.getByTestId('activity-search'));
      const button = await screen.findByTestId('export-open');
      await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
      await userEvent.click(button);

      expect((await screen.findByTestId('export-many')).textContent).toContain(
        'More than 1000 records match (1500). The file holds at most 10000',
      );
      expect(exported).toEqual([]);
      await userEvent.click(screen.getByTestId('export-start'));
      expect(
        await screen.findByText(
          'The export runs in the background. Its file is on the export records page when ready.',
        ),
      ).toBeTruthy();
      expect(exported).toEqual([
        {
          fileNamePrefix: 'Activity log',
          exportType: 'EXCEL',
          exportConfig: { columns: ACTIVITY_EXPORT_COLUMNS.map((c) => ({ field: c.field })) },
          dataSourceType: 'TABLE',
          dataSourceConfig: { filterParams: { scope: 'devices', object: 'userId=9' } },
        },
      ]);
      const call = fetchMock.mock.calls.find(([url]) => String(url).includes('forwardExport'));
      expect((call?.[1]?.headers as Record<string, string> | undefined)?.visibleModule).toBe(
        'robustlink/activity',
      );
    },
    SLOW,
  );
});
