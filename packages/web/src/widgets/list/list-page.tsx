import { Button, Card, Flex, Space, Typography } from 'antd';
import type { ColumnsType, ColumnType, TableProps } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { type Key, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../empty-state.tsx';
import { IndexTable } from '../index-table.tsx';
import { ListTotal } from './list-total.tsx';
import { ColumnSettings, usePageColumns } from './page-columns.tsx';
import type { SortOrder } from './use-list-query.ts';

/** What the page needs of a `useListQuery` result (rows typed by the page). */
export interface ListState<T> {
  rows: T[];
  total: number;
  totalCapped: boolean;
  pageNum: number;
  pageSize: number;
  sort?: { field: string; order: SortOrder } | undefined;
  filters: object;
  filtered: boolean;
  query: { isLoading: boolean };
  setPage(pageNum: number, pageSize?: number): void;
  setSort(field: string | undefined, order?: SortOrder): void;
  resetFilters(): void;
}

/** What an export of the list covers: the filters shown, and how many rows they match. */
export interface ListExportContext {
  filters: Record<string, unknown>;
  total: number;
  totalCapped: boolean;
}

export interface ListSelection<T> {
  keys: Key[];
  rows: T[];
  clear: () => void;
}

export interface ListPageProps<T extends object> {
  title: ReactNode;
  /** `data-testid` of the page and of its table. */
  testId?: string;
  tableTestId?: string;
  rowKey: string & keyof T;
  /** Every column the user may show, in order; `sorter: true` columns sort on the server. */
  columns: ColumnsType<T>;
  /** Columns shown after the chosen ones whatever the choice (row actions). */
  trailingColumns?: ColumnsType<T>;
  /** The name the user's column choice is stored under (core §3); no column settings without it. */
  columnsPageName?: string;
  /** A server-paged list (`useListQuery`) ... */
  list?: ListState<T>;
  /** ... or rows known whole, paged by the table. */
  rows?: T[];
  loading?: boolean;
  /** The filters bar above the table. */
  filters?: ReactNode;
  /** The page's own buttons (create, import), first in the toolbar. */
  actions?: ReactNode;
  /** The export button, handed the current filters: the export pipeline plugs in here. */
  exportAction?: (context: ListExportContext) => ReactNode;
  /** Rows can be picked; these buttons act on the picked ones. */
  bulkActions?: (selection: ListSelection<T>) => ReactNode;
  /** Rows that cannot be picked (already read, say). */
  selectable?: (row: T) => boolean;
  /** What an empty list says, and the action that fills it; a filtered list that matches nothing says so. */
  empty?: { description?: ReactNode; noMatch?: ReactNode; action?: ReactNode };
  pageSizeOptions?: number[];
  /**
   * A fleet-scale table: compact rows, and a body that scrolls inside the window so the header stays
   * and the horizontal scrollbar is always in reach.
   */
  dense?: boolean;
  onRow?: TableProps<T>['onRow'];
}

const PAGE_SIZES = [10, 20, 50, 100];
/** The dense table's body fits the window below the shell's header, tabs, card, filters and pager. */
const DENSE_BODY_HEIGHT = 'max(240px, calc(100vh - 430px))';

const toOrder = (order: SortOrder) => (order === 'asc' ? 'ascend' : 'descend');

/** Server-sorted columns show the list's sort, the default one included. */
function markSort<T>(columns: ColumnsType<T>, sort: ListState<T>['sort']): ColumnsType<T> {
  return columns.map((column) => {
    const leaf = column as ColumnType<T>;
    if (!leaf.sorter) return column;
    return { ...leaf, sortOrder: sort && sort.field === String(leaf.key) ? toOrder(sort.order) : null };
  });
}

/**
 * Every list page of the console (ThingsBoard's entity table as the model): a toolbar (page actions,
 * bulk actions on the picked rows, export, column settings), a filters bar, and the index table with
 * "- -" in empty cells, server paging and sorting, a total that says when it is capped, and an empty
 * state that tells "nothing yet" from "nothing matches".
 */
export function ListPage<T extends object>(props: ListPageProps<T>) {
  const { t } = useTranslation('widgets');
  const { list, columns, columnsPageName, bulkActions, selectable, empty = {} } = props;
  const { shown, chosen, choose } = usePageColumns(columnsPageName, columns);
  const [picked, setPicked] = useState<{ keys: Key[]; rows: T[] }>({ keys: [], rows: [] });
  const clear = () => setPicked({ keys: [], rows: [] });
  // Other filters, other rows: a selection made under the old ones would act on rows no longer shown.
  const filterKey = JSON.stringify(list?.filters ?? {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: clearing is what the filter change triggers.
  useEffect(() => setPicked({ keys: [], rows: [] }), [filterKey]);

  const tableColumns = useMemo(() => {
    const chosenColumns = list ? markSort(shown, list.sort) : shown;
    return [...chosenColumns, ...(props.trailingColumns ?? [])];
  }, [shown, list, props.trailingColumns]);

  const filteredEmpty = list?.filtered ?? false;
  const emptyText = filteredEmpty ? (
    <EmptyState description={empty.noMatch ?? t('list.noMatch')}>
      <Button onClick={() => list?.resetFilters()} data-testid="list-clear-filters">
        {t('list.clearFilters')}
      </Button>
    </EmptyState>
  ) : (
    <EmptyState description={empty.description}>{empty.action}</EmptyState>
  );

  const total = list ? list.total : (props.rows?.length ?? 0);
  const selection: ListSelection<T> = { ...picked, clear };

  return (
    <Card
      title={props.title}
      data-testid={props.testId}
      extra={
        <Space wrap>
          {props.actions}
          {bulkActions?.(selection)}
          {props.exportAction?.({
            filters: (list?.filters ?? {}) as Record<string, unknown>,
            total,
            totalCapped: list?.totalCapped ?? false,
          })}
          {columnsPageName !== undefined && (
            <ColumnSettings
              columns={columns.map((c) => ({ key: String(c.key), title: String(c.title) }))}
              chosen={chosen}
              onChange={choose}
            />
          )}
        </Space>
      }
    >
      {props.filters && (
        <Flex gap={8} wrap style={{ marginBottom: 12 }} data-testid="list-filters">
          {props.filters}
        </Flex>
      )}
      {bulkActions && picked.keys.length > 0 && (
        <Space style={{ marginBottom: 8 }} data-testid="list-selection">
          <Typography.Text>{t('list.selected', { count: picked.keys.length })}</Typography.Text>
          <Button type="link" size="small" onClick={clear}>
            {t('list.clearSelection')}
          </Button>
        </Space>
      )}
      <IndexTable<T>
        rowKey={props.rowKey}
        data-testid={props.tableTestId}
        loading={list ? list.query.isLoading : props.loading}
        columns={tableColumns}
        dataSource={list ? list.rows : (props.rows ?? [])}
        size={props.dense ? 'small' : undefined}
        scroll={props.dense ? { x: 'max-content', y: DENSE_BODY_HEIGHT } : { x: 'max-content' }}
        onRow={props.onRow}
        rowSelection={
          bulkActions
            ? {
                selectedRowKeys: picked.keys,
                preserveSelectedRowKeys: true,
                onChange: (keys, rows) => setPicked({ keys, rows }),
                // antd labels these checkboxes in English whatever its locale ("Select all").
                getTitleCheckboxProps: () => ({ 'aria-label': t('list.selectAll') }),
                getCheckboxProps: (row: T) => ({
                  'aria-label': t('list.selectRow'),
                  ...(selectable ? { disabled: !selectable(row) } : {}),
                }),
              }
            : undefined
        }
        locale={{ emptyText }}
        pagination={
          list
            ? {
                current: list.pageNum,
                pageSize: list.pageSize,
                total,
                showSizeChanger: true,
                pageSizeOptions: props.pageSizeOptions ?? PAGE_SIZES,
                showTotal: () => <ListTotal total={total} capped={list.totalCapped} />,
              }
            : { showTotal: () => <ListTotal total={total} capped={false} />, hideOnSinglePage: false }
        }
        onChange={(pagination, _filters, sorter, extra) => {
          if (!list) return;
          if (extra.action === 'sort') {
            const sort = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
            if (sort?.order) list.setSort(String(sort.columnKey), sort.order === 'ascend' ? 'asc' : 'desc');
            else list.setSort(undefined);
          } else if (extra.action === 'paginate') {
            list.setPage(pagination.current ?? 1, pagination.pageSize ?? list.pageSize);
          }
        }}
      />
    </Card>
  );
}
