import { Table, type TableProps } from 'antd';
import type { ColumnsType, ColumnType, TablePaginationConfig } from 'antd/es/table';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** core §2: an empty cell reads "- -". */
export const EMPTY_CELL = '- -';
const DEFAULT_PAGE_SIZE = 10;

function isBlank(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

/** Every leaf column shows "- -" where the value (or its custom render) is empty. */
export function withEmptyCells<T>(columns: ColumnsType<T>): ColumnsType<T> {
  return columns.map((column) => {
    if ('children' in column && column.children)
      return { ...column, children: withEmptyCells(column.children) };
    const leaf = column as ColumnType<T>;
    return {
      ...leaf,
      render: (value: unknown, record: T, index: number): ReactNode => {
        const shown = leaf.render ? leaf.render(value, record, index) : value;
        return isBlank(shown) ? EMPTY_CELL : (shown as ReactNode);
      },
    };
  });
}

/** The 1-based row number on a page, continuing from the previous pages. */
export function rowNumber(current: number, pageSize: number, index: number): number {
  return (current - 1) * pageSize + index + 1;
}

export type IndexTableProps<T> = TableProps<T> & { columns: ColumnsType<T> };

/** An Ant Design table with a row-number column and "- -" in empty cells (core §2). */
export function IndexTable<T extends object>({ columns, pagination, onChange, ...rest }: IndexTableProps<T>) {
  const { t } = useTranslation('widgets');
  // Followed only when the caller leaves paging to the table; controlled paging wins.
  const [ownPage, setOwnPage] = useState({ current: 1, pageSize: DEFAULT_PAGE_SIZE });
  const paged = pagination !== false;
  const paging = pagination || {};
  const current = paging.current ?? ownPage.current;
  const pageSize = paging.pageSize ?? paging.defaultPageSize ?? ownPage.pageSize;

  const allColumns = useMemo<ColumnsType<T>>(
    () => [
      {
        key: '__index',
        title: t('table.index'),
        width: 70,
        render: (_value, _record, index) => (paged ? rowNumber(current, pageSize, index) : index + 1),
      },
      ...withEmptyCells(columns),
    ],
    [columns, current, pageSize, paged, t],
  );

  const handleChange: TableProps<T>['onChange'] = (page: TablePaginationConfig, ...more) => {
    setOwnPage({ current: page.current ?? 1, pageSize: page.pageSize ?? DEFAULT_PAGE_SIZE });
    onChange?.(page, ...more);
  };

  return (
    <Table<T>
      {...rest}
      columns={allColumns}
      pagination={paged ? { ...paging, current, pageSize } : false}
      onChange={handleChange}
    />
  );
}
