import {
  formatDateTime,
  listShareLinksCall,
  removeShareLinkCall,
  type ShareSubject,
  type SupportShareLink,
  shareFaqCall,
  shareResourceCall,
} from '@fleetport/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { shareUrlOf } from '../exports/share-url.ts';

/** A long address cut with an ellipsis by CSS alone: the whole address stays in the page. */
const LINK_STYLE = {
  display: 'inline-block',
  maxWidth: 240,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;

const STATE_COLOR = { valid: 'green', removed: 'default', expired: 'orange' } as const;

/**
 * Share links of one resource or FAQ entry (the public seeShareFile/{id} page, 48 hours): create one,
 * copy it, see each link's state (valid, removed, expired) and remove a valid one.
 */
export function ShareDialog({
  subject,
  id,
  name,
  onClose,
}: {
  subject: ShareSubject;
  id: number;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('support');
  const { message } = App.useApp();
  const key = [listShareLinksCall.id, subject, id] as const;
  const links = useQuery({
    queryKey: key,
    queryFn: () => apiCall(listShareLinksCall, { subject, id }),
  });
  const onCreated = (link: { expiresAt: number }) =>
    message.success(t('shareDialog.created', { until: formatDateTime(link.expiresAt) }));
  const shareResource = useCallMutation(shareResourceCall, { invalidates: [key], onSuccess: onCreated });
  const shareFaq = useCallMutation(shareFaqCall, { invalidates: [key], onSuccess: onCreated });
  const create = subject === 'resource' ? shareResource : shareFaq;
  const remove = useCallMutation(removeShareLinkCall, {
    invalidates: [key],
    onSuccess: () => message.success(t('shareDialog.removed')),
  });

  return (
    <Modal open width={760} title={`${t('shareDialog.title')} · ${name}`} onCancel={onClose} footer={null}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('shareDialog.text')}</Typography.Text>
        <Button
          type="primary"
          loading={create.isPending}
          onClick={() => create.mutate({ id })}
          data-testid="share-create"
        >
          {t('shareDialog.create')}
        </Button>
        <Table<SupportShareLink>
          rowKey="shareId"
          size="small"
          loading={links.isLoading}
          dataSource={links.data ?? []}
          pagination={false}
          locale={{ emptyText: t('shareDialog.empty') }}
          data-testid="share-links"
          columns={[
            {
              key: 'link',
              title: t('shareDialog.columns.link'),
              render: (_: unknown, l) => (
                <Typography.Text
                  copyable={
                    l.state === 'valid'
                      ? {
                          text: shareUrlOf(l.shareId),
                          tooltips: [t('shareDialog.copy'), t('shareDialog.copied')],
                        }
                      : false
                  }
                  translate="no"
                >
                  <a href={shareUrlOf(l.shareId)} target="_blank" rel="noreferrer" style={LINK_STYLE}>
                    {shareUrlOf(l.shareId)}
                  </a>
                </Typography.Text>
              ),
            },
            {
              key: 'created',
              title: t('shareDialog.columns.created'),
              render: (_: unknown, l) => formatDateTime(l.createdAt),
            },
            {
              key: 'expires',
              title: t('shareDialog.columns.expires'),
              render: (_: unknown, l) => formatDateTime(l.expiresAt),
            },
            {
              key: 'state',
              title: t('shareDialog.columns.state'),
              render: (_: unknown, l) => (
                <Tag color={STATE_COLOR[l.state]} data-testid={`share-state-${l.shareId}`}>
                  {t(`shareDialog.state.${l.state}`)}
                </Tag>
              ),
            },
            {
              key: 'actions',
              render: (_: unknown, l) =>
                l.state === 'valid' ? (
                  <Popconfirm
                    title={t('shareDialog.removeTitle')}
                    description={t('shareDialog.removeHint')}
                    onConfirm={() => remove.mutate({ shareId: l.shareId })}
                  >
                    <Button size="small" danger data-testid={`share-remove-${l.shareId}`}>
                      {t('shareDialog.remove')}
                    </Button>
                  </Popconfirm>
                ) : null,
            },
          ]}
        />
      </Space>
    </Modal>
  );
}
