import {
  ALERT_SEVERITY_LABELS,
  getNotificationChoicesCall,
  NOTIFICATION_CATEGORY_LABELS,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationChoice,
  saveNotificationChoicesCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Space, Switch, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, usePermission } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { EmptyState } from '../../widgets/empty-state.tsx';

export const myChoicesKey = ['notifications', 'myChoices'] as const;

type Row = {
  key: string;
  category: NotificationChoice['category'];
  level: NotificationChoice['level'];
  cells: Partial<Record<NotificationChannel, boolean>>;
};

const cellId = (c: Pick<NotificationChoice, 'category' | 'level' | 'channel'>) =>
  `${c.category}-${c.level ?? 'all'}-${c.channel}`;

/**
 * The signed-in person's own notification choices: one row per category (alerts per severity), a
 * switch per channel the category uses, saved together. A person who never chose sees every switch on.
 */
export function MyChoicesSection() {
  const { t } = useTranslation('notifications');
  const lang = useLang();
  const { message } = App.useApp();
  const canEdit = usePermission('notificationSettings.edit');
  const choices = useQuery({
    queryKey: myChoicesKey,
    queryFn: () => apiCall(getNotificationChoicesCall, {}),
  });
  // Switches changed on screen and not saved yet, by cell.
  const [edits, setEdits] = useState<Record<string, boolean>>({});
  const save = useCallMutation(saveNotificationChoicesCall, {
    invalidates: [myChoicesKey],
    onSuccess: () => {
      setEdits({});
      void message.success(t('choices.saved'));
    },
  });

  const list = choices.data?.choices ?? [];
  const rows = useMemo(() => {
    const byRow = new Map<string, Row>();
    for (const c of list) {
      const key = `${c.category}-${c.level ?? 'all'}`;
      const row = byRow.get(key) ?? { key, category: c.category, level: c.level, cells: {} };
      row.cells[c.channel] = c.enabled;
      byRow.set(key, row);
    }
    return [...byRow.values()];
  }, [list]);
  const shownValue = (row: Row, channel: NotificationChannel) =>
    edits[cellId({ ...row, channel })] ?? row.cells[channel];
  const changed = list.filter((c) => edits[cellId(c)] !== undefined && edits[cellId(c)] !== c.enabled);

  return (
    <Card title={t('choices.title')} data-testid="my-choices">
      <Typography.Paragraph type="secondary">{t('choices.intro')}</Typography.Paragraph>
      {choices.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('choices.loadFailed')}
          action={
            <Button size="small" onClick={() => void choices.refetch()} data-testid="my-choices-retry">
              {t('choices.retry')}
            </Button>
          }
          data-testid="my-choices-error"
        />
      ) : !choices.isLoading && rows.length === 0 ? (
        <EmptyState description={t('choices.empty')} />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Table<Row>
            data-testid="my-choices-table"
            size="small"
            rowKey="key"
            loading={choices.isLoading}
            pagination={false}
            dataSource={rows}
            columns={[
              {
                key: 'category',
                title: t('choices.category'),
                render: (_v, r) => NOTIFICATION_CATEGORY_LABELS[r.category][lang],
              },
              {
                key: 'level',
                title: t('choices.level'),
                render: (_v, r) => (r.level ? ALERT_SEVERITY_LABELS[r.level][lang] : t('choices.allLevels')),
              },
              ...NOTIFICATION_CHANNELS.map((channel) => ({
                key: channel,
                title: t(`choices.channel.${channel}`),
                render: (_v: unknown, r: Row) =>
                  r.cells[channel] === undefined ? (
                    <Typography.Text type="secondary">{t('choices.notSent')}</Typography.Text>
                  ) : (
                    <Switch
                      size="small"
                      checked={shownValue(r, channel)}
                      disabled={!canEdit}
                      aria-label={`${NOTIFICATION_CATEGORY_LABELS[r.category][lang]} ${
                        r.level ? ALERT_SEVERITY_LABELS[r.level][lang] : ''
                      } ${t(`choices.channel.${channel}`)}`}
                      onChange={(on) => setEdits((e) => ({ ...e, [cellId({ ...r, channel })]: on }))}
                      data-testid={`choice-${cellId({ ...r, channel })}`}
                    />
                  ),
              })),
            ]}
          />
          <Can funCode="notificationSettings.edit">
            <Space>
              <Button
                type="primary"
                disabled={changed.length === 0}
                loading={save.isPending}
                onClick={() =>
                  save.mutate({
                    choices: changed.map((c) => ({ ...c, enabled: edits[cellId(c)] as boolean })),
                  })
                }
                data-testid="my-choices-save"
              >
                {t('choices.save')}
              </Button>
              <Button disabled={changed.length === 0} onClick={() => setEdits({})}>
                {t('choices.reset')}
              </Button>
            </Space>
          </Can>
        </Space>
      )}
    </Card>
  );
}
