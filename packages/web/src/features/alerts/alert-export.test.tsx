import { ALERT_EXPORT_COLUMNS, type Alert, exportAlertsCall } from '@fleetport/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;

const alert: Alert = {
  alertId: 1,
  ruleId: 1,
  ruleName: 'Offline > 2 min',
  level: 'major',
  description: '',
  sn: 'SN0001',
  deviceName: 'Depot',
  condition: { type: 'offline', minutes: 2, clearMinutes: 2 },
  state: 'firing',
  value: 3,
  read: false,
  count: 1,
  pendingSince: Date.UTC(2026, 10, 20, 8, 0),
  startedAt: Date.UTC(2026, 10, 20, 8, 1),
  lastSeenAt: Date.UTC(2026, 10, 20, 8, 5),
  resolvedAt: null,
  acknowledged: null,
  flapping: false,
};

signedInEachTest();

describe('alert centre export', () => {
  it(
    'exports the listed alerts with every column, for whoever may export them',
    async () => {
      const exported: unknown[] = [];
      routeServer({
        ...shellAnswers(['alerts.view', 'alerts.export']),
        '/link/alert/unreadCount': { data: { total: 1 } },
        '/link/alert/list': { data: { list: [alert], total: 1 } },
        '/gm/tag/getTags': { data: [] },
        [exportAlertsCall.path]: (body) => {
          exported.push(body);
          return {
            data: {
              recordId: 9,
              fileName: 'alerts_20261128.xlsx',
              module: 'robustlink/alertCenter',
              state: 'generating',
              totalRows: 1,
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
      });
      renderConsole('/robustlink/alertCenter');
      await screen.findByTestId('alert-row-1', {}, { timeout: 30_000 });
      const button = await screen.findByTestId('export-open');
      await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
      await userEvent.click(button);
      await userEvent.click(await screen.findByTestId('export-start'));
      await waitFor(() => expect(exported).toHaveLength(1));
      expect(exported[0]).toMatchObject({
        fileNamePrefix: 'alerts',
        exportConfig: { columns: ALERT_EXPORT_COLUMNS.map((c) => ({ field: c.field })) },
        dataSourceConfig: { filterParams: {} },
      });
    },
    SLOW,
  );

  it(
    'offers no export to whoever may only look',
    async () => {
      routeServer({
        ...shellAnswers(['alerts.view']),
        '/link/alert/unreadCount': { data: { total: 1 } },
        '/link/alert/list': { data: { list: [alert], total: 1 } },
        '/gm/tag/getTags': { data: [] },
      });
      renderConsole('/robustlink/alertCenter');
      await screen.findByTestId('alert-row-1', {}, { timeout: 30_000 });
      expect(screen.queryByTestId('export-open')).toBeNull();
    },
    SLOW,
  );
});
