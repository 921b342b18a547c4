import {
  APP_UPDATE_ERRORS,
  appUpdateError,
  type DeviceUpdate,
  formatDateTime,
  labelOf,
  rpcErrorText,
  UPDATE_STATE_LABELS,
  type UpdateKind,
} from '@fleetport/contract';
import { Progress, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/index.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { IndexTable } from '../../widgets/index-table.tsx';
import { HISTORY_PAGE_SIZE, useUpdateEvents, useUpdateHistory } from './software-queries.ts';

const STATE_COLOR: Record<DeviceUpdate['state'], string> = {
  pending: 'default',
  updating: 'processing',
  rebooting: 'processing',
  success: 'success',
  failure: 'error',
  timeout: 'warning',
};

const LAST_UPDATE_CODE = APP_UPDATE_ERRORS.length - 1;

/**
 * Why an update failed: the update error codes 0-16 in the console's words (core §8), any other
 * code of the device in the RPC table's words, else what the device said.
 */
export function updateFailureText(update: Pick<DeviceUpdate, 'errorCode' | 'errorMessage'>): string | null {
  const lang = currentLanguage();
  const code = update.errorCode;
  if (code === null) return update.errorMessage;
  if (code >= 0 && code <= LAST_UPDATE_CODE) return `${appUpdateError(code)[lang]} (${code})`;
  const rpc = rpcErrorText(code);
  return rpc ? `${rpc[lang]} (${code})` : (update.errorMessage ?? String(code));
}

/** A device's firmware or app updates, newest first; a running one shows its progress live. */
export function UpdateHistory({ sn, kind }: { sn: string; kind: UpdateKind }) {
  const { t } = useTranslation('deviceSoftware');
  const [pageNum, setPageNum] = useState(1);
  const history = useUpdateHistory(sn, kind, pageNum);
  useUpdateEvents(sn);
  const lang = currentLanguage();
  return (
    <IndexTable<DeviceUpdate>
      rowKey="rpcId"
      size="small"
      data-testid={`${kind}-history`}
      loading={history.isLoading}
      dataSource={history.data?.list ?? []}
      locale={{ emptyText: <EmptyState description={t('software.emptyHistory')} /> }}
      pagination={{ current: pageNum, pageSize: HISTORY_PAGE_SIZE, total: history.data?.total ?? 0 }}
      onChange={(p) => setPageNum(p.current ?? 1)}
      columns={[
        { key: 'at', title: t('software.at'), render: (_, u) => formatDateTime(u.createdAt) },
        {
          key: 'action',
          title: t('software.action'),
          render: (_, u) =>
            kind === 'app'
              ? `${t(`software.methods.${u.method}`)} ${u.name ?? u.packageName ?? ''}`.trim()
              : t(`software.methods.${u.method}`),
        },
        { key: 'version', dataIndex: 'version', title: t('software.version') },
        {
          key: 'state',
          title: t('software.state'),
          render: (_, u) => (
            <span data-testid={`update-state-${u.rpcId}`} data-state={u.state}>
              <Tag color={STATE_COLOR[u.state]}>{labelOf(UPDATE_STATE_LABELS, u.state)[lang]}</Tag>
            </span>
          ),
        },
        {
          key: 'progress',
          title: t('software.progress'),
          render: (_, u) =>
            u.percent === null ? null : (
              <Progress
                percent={u.percent}
                size="small"
                status={u.state === 'success' ? 'success' : u.state === 'failure' ? 'exception' : 'active'}
                style={{ minWidth: 120 }}
              />
            ),
        },
        {
          key: 'reason',
          title: t('software.reason'),
          render: (_, u) =>
            u.state === 'failure' ? (
              <Typography.Text type="danger">{updateFailureText(u)}</Typography.Text>
            ) : null,
        },
      ]}
    />
  );
}
