import { createTagCall, type DeviceTag, deleteTagCall, renameTagCall } from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Input, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { Can, PageGate } from '../../app/permissions.tsx';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { IndexTable } from '../../widgets/index-table.tsx';
import { deviceKeys, useDeviceTags } from '../devices/device-queries.ts';

/** Tags with the number of devices carrying each (core §2 tags). */
export function TagsPage() {
  return (
    <PageGate funCode="tags.view">
      <TagsView />
    </PageGate>
  );
}

function TagsView() {
  const { t } = useTranslation('devices');
  const queryClient = useQueryClient();
  const tags = useDeviceTags();
  const [editing, setEditing] = useState<{ tag: DeviceTag | null; name: string } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: deviceKeys.tags });

  async function save() {
    if (!editing) return;
    try {
      if (editing.tag) await apiCall(renameTagCall, { tagId: editing.tag.tagId, tagName: editing.name });
      else await apiCall(createTagCall, { tagName: editing.name });
      setEditing(null);
      refresh();
    } catch {
      // 200010-200016 are shown by the client; the dialog stays open.
    }
  }

  return (
    <Card
      title={t('tags.title')}
      data-testid="tags-page"
      extra={
        <Can funCode="tags.create">
          <Button type="primary" onClick={() => setEditing({ tag: null, name: '' })} data-testid="tag-create">
            {t('tags.create')}
          </Button>
        </Can>
      }
    >
      <IndexTable<DeviceTag>
        rowKey="tagId"
        data-testid="tags-table"
        loading={tags.isLoading}
        dataSource={tags.data ?? []}
        locale={{ emptyText: <EmptyState description={t('tags.empty')} /> }}
        columns={[
          { key: 'tagName', dataIndex: 'tagName', title: t('tags.name') },
          { key: 'deviceCount', dataIndex: 'deviceCount', title: t('tags.devices') },
          {
            key: 'actions',
            title: t('tags.actions'),
            render: (_v, tag) => (
              <Space>
                <Can funCode="tags.edit">
                  <Button type="link" size="small" onClick={() => setEditing({ tag, name: tag.tagName })}>
                    {t('tags.rename')}
                  </Button>
                </Can>
                <Can funCode="tags.remove">
                  <Popconfirm
                    title={t('tags.deleteConfirm', { name: tag.tagName })}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => apiCall(deleteTagCall, { tagId: tag.tagId }).then(refresh)}
                  >
                    <Button type="link" size="small" danger>
                      {t('tags.delete')}
                    </Button>
                  </Popconfirm>
                </Can>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing?.tag ? t('tags.rename') : t('tags.create')}
        onCancel={() => setEditing(null)}
        onOk={save}
      >
        <Input
          value={editing?.name ?? ''}
          onChange={(e) => setEditing((d) => d && { ...d, name: e.target.value })}
          data-testid="tag-name"
          placeholder={t('tags.limits')}
        />
      </Modal>
    </Card>
  );
}
