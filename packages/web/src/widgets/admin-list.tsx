import type { CallDef, CallInput, CallOutput } from '@fleetport/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../api/client.ts';
import { useCallMutation } from '../api/use-call-mutation.ts';
import { addNamespaces } from '../i18n/index.ts';
import { adminList } from './admin-list.i18n.ts';
import { EmptyState } from './empty-state.tsx';

addNamespaces({ adminList });

type PagedCall = CallDef;
type RemoveCall = CallDef;

/**
 * A Super Admin list (release notes, maintenance notices, resources, FAQ, certificates): a card with
 * its title and add button, a paged table of one paged call, and per row the page's own actions and a
 * remove button behind a confirmation. Its list refetches after any mutation that names its key.
 */
export interface AdminListProps<C extends PagedCall, R extends RemoveCall, T extends { id: number }> {
  /** The paged list call; `input` is its filter besides paging. */
  call: C;
  input?: Omit<CallInput<C>, 'pageNum' | 'pageSize'>;
  pageSize?: number;
  title: ReactNode;
  /** `data-testid` of the card; its buttons are `<testId>-add` and `<testId>-remove-<id>` unless named. */
  testId: string;
  addTestId?: string;
  removeTestId?: (row: T) => string;
  /** The add button (absent: none). */
  add?: { label: ReactNode; onClick: () => void };
  /** Beside the add button (a search box). */
  extra?: ReactNode;
  columns: ColumnsType<T>;
  /** Buttons before the remove button on each row. */
  rowActions?: (row: T) => ReactNode;
  /** The remove call (its input `{ id }`), the confirmation's question and its hint. */
  remove: { call: R; question: (row: T) => string; hint?: string; done?: string };
  emptyText?: string;
}

/** The query key of an admin list: a mutation's `invalidates: [adminListKey(call)]` refetches it. */
export function adminListKey(call: CallDef) {
  return [call.id] as const;
}

export function AdminList<C extends PagedCall, R extends RemoveCall, T extends { id: number }>(
  props: AdminListProps<C, R, T>,
) {
  const { call, input, pageSize = 20, remove: removal } = props;
  const { t } = useTranslation('adminList');
  const { message } = App.useApp();
  // A new filter (a search) starts again on the first page.
  const inputKey = JSON.stringify(input ?? {});
  const [paging, setPaging] = useState({ inputKey, pageNum: 1 });
  const pageNum = paging.inputKey === inputKey ? paging.pageNum : 1;
  const list = useQuery({
    queryKey: [...adminListKey(call), input ?? {}, pageNum],
    queryFn: () => apiCall(call, { ...input, pageNum, pageSize } as CallInput<C>),
    placeholderData: keepPreviousData,
  });
  const page = list.data as (CallOutput<C> & { list: T[]; total: number }) | undefined;
  const remove = useCallMutation(removal.call, {
    invalidates: [adminListKey(call)],
    onSuccess: () => message.success(removal.done ?? t('removed')),
  });
  const columns: ColumnsType<T> = [
    ...props.columns,
    {
      key: 'actions',
      title: t('actions'),
      render: (_: unknown, row) => (
        <Space>
          {props.rowActions?.(row)}
          <Popconfirm
            title={removal.question(row)}
            description={removal.hint}
            onConfirm={() => remove.mutate({ id: row.id } as CallInput<R>)}
          >
            <Button
              size="small"
              danger
              data-testid={props.removeTestId?.(row) ?? `${props.testId}-remove-${row.id}`}
            >
              {t('remove')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Card
      title={props.title}
      data-testid={props.testId}
      extra={
        <Space>
          {props.extra}
          {props.add ? (
            <Button
              type="primary"
              onClick={props.add.onClick}
              data-testid={props.addTestId ?? `${props.testId}-add`}
            >
              {props.add.label}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Table<T>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={page?.list ?? []}
        locale={{ emptyText: <EmptyState description={props.emptyText ?? t('empty')} /> }}
        pagination={{
          current: pageNum,
          pageSize,
          total: page?.total ?? 0,
          onChange: (next) => setPaging({ inputKey, pageNum: next }),
        }}
        columns={columns}
      />
    </Card>
  );
}
