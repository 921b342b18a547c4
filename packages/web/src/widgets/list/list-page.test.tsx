import { getPageColumnsCall, updatePageColumnsCall } from '@fleetport/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { describe, expect, it, vi } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { routeServer } from '../../app/console-test-kit.tsx';
import { AppProviders, queryClient } from '../../app/providers.tsx';
import { changeLanguage } from '../../i18n/index.ts';
import { ListPage, type ListPageProps, type ListState } from './list-page.tsx';

interface Router {
  sn: string;
  name: string | null;
  model: string;
}

const routers: Router[] = [
  { sn: 'SN001', name: null, model: 'R3000-Q' },
  { sn: 'SN002', name: 'Quay 2', model: 'R2000' },
];

const columns: ColumnsType<Router> = [
  { key: 'sn', dataIndex: 'sn', title: 'SN', sorter: true },
  { key: 'name', dataIndex: 'name', title: 'Name' },
  { key: 'model', dataIndex: 'model', title: 'Model' },
];

/** A list as `useListQuery` hands it over: page 3 of 20 rows a page, sorted by last seen. */
function listOf(rows: Router[], patch: Partial<ListState<Router>> = {}): ListState<Router> {
  return {
    rows,
    total: 42,
    totalCapped: false,
    pageNum: 3,
    pageSize: 20,
    sort: { field: 'sn', order: 'asc' },
    filters: {},
    filtered: false,
    query: { isLoading: false },
    setPage: vi.fn(),
    setSort: vi.fn(),
    resetFilters: vi.fn(),
    ...patch,
  };
}

function show(props: Partial<ListPageProps<Router>> = {}) {
  queryClient.clear();
  return render(
    <AppProviders>
      <ListPage<Router>
        title="Routers"
        tableTestId="routers"
        rowKey="sn"
        columns={columns}
        list={listOf(routers)}
        {...props}
      />
    </AppProviders>,
  );
}

const bodyRows = () =>
  within(screen.getByTestId('routers'))
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('cell').length > 0);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

// Ant Design tables in jsdom on a shared two-core machine.
const SLOW = 60_000;

signedInEachTest();

describe('ListPage', () => {
  it(
    'numbers rows across pages, shows "- -" for an empty cell and marks the sort column',
    async () => {
      routeServer({});
      const setSort = vi.fn();
      show({ list: listOf(routers, { setSort }) });
      expect(screen.getByRole('columnheader', { name: 'No.' })).toBeTruthy();
      // Page 3 of 20 a page starts at row 41.
      expect(cells(bodyRows()[0]!)).toEqual(['41', 'SN001', '- -', 'R3000-Q']);
      expect(cells(bodyRows()[1]!)).toEqual(['42', 'SN002', 'Quay 2', 'R2000']);
      expect(screen.getByTestId('list-total').textContent).toBe('42 in total');
      const snHeader = screen.getByRole('columnheader', { name: /SN/ });
      expect(snHeader.getAttribute('aria-sort')).toBe('ascending');
      // Sorting asks the list (the server) rather than sorting the page in the browser.
      await userEvent.click(snHeader);
      expect(setSort).toHaveBeenCalledWith('sn', 'desc');
    },
    SLOW,
  );

  it(
    'shows a capped total as "1000+" and explains it',
    async () => {
      routeServer({});
      show({ list: listOf(routers, { total: 1000, totalCapped: true }) });
      const total = screen.getByTestId('list-total');
      expect(total.textContent).toBe('1000+ in total');
      const explanation =
        'More than 1000 match. Counting stops there to keep the list fast; narrow the filters for an exact number.';
      expect(total.getAttribute('aria-label')).toBe(explanation);
      await userEvent.hover(total);
      expect(await screen.findByText(explanation)).toBeTruthy();
    },
    SLOW,
  );

  it(
    'tells an empty list from a filter that matches nothing, and clears the filters from there',
    async () => {
      routeServer({});
      const view = show({
        list: listOf([], { total: 0 }),
        empty: { description: 'No routers yet.', action: <Button>Add router</Button> },
      });
      expect(screen.getByText('No routers yet.')).toBeTruthy();
      expect(screen.getByText('Add router')).toBeTruthy();

      const resetFilters = vi.fn();
      view.unmount();
      show({ list: listOf([], { total: 0, filtered: true, resetFilters }) });
      expect(screen.getByText('Nothing matches these filters.')).toBeTruthy();
      await userEvent.click(screen.getByTestId('list-clear-filters'));
      expect(resetFilters).toHaveBeenCalled();
    },
    SLOW,
  );

  it(
    'hands the picked rows to the bulk actions and the filters to the export slot',
    async () => {
      routeServer({});
      const acted: string[][] = [];
      const exported: unknown[] = [];
      show({
        list: listOf(routers, { filters: { search: 'quay' } }),
        bulkActions: ({ keys, clear }) => (
          <Button
            disabled={keys.length === 0}
            onClick={() => {
              acted.push(keys.map(String));
              clear();
            }}
          >
            Reboot picked
          </Button>
        ),
        exportAction: (context) => <Button onClick={() => exported.push(context)}>Export list</Button>,
      });
      const table = screen.getByTestId('routers');
      await userEvent.click(within(bodyRows()[1]!).getByRole('checkbox'));
      expect(screen.getByTestId('list-selection').textContent).toContain('1 selected');
      // The header box picks the whole page.
      await userEvent.click(within(table).getAllByRole('checkbox')[0]!);
      expect(screen.getByTestId('list-selection').textContent).toContain('2 selected');
      await userEvent.click(screen.getByText('Reboot picked'));
      expect(acted.map((keys) => [...keys].sort())).toEqual([['SN001', 'SN002']]);
      expect(screen.queryByTestId('list-selection')).toBeNull();

      await userEvent.click(screen.getByText('Export list'));
      expect(exported).toEqual([{ filters: { search: 'quay' }, total: 42, totalCapped: false }]);
    },
    SLOW,
  );

  it(
    'hides a column the user unticks and keeps the choice on the server, in Chinese',
    async () => {
      await changeLanguage('cn');
      const saved: unknown[] = [];
      routeServer({
        [getPageColumnsCall.path]: { data: { pageName: 'routers', columns: null } },
        [updatePageColumnsCall.path]: (body) => {
          saved.push(body);
          return { data: null };
        },
      });
      show({ columnsPageName: 'routers' });
      expect(screen.getByRole('columnheader', { name: '序号' })).toBeTruthy();
      expect(screen.getByTestId('list-total').textContent).toBe('共 42 条');
      await userEvent.click(screen.getByRole('button', { name: '列设置' }));
      await userEvent.click(await screen.findByTestId('column-name'));
      await waitFor(() => expect(saved).toEqual([{ pageName: 'routers', columns: ['sn', 'model'] }]));
      await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Name' })).toBeNull());
      expect(cells(bodyRows()[0]!)).toEqual(['41', 'SN001', 'R3000-Q']);
    },
    SLOW,
  );
});
