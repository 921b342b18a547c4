import type { PointTable, TestReadPoint } from '@fleetport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const ALL = [
  'pointTable.view',
  'pointTable.create',
  'pointTable.edit',
  'pointTable.remove',
  'pointTable.export',
];

/** The energy meter typed from its datasheet: 40001 taken as offset 1, its CDAB floats as ABCD. */
const meter: PointTable = {
  pointTableId: 7,
  name: 'Energy meter',
  protocol: 'modbusTcp',
  connectionType: 'tcp',
  slaveIp: '192.168.1.20',
  slavePort: 502,
  slaveId: 1,
  productCount: 0,
  updatedAt: Date.UTC(2026, 10, 28),
  points: [
    {
      name: 'voltage',
      functionCode: 3,
      address: 1,
      dataType: 'FLOAT',
      byteOrder: 'ABCD',
      multiplier: 1,
      divisor: 1,
      dataSize: 2,
      trigger: 'periodic',
      decimals: 1,
      bitOffset: 0,
      bitCount: 1,
      onChange: false,
      deadband: 0,
      batch: 0,
      min: 180,
      max: 260,
    },
  ],
};

const readVoltage: TestReadPoint = {
  index: 0,
  name: 'voltage',
  words: [0x4366, 0x0000],
  error: null,
  decoded: { shift: 0, address: 1, byteOrder: 'ABCD', value: 1.2e-41, flags: ['denormal', 'belowMin'] },
  alternatives: [
    { shift: 0, address: 1, byteOrder: 'CDAB', value: 0, flags: ['belowMin'] },
    { shift: -1, address: 0, byteOrder: 'CDAB', value: 230.4, flags: [] },
  ],
  suggestion: { shift: -1, address: 0, byteOrder: 'CDAB', value: 230.4, flags: [] },
};

signedInEachTest();

describe('point tables', () => {
  it(
    'lists the tables and opens one',
    async () => {
      routeServer({
        ...shellAnswers(ALL),
        '/endDevice/pointTable/list': {
          data: { list: [{ ...meter, pointCount: 1 }], total: 1 },
        },
        '/endDevice/pointTable/getById': { data: meter },
      });
      renderConsole('/robustlink/pointTable');
      const table = await screen.findByTestId('point-tables-table', {}, { timeout: 30_000 });
      expect(await within(table).findByText('192.168.1.20:502 #1')).toBeTruthy();
      await userEvent.click(within(table).getByRole('link', { name: 'Energy meter' }));
      expect(await screen.findByTestId('point-datasheet-0')).toHaveProperty('textContent', '40002');
    },
    SLOW,
  );

  it(
    'test-reads the unsaved table, shows the other readings and adopts the suggestion before saving',
    async () => {
      const reads: unknown[] = [];
      const saves: unknown[] = [];
      routeServer({
        ...shellAnswers(ALL),
        '/endDevice/pointTable/getById': { data: meter },
        '/endDevice/pointTable/testRead': (body) => {
          reads.push(body);
          return { data: { sn: 'GW0001', readAt: 0, points: [readVoltage] } };
        },
        '/endDevice/pointTable/edit': (body) => {
          saves.push(body);
          return { data: meter };
        },
      });
      renderConsole('/robustlink/pointTable/pointTableDetails/7');
      await screen.findByTestId('point-datasheet-0', {}, { timeout: 30_000 });
      await userEvent.type(screen.getByTestId('test-read-sn'), 'GW0001');
      await userEvent.click(screen.getByTestId('test-read-run'));
      const value = await screen.findByTestId('test-read-value-0');
      expect(value.textContent).toContain('implausibly small');
      expect(value.dataset.plausible).toBe('false');
      expect(screen.getByTestId('test-read-alt-0--1-CDAB').textContent).toContain('230.4');
      expect(reads).toEqual([
        { sn: 'GW0001', table: expect.objectContaining({ name: 'Energy meter', points: meter.points }) },
      ]);

      await userEvent.click(screen.getByTestId('test-read-suggestion-0-adopt'));
      await waitFor(() => expect(screen.getByTestId('point-datasheet-0').textContent).toBe('40001'));
      await userEvent.click(screen.getByTestId('point-table-save'));
      await waitFor(() => expect(saves).toHaveLength(1));
      expect(saves[0]).toMatchObject({
        pointTableId: 7,
        table: { points: [expect.objectContaining({ address: 0, byteOrder: 'CDAB' })] },
      });
    },
    SLOW,
  );

  it(
    'imports a table from .xlsx: the preview names the bad row, a fixed file is saved',
    async () => {
      const imports: { commit: boolean }[] = [];
      let fixed = false;
      routeServer({
        ...shellAnswers(ALL),
        '/endDevice/pointTable/list': { data: { list: [{ ...meter, pointCount: 1 }], total: 1 } },
        '/endDevice/pointTable/getById': { data: meter },
        '/endDevice/pointTable/import': (body) => {
          imports.push(body as { commit: boolean });
          const problems = fixed
            ? []
            : [{ field: 'functionCode', message: 'write it with function code 16' }];
          return {
            data: {
              name: 'Energy meter',
              tableProblems: [],
              rows: [{ row: 2, name: 'voltage', problems }],
              invalid: fixed ? 0 : 1,
              saved: (body as { commit: boolean }).commit && fixed ? meter : null,
            },
          };
        },
      });
      renderConsole('/robustlink/pointTable');
      await userEvent.click(await screen.findByTestId('point-table-import', {}, { timeout: 30_000 }));
      await screen.findByTestId('point-table-import-upload');
      // Ant Design's Upload keeps its file input beside the drop area, in the dialog's portal.
      const upload = () => document.querySelector('.ant-modal input[type=file]') as HTMLInputElement;
      const file = () => new File(['xlsx'], 'meter.xlsx', { type: 'application/octet-stream' });
      await userEvent.upload(upload(), file());
      const preview = await screen.findByTestId('point-table-import-preview', {}, { timeout: 30_000 });
      expect(within(preview).getByText('write it with function code 16')).toBeTruthy();
      expect(screen.getByTestId('point-table-import-save')).toHaveProperty('disabled', true);
      fixed = true;
      await userEvent.upload(upload(), file());
      await waitFor(
        () => expect(screen.getByTestId('point-table-import-save')).toHaveProperty('disabled', false),
        {
          timeout: 30_000,
        },
      );
      await userEvent.click(screen.getByTestId('point-table-import-save'));
      expect(await screen.findByTestId('point-datasheet-0', {}, { timeout: 30_000 })).toBeTruthy();
      expect(imports.map((i) => i.commit)).toEqual([false, false, true]);
    },
    SLOW,
  );

  it(
    'keeps the user on an unsaved table with the save-first message',
    async () => {
      routeServer({ ...shellAnswers(ALL), '/endDevice/pointTable/getById': { data: meter } });
      const { router } = renderConsole('/robustlink/pointTable/pointTableDetails/7');
      await screen.findByTestId('point-datasheet-0', {}, { timeout: 30_000 });
      await userEvent.type(screen.getByTestId('point-table-name'), ' 2');
      await userEvent.click(screen.getByRole('link', { name: 'Point tables' }));
      expect(await screen.findByText('The point table is being edited. Please save it first.')).toBeTruthy();
      expect(router.state.location.pathname).toBe('/robustlink/pointTable/pointTableDetails/7');
    },
    SLOW,
  );

  it(
    'says what a point table is when there is none, in Chinese too',
    async () => {
      await changeLanguage('cn');
      routeServer({
        ...shellAnswers(ALL),
        '/endDevice/pointTable/list': { data: { list: [], total: 0 } },
      });
      renderConsole('/robustlink/pointTable');
      expect(
        await screen.findByText(
          '暂无点表。点表将从站设备的寄存器映射为有名称的数值。',
          {},
          { timeout: 30_000 },
        ),
      ).toBeTruthy();
    },
    SLOW,
  );
});
