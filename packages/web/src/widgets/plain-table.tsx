import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';

export interface PlainColumn<Row> {
  key: string;
  title: ReactNode;
  /** The cell; by default the row's value under `key`. */
  render?: (row: Row) => ReactNode;
}

const cell = { padding: '8px', borderBottom: '1px solid #f0f0f0', textAlign: 'start' } as const;

/**
 * A small read-only table drawn like Ant Design's small Table, for short lists on a card (the
 * dashboard's top ten). antd's Table brings pagination, filters, a tree and a virtual list (~70 KB
 * gzip) that a ten-row list without paging never uses.
 */
export function PlainTable<Row>({
  columns,
  rows,
  rowKey,
  ...rest
}: {
  columns: PlainColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  [data: `data-${string}`]: string | undefined;
}) {
  if (rows.length === 0) return <EmptyState />;
  return (
    <div style={{ overflowX: 'auto' }} {...rest}>
      <table
        style={{ width: '100%', borderCollapse: 'collapse', fontSize: 14, color: 'rgba(0, 0, 0, 0.88)' }}
      >
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" style={{ ...cell, background: '#fafafa', fontWeight: 600 }}>
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} style={cell}>
                  {column.render
                    ? column.render(row)
                    : String((row as Record<string, unknown>)[column.key] ?? '')}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
