import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { EMPTY_CELL, IndexTable, rowNumber } from './index-table.tsx';

interface Device {
  sn: string;
  name: string | null;
  ip?: string;
}

const devices: Device[] = Array.from({ length: 12 }, (_, i) => ({
  sn: `SN${String(i + 1).padStart(3, '0')}`,
  name: i === 0 ? null : `Router ${i + 1}`,
  ip: i === 0 ? '' : `10.0.0.${i + 1}`,
}));

const columns = [
  { title: 'SN', dataIndex: 'sn', key: 'sn' },
  { title: 'Name', dataIndex: 'name', key: 'name' },
  { title: 'IP', key: 'ip', render: (_: unknown, row: Device) => row.ip },
];

const bodyRows = () =>
  screen.getAllByRole('row').filter((row) => within(row).queryAllByRole('cell').length > 0);
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('IndexTable', () => {
  it('numbers rows from 1 and shows "- -" in empty cells, also from a custom render', () => {
    render(
      <AppProviders>
        <IndexTable<Device> rowKey="sn" columns={columns} dataSource={devices} />
      </AppProviders>,
    );
    expect(screen.getByRole('columnheader', { name: 'No.' })).toBeTruthy();
    const [first, second] = bodyRows();
    expect(cellsOf(first!)).toEqual(['1', 'SN001', EMPTY_CELL, EMPTY_CELL]);
    expect(cellsOf(second!)).toEqual(['2', 'SN002', 'Router 2', '10.0.0.2']);
    expect(EMPTY_CELL).toBe('- -');
  });

  it('continues the numbering on the next page', () => {
    render(
      <AppProviders>
        <IndexTable<Device> rowKey="sn" columns={columns} dataSource={devices} />
      </AppProviders>,
    );
    fireEvent.click(screen.getByTitle('2'));
    const rows = bodyRows();
    expect(rows).toHaveLength(2);
    expect(cellsOf(rows[0]!).slice(0, 2)).toEqual(['11', 'SN011']);
    expect(cellsOf(rows[1]!).slice(0, 2)).toEqual(['12', 'SN012']);
  });

  it('follows server-side paging given by the page', () => {
    render(
      <AppProviders>
        <IndexTable<Device>
          rowKey="sn"
          columns={columns}
          dataSource={devices.slice(0, 5)}
          pagination={{ current: 3, pageSize: 5, total: 40 }}
        />
      </AppProviders>,
    );
    expect(cellsOf(bodyRows()[0]!)[0]).toBe('11');
    expect(rowNumber(3, 5, 4)).toBe(15);
  });
});
