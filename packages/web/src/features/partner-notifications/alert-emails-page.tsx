import { ALERT_EMAIL_TYPE_LABELS, type AlertEmailSetting, type AlertEmailType } from '@fleetport/contract';
import { Button, Card, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Can, PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { IndexTable } from '../../widgets/index-table.tsx';
import { AlertEmailDialog } from './alert-email-dialog.tsx';
import { useAlertEmailSettings } from './notice-queries.ts';
import { partnerNotifications } from './partner-notifications.i18n.ts';
import { SmtpCard } from './smtp-card.tsx';

addNamespaces({ partnerNotifications });

/** E-mail notifications of the distributor and re-seller consoles: alert e-mails and the mail server. */
export function AlertEmailsPage() {
  return (
    <PageGate funCode="partnerEmails.view">
      <AlertEmails />
    </PageGate>
  );
}

function AlertEmails() {
  const { t } = useTranslation('partnerNotifications');
  const lang = useLang();
  const settings = useAlertEmailSettings();
  const [editing, setEditing] = useState<AlertEmailSetting | null>(null);
  const notSet = <Typography.Text type="secondary">{t('emails.notSet')}</Typography.Text>;

  const columns: ColumnsType<AlertEmailSetting> = [
    {
      key: 'type',
      dataIndex: 'type',
      title: t('emails.type'),
      render: (type: AlertEmailType) => ALERT_EMAIL_TYPE_LABELS[type][lang],
    },
    {
      key: 'subject',
      dataIndex: 'subject',
      title: t('emails.subject'),
      render: (v: string | null) => v ?? notSet,
    },
    {
      key: 'senderName',
      dataIndex: 'senderName',
      title: t('emails.senderName'),
      render: (v: string | null) => v ?? notSet,
    },
    {
      key: 'supportEmail',
      dataIndex: 'supportEmail',
      title: t('emails.supportEmail'),
      render: (v: string | null) => v ?? notSet,
    },
    {
      key: 'banner',
      dataIndex: 'banner',
      title: t('emails.banner'),
      render: (banner: AlertEmailSetting['banner']) => banner?.name ?? notSet,
    },
    {
      key: 'enabled',
      dataIndex: 'enabled',
      title: t('emails.enabled'),
      render: (on: boolean) => (
        <Tag color={on ? 'green' : 'default'}>{on ? t('emails.on') : t('emails.off')}</Tag>
      ),
    },
    {
      key: 'actions',
      title: t('notices.actions'),
      render: (_v, setting) => (
        <Can funCode="partnerEmails.edit">
          <Button
            type="link"
            size="small"
            onClick={() => setEditing(setting)}
            data-testid={`alert-email-edit-${setting.type}`}
          >
            {t('emails.edit')}
          </Button>
        </Can>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="alert-emails-page">
      <Card title={t('emails.title')}>
        <Typography.Paragraph type="secondary">{t('emails.intro')}</Typography.Paragraph>
        <IndexTable<AlertEmailSetting>
          rowKey="type"
          data-testid="alert-emails-table"
          loading={settings.isLoading}
          columns={columns}
          dataSource={settings.data?.types ?? []}
          pagination={false}
        />
      </Card>
      {settings.data && <SmtpCard smtp={settings.data.smtp} />}
      <AlertEmailDialog setting={editing} onClose={() => setEditing(null)} />
    </Space>
  );
}
