import type { PointTable, Product } from '@fleetport/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { refused, renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { changeLanguage } from '../../i18n/index.ts';

// The whole lazy console in jsdom on a shared two-core machine.
const SLOW = 120_000;
const ALL = ['products.view', 'products.create', 'products.edit', 'products.remove', 'pointTable.view'];
const PAGE = '/endpointManager/productManagement';

const point = (name: string, address: number) => ({
  name,
  functionCode: 3 as const,
  address,
  dataType: 'FLOAT' as const,
  byteOrder: 'CDAB' as const,
  multiplier: 1,
  divisor: 1,
  dataSize: 2,
  trigger: 'periodic' as const,
  decimals: 1,
  bitOffset: 0,
  bitCount: 1,
  onChange: false,
  deadband: 0,
  batch: 0,
  min: null,
  max: null,
});

const table: PointTable = {
  pointTableId: 3,
  name: 'Meter map',
  protocol: 'modbusTcp',
  connectionType: 'tcp',
  slaveIp: '192.168.1.20',
  slavePort: 502,
  slaveId: 1,
  productCount: 1,
  updatedAt: Date.UTC(2026, 10, 28),
  points: [point('voltage', 0), point('current', 2)],
};

const meter: Product = {
  modelId: 9,
  name: 'Energy meter',
  type: 'meter',
  protocol: 'modbusTcp',
  state: 'notEnabled',
  pointTableId: 3,
  pointTableName: 'Meter map',
  logoFileId: null,
  southboundApp: 'modbus_master',
  endpointCount: 0,
  createdAt: Date.UTC(2026, 10, 28),
  updatedAt: Date.UTC(2026, 10, 28),
  reportGroups: [
    {
      name: 'Electrical',
      type: 'property',
      strategy: 'INTERVAL',
      frequency: { value: 30, unit: 'second' },
      time: null,
      points: ['voltage', 'current'],
    },
  ],
  parameters: [
    { point: 'voltage', title: 'voltage', code: 'voltage', dataType: 'float', pointType: 'FLOAT' },
    { point: 'current', title: 'current', code: 'current', dataType: 'float', pointType: 'FLOAT' },
  ],
  parametersSaved: false,
  tags: [],
  locationMethods: [],
  controls: [],
  enabledAt: null,
};

signedInEachTest();

describe('products', () => {
  it(
    'lists the products with their state and opens one',
    async () => {
      routeServer({
        ...shellAnswers(ALL),
        '/endDevice/model/getModelList': { data: { list: [meter], total: 1 } },
        '/endDevice/model/getModelById': { data: meter },
        '/endDevice/pointTable/getById': { data: table },
      });
      renderConsole(PAGE);
      const list = await screen.findByTestId('products-table', {}, { timeout: 30_000 });
      expect(await within(list).findByText('Not enabled')).toBeTruthy();
      await userEvent.click(within(list).getByRole('link', { name: 'Energy meter' }));
      expect(await screen.findByTestId('parameter-title-1', {}, { timeout: 30_000 })).toHaveProperty(
        'value',
        'current',
      );
      expect(screen.getByText('Save the parameters before anything else.')).toBeTruthy();
    },
    SLOW,
  );

  it(
    'builds a product from a point table: the table, a report group of its points, the basic information',
    async () => {
      const created: unknown[] = [];
      routeServer({
        ...shellAnswers(ALL),
        '/endDevice/pointTable/list': { data: { list: [{ ...table, pointCount: 2 }], total: 1 } },
        '/endDevice/pointTable/getById': { data: table },
        '/endDevice/model/add': (body) => {
          created.push(body);
          return { data: meter };
        },
        '/endDevice/model/getModelById': { data: meter },
      });
      renderConsole(`${PAGE}/productManagementDetails/new`);
      const picker = await screen.findByTestId('product-table', {}, { timeout: 30_000 });
      fireEvent.mouseDown(within(picker).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle('Meter map'));
      const points = await screen.findByTestId('group-points-0', {}, { timeout: 30_000 });
      fireEvent.mouseDown(within(points).getByRole('combobox'));
      await userEvent.click(await screen.findByTitle('voltage'));
      fireEvent.change(screen.getByTestId('product-name'), { target: { value: 'Energy meter' } });
      fireEvent.change(screen.getByTestId('product-app'), { target: { value: 'modbus_master' } });
      await userEvent.click(screen.getByTestId('product-save'));
      await waitFor(() => expect(created).toHaveLength(1));
      expect(created[0]).toEqual({
        pointTableId: 3,
        name: 'Energy meter',
        type: 'meter',
        southboundApp: 'modbus_master',
        reportGroups: [
          {
            name: 'Report 1',
            type: 'property',
            strategy: 'CHANGE',
            frequency: null,
            time: null,
            points: ['voltage'],
          },
        ],
      });
      // The new product's own page opens.
      expect(await screen.findByTestId('parameter-title-0', {}, { timeout: 30_000 })).toHaveProperty(
        'value',
        'voltage',
      );
    },
    SLOW,
  );

  it(
    'keeps the user on unsaved parameters with the save-first message, and saves them',
    async () => {
      const saves: unknown[] = [];
      routeServer({
        ...shellAnswers(ALL),
        '/endDevice/model/getModelById': { data: meter },
        '/endDevice/pointTable/getById': { data: table },
        '/endDevice/model/saveParameters': (body) => {
          saves.push(body);
          return { data: { ...meter, parametersSaved: true } };
        },
      });
      const { router } = renderConsole(`${PAGE}/productManagementDetails/9`);
      const title = await screen.findByTestId('parameter-title-0', {}, { timeout: 30_000 });
      fireEvent.change(title, { target: { value: 'Voltage L1' } });
      await userEvent.click(screen.getByRole('link', { name: 'Products' }));
      expect(
        await screen.findByText('The end-device parameters are not saved. Please save them first.'),
      ).toBeTruthy();
      expect(router.state.location.pathname).toBe(`${PAGE}/productManagementDetails/9`);
      await userEvent.click(screen.getByTestId('parameters-save'));
      await waitFor(() => expect(saves).toHaveLength(1));
      expect(saves[0]).toEqual({
        modelId: 9,
        parameters: [
          { point: 'voltage', title: 'Voltage L1', code: 'voltage', dataType: 'float' },
          { point: 'current', title: 'current', code: 'current', dataType: 'float' },
        ],
      });
    },
    SLOW,
  );

  it(
    'enables after asking, and shows why an enable was refused',
    async () => {
      let enables = 0;
      routeServer({
        ...shellAnswers(ALL),
        '/endDevice/model/getModelById': { data: { ...meter, parametersSaved: true } },
        '/endDevice/pointTable/getById': { data: table },
        '/endDevice/model/enable': () => {
          enables++;
          return refused(800009);
        },
      });
      renderConsole(`${PAGE}/productManagementDetails/9`);
      await userEvent.click(await screen.findByTestId('product-enable', {}, { timeout: 30_000 }));
      await userEvent.click(await screen.findByTestId('product-enable-ok'));
      expect(await screen.findByText(/Only one location method per product/)).toBeTruthy();
      expect(enables).toBe(1);
    },
    SLOW,
  );

  it(
    'shows an enabled product with only the upload timing open, in Chinese',
    async () => {
      await changeLanguage('cn');
      routeServer({
        ...shellAnswers(ALL),
        '/endDevice/model/getModelById': {
          data: { ...meter, state: 'enabled', parametersSaved: true, locationMethods: ['gateway'] },
        },
        '/endDevice/pointTable/getById': { data: table },
      });
      renderConsole(`${PAGE}/productManagementDetails/9`);
      expect(
        await screen.findByText('已启用：只能修改上报分组的上传频率。', {}, { timeout: 30_000 }),
      ).toBeTruthy();
      expect(screen.getByTestId('product-state').textContent).toBe('已启用');
      expect(screen.getByTestId('group-name-0')).toHaveProperty('disabled', true);
      expect(screen.getByTestId('group-frequency-0')).toHaveProperty('disabled', false);
      expect(screen.queryByTestId('product-enable')).toBeNull();
    },
    SLOW,
  );
});
