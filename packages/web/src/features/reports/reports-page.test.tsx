import type { CustomReport, Report, ReportRun } from '@fleetport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const ALL = ['reports.view', 'reports.create', 'reports.edit', 'reports.remove', 'reports.export'];
const DAY = Date.UTC(2026, 10, 27);

const run: ReportRun = {
  runId: 9,
  reportId: 4,
  state: 'ready',
  fileName: 'usage_20261127.xlsx',
  periodStart: DAY,
  periodEnd: DAY + 86_400_000,
  scheduled: true,
  devices: 3,
  size: 7000,
  errorCode: null,
  createdAt: DAY + 86_400_000 + 600_000,
  finishedAt: DAY + 86_400_000 + 601_000,
};
const report: Report = {
  reportId: 4,
  name: 'Daily usage',
  type: 'dataUsage',
  customReportId: null,
  generation: 'periodic',
  frequency: 'daily',
  scheduleTime: '00:10',
  startTime: null,
  endTime: null,
  targets: { mode: 'group', groupId: 1 },
  fileName: 'usage',
  enabled: true,
  nextRunAt: DAY + 2 * 86_400_000 + 600_000,
  lastRun: run,
  createdAt: DAY,
};
const custom: CustomReport = {
  customReportId: 3,
  name: 'SIM usage',
  description: '',
  type: 'dataUsage',
  fields: ['sn', 'cellular1Bytes'],
  createdAt: DAY,
};

signedInEachTest();

describe('reports page', () => {
  it(
    'lists reports with their last run, shares a run, and deletes only after confirming',
    async () => {
      const deleted: unknown[] = [];
      const shared: unknown[] = [];
      routeServer({
        ...shellAnswers(ALL),
        '/link/report/list': { data: { list: [report], total: 1 } },
        '/link/report/runs': { data: { list: [run], total: 1 } },
        '/link/report/shareRun': (body) => {
          shared.push(body);
          return { data: { shareId: 'S'.repeat(32), expiresAt: DAY + 3 * 86_400_000 } };
        },
        '/link/report/delete': (body) => {
          deleted.push(body);
          return { data: null };
        },
        '/link/customReport/list': { data: [custom] },
      });
      renderConsole('/robustlink/customReports');
      const table = await screen.findByTestId('reports-table', {}, { timeout: 30_000 });
      expect(await within(table).findByText('Daily usage')).toBeTruthy();
      expect(within(table).getByText('Daily')).toBeTruthy();
      expect(within(table).getByText('Ready')).toBeTruthy();

      await userEvent.click(screen.getByTestId('report-runs-4'));
      const drawer = await screen.findByTestId('report-runs');
      expect(await within(drawer).findByText('2026-11-27 00:00 – 2026-11-28 00:00')).toBeTruthy();
      await userEvent.click(within(drawer).getByTestId('report-run-share-9'));
      const link = await screen.findByTestId('report-share-link');
      expect(link.textContent).toContain(`seeShareFile/${'S'.repeat(32)}`);
      expect(shared).toEqual([{ runId: 9 }]);

      await userEvent.click(screen.getByTestId('report-delete-4'));
      expect(deleted).toEqual([]);
      expect(
        await screen.findByText('Delete the report "Daily usage", its runs and their files?'),
      ).toBeTruthy();
      await userEvent.click(screen.getByTestId('report-delete-ok'));
      await waitFor(() => expect(deleted).toEqual([{ reportId: 4 }]));
    },
    SLOW,
  );

  it(
    'edits a report in its dialog, keeping what was not changed',
    async () => {
      const edited: unknown[] = [];
      routeServer({
        ...shellAnswers(ALL),
        '/link/report/list': { data: { list: [report], total: 1 } },
        '/link/report/edit': (body) => {
          edited.push(body);
          return { data: { ...report, scheduleTime: '06:30' } };
        },
        '/link/customReport/list': { data: [custom] },
        '/link/device/queryGroupInformation': {
          data: {
            deviceRootGroup: { rootGroupId: 1, deviceCount: 3 },
            deviceOtherGroup: [],
            ungroupedCount: 0,
          },
        },
      });
      renderConsole('/robustlink/customReports');
      await userEvent.click(await screen.findByTestId('report-edit-4', {}, { timeout: 30_000 }));
      expect(await screen.findByText('Edit report Daily usage')).toBeTruthy();
      const time = screen.getByTestId('report-schedule-time') as HTMLInputElement;
      expect(time.value).toBe('00:10');
      await userEvent.clear(time);
      await userEvent.type(time, '06:30');
      await userEvent.click(screen.getByTestId('report-save'));
      await waitFor(() => expect(edited).toHaveLength(1));
      expect(edited[0]).toEqual({
        reportId: 4,
        report: {
          name: 'Daily usage',
          type: 'dataUsage',
          customReportId: null,
          generation: 'periodic',
          frequency: 'daily',
          scheduleTime: '06:30',
          startTime: null,
          endTime: null,
          targets: { mode: 'group', groupId: 1 },
          fileName: 'usage',
          enabled: true,
        },
      });
    },
    SLOW,
  );

  it(
    'says what a report is when there is none, in Chinese too',
    async () => {
      await changeLanguage('cn');
      routeServer({
        ...shellAnswers(ALL),
        '/link/report/list': { data: { list: [], total: 0 } },
        '/link/customReport/list': { data: [] },
      });
      renderConsole('/robustlink/customReports');
      expect(
        await screen.findByText(
          '暂无报表。报表将设备的流量使用或信号质量写入Excel文件。',
          {},
          { timeout: 30_000 },
        ),
      ).toBeTruthy();
      // The workspace's tab of the page has the menu's name too; the page's own tab comes last.
      await userEvent.click(screen.getAllByRole('tab', { name: '自定义报表' }).at(-1)!);
      expect(
        await screen.findByText('暂无自定义报表。自定义报表用于选择报表的列（1至30个字段）。'),
      ).toBeTruthy();
    },
    SLOW,
  );

  it(
    'shows why a run failed, in the list and among the runs, with no download',
    async () => {
      const failed: ReportRun = { ...run, state: 'failed', size: null, errorCode: 800067 };
      const grown: ReportRun = { ...run, runId: 8, state: 'failed', size: null, errorCode: 800062 };
      routeServer({
        ...shellAnswers(ALL),
        '/link/report/list': { data: { list: [{ ...report, lastRun: failed }], total: 1 } },
        '/link/report/runs': { data: { list: [failed, grown], total: 2 } },
        '/link/customReport/list': { data: [custom] },
      });
      renderConsole('/robustlink/customReports');
      const table = await screen.findByTestId('reports-table', {}, { timeout: 30_000 });
      expect(await within(table).findByText('Failed', {}, { timeout: 30_000 })).toBeTruthy();
      expect(
        within(table).getByText(
          'The report file could not be stored; generate the report again later (800067)',
        ),
      ).toBeTruthy();
      await userEvent.click(screen.getByTestId('report-runs-4'));
      const drawer = await screen.findByTestId('report-runs', {}, { timeout: 30_000 });
      expect(
        await within(drawer).findByText(
          'A report can cover at most 10000 devices (800062)',
          {},
          { timeout: 30_000 },
        ),
      ).toBeTruthy();
      expect(within(drawer).getAllByTestId('report-run-reason')).toHaveLength(2);
      expect(within(drawer).getByTestId('report-run-download-9').hasAttribute('disabled')).toBe(true);
    },
    SLOW,
  );
});
