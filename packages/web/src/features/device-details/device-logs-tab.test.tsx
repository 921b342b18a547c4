import { activityLogListCall, getDeviceCall } from '@fleetport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';
import { deviceRow, stubLiveSocket } from '../devices/device-test-fixtures.ts';

const SLOW = 60_000;
const SN = 'FP0000000000009';

function serve(funCodes: string[]) {
  const asked: unknown[] = [];
  routeServer({
    ...shellAnswers(funCodes),
    [getDeviceCall.path]: { data: deviceRow(SN, { name: 'Quay router' }) },
    [activityLogListCall.path]: (body) => {
      asked.push(body);
      return {
        data: {
          list: [
            {
              id: 7,
              userId: 3,
              userName: 'Ada',
              loginAccount: 'ada@example.com',
              callId: 'remoteActions.reboot',
              object: `sn=${SN}`,
              remoteAddress: '10.0.0.8',
              resultCode: 120052,
              at: Date.UTC(2026, 10, 20, 8, 0),
            },
            {
              id: 8,
              userId: 3,
              userName: 'Bo',
              loginAccount: 'bo@example.com',
              callId: 'deviceSoftware.uninstallApp',
              object: `sn=${SN}, app=com.robustel.vpn`,
              remoteAddress: '10.0.0.8',
              resultCode: 0,
              at: Date.UTC(2026, 10, 20, 9, 0),
            },
          ],
          total: 2,
        },
      };
    },
  });
  return asked;
}

signedInEachTest(stubLiveSocket);

describe('device logs tab', () => {
  it(
    'lists who did what to this device, asking the activity log for its SN',
    async () => {
      await changeLanguage('cn');
      const asked = serve(['devices.view', 'activity.view']);
      renderConsole(`/robustlink/device/deviceDetails/${SN}?tab=logs`);
      const table = await screen.findByTestId('device-logs-table', {}, { timeout: 10_000 });
      expect(await within(table).findByText('重启')).toBeTruthy();
      expect(within(table).getByText('Ada (ada@example.com)')).toBeTruthy();
      expect(within(table).getByText('失败：设备离线，无法执行该操作（120052）')).toBeTruthy();
      // The details name the app uninstalled, readable, and never repeat this device's SN.
      expect(within(table).getByText('应用：com.robustel.vpn')).toBeTruthy();
      expect(within(table).queryByText(new RegExp(SN))).toBeNull();
      expect(screen.getByTestId('tab-logs').textContent).toBe('日志');
      await waitFor(() => expect(asked[0]).toEqual({ sn: SN, pageNum: 1, pageSize: 20 }));
    },
    SLOW,
  );

  it(
    'is not offered without the right to read the activity log',
    async () => {
      serve(['devices.view']);
      renderConsole(`/robustlink/device/deviceDetails/${SN}`);
      await screen.findByTestId('tab-events', {}, { timeout: 10_000 });
      expect(screen.queryByTestId('tab-logs')).toBeNull();
    },
    SLOW,
  );
});
