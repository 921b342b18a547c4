import { createTagCall, type DeviceTag, deleteTagCall, renameTagCall } from '@fleetport/contract';
import { Button, Input, Modal, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, PageGate } from '../../app/permissions.tsx';
import { ListPage } from '../../widgets/list/list-page.tsx';
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
  const tags = useDeviceTags();
  const [editing, setEditing] = useState<{ tag: DeviceTag | null; name: string } | null>(null);
  // 200010-200016 are shown by the client; the dialog stays open.
  const saved = { invalidates: [deviceKeys.tags], onSuccess: () => setEditing(null) };
  const create = useCallMutation(createTagCall, saved);
  const rename = useCallMutation(renameTagCall, saved);
  const remove = useCallMutation(deleteTagCall, { invalidates: [deviceKeys.tags] });

  function save() {
    if (!editing) return;
    if (editing.tag) rename.mutate({ tagId: editing.tag.tagId, tagName: editing.name });
    else create.mutate({ tagName: editing.name });
  }

  return (
    <>
      <ListPage<DeviceTag>
        title={t('tags.title')}
        testId="tags-page"
        tableTestId="tags-table"
        rowKey="tagId"
        loading={tags.isLoading}
        rows={tags.data ?? []}
        empty={{ description: t('tags.empty') }}
        actions={
          <Can funCode="tags.create">
            <Button
              type="primary"
              onClick={() => setEditing({ tag: null, name: '' })}
              data-testid="tag-create"
            >
              {t('tags.create')}
            </Button>
          </Can>
        }
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
                    // Busy until answered; a refusal was shown by the client.
                    onConfirm={() => remove.mutateAsync({ tagId: tag.tagId }).catch(() => {})}
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
        confirmLoading={create.isPending || rename.isPending}
      >
        <Input
          value={editing?.name ?? ''}
          onChange={(e) => setEditing((d) => d && { ...d, name: e.target.value })}
          data-testid="tag-name"
          placeholder={t('tags.limits')}
        />
      </Modal>
    </>
  );
}
