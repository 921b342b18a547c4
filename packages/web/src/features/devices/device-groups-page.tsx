import { ApartmentOutlined, PlusOutlined } from '@ant-design/icons';
import {
  createGroupCall,
  type DeviceGroup,
  deleteGroupCall,
  renameGroupCall,
  UNGROUPED,
} from '@fleetport/contract';
import type { ButtonProps } from 'antd';
import { Button, Card, Flex, Form, Input, Modal, Popconfirm, Space, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, PageGate } from '../../app/permissions.tsx';
import { EmptyState } from '../../widgets/empty-state.tsx';
import { deviceKeys, useDeviceGroups } from './device-queries.ts';

export const groupPath = (id: number) => `/robustlink/devices/deviceGroup/${id}`;

/** The group tree under the company's root group, from the flat list the server answers. */
export function groupTree(
  groups: DeviceGroup[],
  rootId: number,
  label: (g: DeviceGroup) => DataNode['title'],
): DataNode[] {
  const children = (parent: number): DataNode[] =>
    groups
      .filter((g) => g.parentId === parent)
      .map((g) => ({ key: g.groupId, title: label(g), children: children(g.groupId) }));
  return children(rootId);
}

/** Device groups (core §2 devices/deviceGroup): the tree, Ungrouped, create, rename, delete. */
export function DeviceGroupsPage() {
  return (
    <PageGate funCode="groups.view">
      <GroupsView />
    </PageGate>
  );
}

function GroupsView() {
  const { t } = useTranslation('devices');
  const groups = useDeviceGroups();
  const [editing, setEditing] = useState<{ group: DeviceGroup | null; parentId?: number } | null>(null);
  const remove = useCallMutation(deleteGroupCall, { invalidates: [deviceKeys.groups] });
  const data = groups.data;

  const label = (g: DeviceGroup) => (
    <Space data-testid={`group-${g.groupName}`}>
      <Link to={groupPath(g.groupId)}>{g.groupName}</Link>
      <Typography.Text type="secondary">
        {t('groups.counts', { total: g.deviceCount, online: g.onlineCount })}
      </Typography.Text>
      <Can funCode="groups.create">
        <Button size="small" type="link" onClick={() => setEditing({ group: null, parentId: g.groupId })}>
          {t('groups.addChild')}
        </Button>
      </Can>
      <Can funCode="groups.edit">
        <Button size="small" type="link" onClick={() => setEditing({ group: g })}>
          {t('groups.rename')}
        </Button>
      </Can>
      <Can funCode="groups.remove">
        <Popconfirm
          title={t('groups.deleteConfirm', { name: g.groupName })}
          okButtonProps={{ danger: true }}
          // Busy until answered; a refusal was shown by the client.
          onConfirm={() => remove.mutateAsync({ groupId: g.groupId }).catch(() => {})}
        >
          <Button size="small" type="link" danger>
            {t('groups.delete')}
          </Button>
        </Popconfirm>
      </Can>
    </Space>
  );

  const tree = data ? groupTree(data.deviceOtherGroup, data.deviceRootGroup.rootGroupId, label) : [];
  return (
    <Card
      title={t('groups.title')}
      data-testid="device-groups-page"
      loading={groups.isLoading}
      extra={
        <Can funCode="groups.create">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ group: null })}
            data-testid="group-create"
          >
            {t('groups.create')}
          </Button>
        </Can>
      }
    >
      {data && (
        <Flex vertical gap={8}>
          <Typography.Text strong>
            <ApartmentOutlined /> {t('groups.root', { count: data.deviceRootGroup.deviceCount })}
          </Typography.Text>
          <Link to={groupPath(UNGROUPED)} data-testid="group-ungrouped">
            {t('groups.ungrouped')} ({data.ungroupedCount})
          </Link>
          {tree.length ? (
            <Tree treeData={tree} defaultExpandAll selectable={false} blockNode />
          ) : (
            <EmptyState description={t('groups.empty')} />
          )}
        </Flex>
      )}
      {editing && <GroupDialog {...editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function GroupDialog({
  group,
  parentId,
  onClose,
}: {
  group: DeviceGroup | null;
  parentId?: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('devices');
  const [name, setName] = useState(group?.groupName ?? '');
  // A refusal (the name exists) is shown by the client and the dialog stays.
  const saved = { invalidates: [deviceKeys.groups], onSuccess: onClose };
  const create = useCallMutation(createGroupCall, saved);
  const rename = useCallMutation(renameGroupCall, saved);
  function save() {
    if (group) rename.mutate({ groupId: group.groupId, groupName: name.trim() });
    else create.mutate({ groupName: name.trim(), ...(parentId ? { parentId } : {}) });
  }
  return (
    <Modal
      open
      title={group ? t('groups.rename') : t('groups.create')}
      onCancel={onClose}
      onOk={save}
      confirmLoading={create.isPending || rename.isPending}
      okButtonProps={{ disabled: !name.trim(), 'data-testid': 'group-save' } as ButtonProps}
    >
      <Form layout="vertical">
        <Form.Item label={t('groups.name')}>
          <Input
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={64}
            data-testid="group-name"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
