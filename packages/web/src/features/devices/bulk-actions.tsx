import { DownOutlined } from '@ant-design/icons';
import {
  deleteDevicesCall,
  MAX_DEVICES_PER_ASSIGN,
  moveDevicesCall,
  rebootCall,
  tagDevicesCall,
  transferDevicesCall,
  UNGROUPED,
} from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import { App, Button, Dropdown, Form, Modal, Select } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { usePermission } from '../../app/permissions.tsx';
import { useCompanyList } from '../companies/company-queries.ts';
import { type BulkOutcome, BulkResults } from './bulk-results.tsx';
import { deviceKeys, useDeviceGroups, useDeviceTags } from './device-queries.ts';

type Kind = 'move' | 'tag' | 'transfer' | 'licence';

// The licences area's own dialog, loaded when first opened (its text comes with it).
const AssignDialog = lazy(() =>
  import('../licences/assign-dialog.tsx').then((m) => ({ default: m.AssignDialog })),
);

/** Move, tag, reboot, delete or transfer the selected devices; the result lists every device. */
export function BulkActions({ sns, onDone }: { sns: string[]; onDone: () => void }) {
  const { modal } = App.useApp();
  const { t } = useTranslation('devices');
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Kind | null>(null);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const [busy, setBusy] = useState(false);
  const canEdit = usePermission('devices.edit');
  const canApply = usePermission('devices.apply');
  const canRemove = usePermission('devices.remove');
  const canLicence = usePermission('licenses.apply');

  /** Runs a bulk call; devices that left the list (deleted, transferred) leave the selection too. */
  async function run(
    title: string,
    action: () => Promise<Omit<BulkOutcome, 'title'>>,
    clearSelection = false,
  ) {
    setBusy(true);
    try {
      const result = await action();
      setDialog(null);
      setOutcome({ title, ...result });
      if (clearSelection) onDone();
      void queryClient.invalidateQueries({ queryKey: deviceKeys.all });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.groups });
      void queryClient.invalidateQueries({ queryKey: deviceKeys.tags });
    } catch {
      // The client has shown the catalogue message; the dialog stays for another try.
    } finally {
      setBusy(false);
    }
  }

  const confirm = (kind: 'reboot' | 'delete') =>
    modal.confirm({
      title: t(`bulk.${kind}Confirm`, { count: sns.length }),
      okText: t(`bulk.${kind}`),
      okButtonProps: { danger: true, 'data-testid': `confirm-${kind}` } as ButtonProps,
      cancelText: t('common:cancel'),
      onOk: () =>
        kind === 'reboot'
          ? run(t('bulk.reboot'), () => apiCall(rebootCall, { sns }))
          : run(t('bulk.delete'), () => apiCall(deleteDevicesCall, { sns }), true),
    });

  const items = [
    { key: 'move', label: t('bulk.move'), disabled: !canEdit, onClick: () => setDialog('move') },
    { key: 'tag', label: t('bulk.tag'), disabled: !canEdit, onClick: () => setDialog('tag') },
    { key: 'reboot', label: t('bulk.reboot'), disabled: !canApply, onClick: () => confirm('reboot') },
    { key: 'transfer', label: t('bulk.transfer'), disabled: !canEdit, onClick: () => setDialog('transfer') },
    {
      key: 'licence',
      label: t('bulk.licence', { max: MAX_DEVICES_PER_ASSIGN }),
      // An assignment takes at most 100 devices (17000): more selected, the action waits for fewer.
      disabled: !canLicence || sns.length > MAX_DEVICES_PER_ASSIGN,
      onClick: () => setDialog('licence'),
    },
    {
      key: 'delete',
      label: t('bulk.delete'),
      danger: true,
      disabled: !canRemove,
      onClick: () => confirm('delete'),
    },
  ];

  return (
    <>
      <Dropdown
        menu={{
          items: items.map(({ onClick, ...item }) => ({
            ...item,
            onClick,
            'data-testid': `bulk-${item.key}`,
          })),
        }}
        trigger={['click']}
        disabled={sns.length === 0}
      >
        <Button data-testid="bulk-actions" disabled={sns.length === 0}>
          {t('bulk.title', { count: sns.length })} <DownOutlined />
        </Button>
      </Dropdown>
      {dialog === 'move' && (
        <MoveDialog
          busy={busy}
          onCancel={() => setDialog(null)}
          onSave={(groupId) => run(t('bulk.move'), () => apiCall(moveDevicesCall, { sns, groupId }))}
        />
      )}
      {dialog === 'tag' && (
        <TagDialog
          busy={busy}
          onCancel={() => setDialog(null)}
          onSave={(add, remove) => run(t('bulk.tag'), () => apiCall(tagDevicesCall, { sns, add, remove }))}
        />
      )}
      {dialog === 'transfer' && (
        <TransferDialog
          busy={busy}
          onCancel={() => setDialog(null)}
          onSave={(companyId) =>
            run(t('bulk.transfer'), () => apiCall(transferDevicesCall, { sns, companyId }), true)
          }
        />
      )}
      {dialog === 'licence' && (
        <Suspense fallback={null}>
          <AssignDialog open sns={sns} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      <BulkResults outcome={outcome} onClose={() => setOutcome(null)} />
    </>
  );
}

interface DialogProps<A extends unknown[]> {
  busy: boolean;
  onCancel: () => void;
  onSave: (...args: A) => void;
}

function MoveDialog({ busy, onCancel, onSave }: DialogProps<[number]>) {
  const { t } = useTranslation('devices');
  const groups = useDeviceGroups().data;
  const [groupId, setGroupId] = useState<number>(UNGROUPED);
  const options = [
    { value: UNGROUPED, label: t('groups.ungrouped') },
    ...(groups?.deviceOtherGroup ?? []).map((g) => ({ value: g.groupId, label: g.groupName })),
  ];
  return (
    <Modal
      open
      title={t('bulk.move')}
      onCancel={onCancel}
      onOk={() => onSave(groupId)}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'move-save' } as ButtonProps}
    >
      <Form layout="vertical">
        <Form.Item label={t('field.group')}>
          <Select
            value={groupId}
            onChange={setGroupId}
            options={options}
            data-testid="move-group"
            showSearch
            optionFilterProp="label"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function TagDialog({ busy, onCancel, onSave }: DialogProps<[string[], string[]]>) {
  const { t } = useTranslation('devices');
  const tags = useDeviceTags().data ?? [];
  const [add, setAdd] = useState<string[]>([]);
  const [remove, setRemove] = useState<string[]>([]);
  const options = tags.map((tag) => ({ value: tag.tagName, label: tag.tagName }));
  return (
    <Modal
      open
      title={t('bulk.tag')}
      onCancel={onCancel}
      onOk={() => onSave(add, remove)}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'tag-save' } as ButtonProps}
    >
      <Form layout="vertical">
        <Form.Item label={t('tags.add')} extra={t('tags.limits')}>
          <Select mode="tags" value={add} onChange={setAdd} options={options} data-testid="tag-add" />
        </Form.Item>
        <Form.Item label={t('tags.remove')}>
          <Select
            mode="multiple"
            value={remove}
            onChange={setRemove}
            options={options}
            data-testid="tag-remove"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function TransferDialog({ busy, onCancel, onSave }: DialogProps<[number]>) {
  const { t } = useTranslation('devices');
  const companies = useCompanyList({ pageNum: 1, pageSize: 100, companyName: '' }).data?.list ?? [];
  const [companyId, setCompanyId] = useState<number | null>(null);
  return (
    <Modal
      open
      title={t('bulk.transfer')}
      onCancel={onCancel}
      onOk={() => companyId !== null && onSave(companyId)}
      okButtonProps={{ disabled: companyId === null, danger: true }}
      confirmLoading={busy}
    >
      <Form layout="vertical">
        <Form.Item label={t('bulk.transferTo')} extra={t('bulk.transferHint')}>
          <Select
            value={companyId}
            onChange={setCompanyId}
            options={companies.map((c) => ({ value: c.companyId, label: c.companyName }))}
            showSearch
            optionFilterProp="label"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
