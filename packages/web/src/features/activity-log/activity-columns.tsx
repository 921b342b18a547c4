import {
  type ActivityRow,
  ALL_CALLS,
  activityActionLabel,
  activityDetailsText,
  errorMessage,
  formatDateTime,
  isSystemActivity,
  type Lang,
} from '@fleetport/contract';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';

const SUMMARIES = new Map(ALL_CALLS.map((c) => [c.id, c.summary]));

/** A call's name in the reader's language; never the call id (the contract's summary if unlabelled). */
export const activityActionName = (callId: string, lang: Lang) =>
  activityActionLabel(callId, lang, SUMMARIES.get(callId));

export interface ActivityColumnsOptions {
  /** Any translator: the words are the activity log's (`operation:activity.*`) wherever the table shows. */
  t: TFunction;
  lang: Lang;
  /** Detail fields the page already makes plain (the device logs tab omits the SN). */
  omit?: readonly string[];
}

/** The columns of an activity log entry, shared by the activity log page and the device logs tab. */
export function activityColumns({ t, lang, omit }: ActivityColumnsOptions): ColumnsType<ActivityRow> {
  const word = (key: string) => t(`operation:activity.${key}`);
  return [
    { key: 'at', dataIndex: 'at', title: word('at'), render: (at: number) => formatDateTime(at) },
    {
      key: 'user',
      dataIndex: 'userName',
      title: word('user'),
      // The platform's own entries (a rollout's batch) are nobody's: they say so rather than stay blank.
      render: (name: string | null, row) =>
        name ? `${name} (${row.loginAccount ?? ''})` : isSystemActivity(row.callId) ? word('system') : null,
    },
    {
      key: 'callId',
      dataIndex: 'callId',
      title: word('action'),
      render: (callId: string) => activityActionName(callId, lang),
    },
    {
      key: 'object',
      dataIndex: 'object',
      title: word('object'),
      render: (object: string | null) => activityDetailsText(object, lang, { omit }),
    },
    { key: 'remoteAddress', dataIndex: 'remoteAddress', title: word('address') },
    {
      key: 'resultCode',
      dataIndex: 'resultCode',
      title: word('result'),
      render: (code: number) =>
        code === 0 ? (
          <Tag color="green">{word('success')}</Tag>
        ) : (
          // The catalogue's words beside the code: a reader should not need to look 120095 up.
          <Tag color="red" style={{ whiteSpace: 'normal' }} data-testid={`activity-failed-${code}`}>
            {t('operation:activity.failedWith', { message: errorMessage(code, lang), code })}
          </Tag>
        ),
    },
  ];
}
