import {
  addVpnGroupDevicesCall,
  formatBytes,
  listVpnGroupDevicesCall,
  REGION_LABELS,
  type Region,
  removeVpnGroupDevicesCall,
  VPN_DEVICE_STATE_LABELS,
  VPN_GROUP_STATE_LABELS,
  type VpnMemberDevice,
} from '@fleetport/contract';
import { Button, Card, Descriptions, Flex, Modal, Popconfirm, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { EndDevicesCard, GroupUsageCard, LanDialog } from './group-extras.tsx';
import { HubBanner } from './hub-banner.tsx';
import { vpn } from './vpn.i18n.ts';
import { useUngroupedChoices, useVpnGroup, vpnKeys } from './vpn-queries.ts';

addNamespaces({ vpn });

/** One VPN group (core §2 vpn/group/{id}): its settings and its devices, which can be added and removed. */
export function GroupPage() {
  return (
    <PageGate funCode="vpnGroups.view">
      <GroupView />
    </PageGate>
  );
}

function AddDevicesDialog({
  groupId,
  open,
  onClose,
}: {
  groupId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('vpn');
  const [keyword, setKeyword] = useState('');
  const [sns, setSns] = useState<string[]>([]);
  const choices = useUngroupedChoices(keyword);
  const add = useCallMutation(addVpnGroupDevicesCall, {
    invalidates: [vpnKeys.all],
    onSuccess: () => {
      setSns([]);
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t('group.add')}
      onCancel={onClose}
      onOk={() => add.mutate({ vpnGroupId: groupId, sns })}
      okButtonProps={{ disabled: sns.length === 0 }}
      confirmLoading={add.isPending}
    >
      <Typography.Paragraph type="secondary">{t('group.addHint')}</Typography.Paragraph>
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        value={sns}
        onChange={setSns}
        showSearch
        filterOption={false}
        onSearch={setKeyword}
        loading={choices.isLoading}
        data-testid="vpn-add-devices"
        options={(choices.data?.list ?? []).map((d) => ({ value: d.sn, label: `${d.sn} ${d.name}` }))}
      />
    </Modal>
  );
}

function GroupView() {
  const { t } = useTranslation('vpn');
  const lang = useLang();
  const groupId = Number(useParams().id);
  const group = useVpnGroup(groupId).data;
  const [adding, setAdding] = useState(false);
  const [lanOf, setLanOf] = useState<VpnMemberDevice | null>(null);
  const list = useListQuery(listVpnGroupDevicesCall, {
    queryKey: [...vpnKeys.all, listVpnGroupDevicesCall.id, groupId],
    fixed: { vpnGroupId: groupId },
    defaults: { pageSize: 20 },
  });
  const remove = useCallMutation(removeVpnGroupDevicesCall, { invalidates: [vpnKeys.all] });
  return (
    <Flex vertical gap={16} data-testid="vpn-group-page">
      <HubBanner />
      <Link to="/vpn/groups">{t('group.back')}</Link>
      {group && (
        <Card title={t('group.title', { name: group.name })} size="small">
          <Descriptions size="small" column={3} data-testid="vpn-group-summary">
            <Descriptions.Item label={t('groups.state')}>
              <Tag color={group.state === 'running' ? 'green' : 'default'}>
                {VPN_GROUP_STATE_LABELS[group.state][lang]}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('groups.region')}>
              {REGION_LABELS[group.region as Region]?.[lang] ?? group.region}
            </Descriptions.Item>
            <Descriptions.Item label={t('groups.network')}>{group.virtualNetwork}</Descriptions.Item>
            <Descriptions.Item label={t('group.hubAddress')}>{group.hubAddress}</Descriptions.Item>
            <Descriptions.Item label={t('group.port')}>
              {group.port} / {group.protocol.toUpperCase()}
            </Descriptions.Item>
            <Descriptions.Item label={t('groups.cipher')}>{group.cipher}</Descriptions.Item>
            <Descriptions.Item label={t('group.capacity')}>
              {t('group.capacityValue', {
                used: group.deviceCount + group.clientCount,
                capacity: group.capacity,
              })}
            </Descriptions.Item>
            <Descriptions.Item label={t('group.ping')}>
              {group.pingInterval} s / {group.pingRetry}
            </Descriptions.Item>
            <Descriptions.Item label={t('group.mtu')}>
              {group.mtu} / {group.fragment}
            </Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      <GroupUsageCard groupId={groupId} />
      <ListPage<VpnMemberDevice>
        title={t('group.devices')}
        tableTestId="vpn-group-devices"
        rowKey="sn"
        list={list}
        empty={{ description: t('group.noDevices') }}
        actions={
          <Can funCode="vpnGroups.edit">
            <Button type="primary" onClick={() => setAdding(true)} data-testid="vpn-add-devices-open">
              {t('group.add')}
            </Button>
          </Can>
        }
        columns={[
          { key: 'sn', dataIndex: 'sn', title: t('group.sn') },
          { key: 'name', dataIndex: 'name', title: t('group.deviceName') },
          { key: 'virtualIp', dataIndex: 'virtualIp', title: t('group.virtualIp') },
          {
            key: 'vpnState',
            dataIndex: 'vpnState',
            title: t('group.vpnState'),
            render: (s: VpnMemberDevice['vpnState']) => (
              <Tag color={s === 'connected' ? 'green' : 'default'}>{VPN_DEVICE_STATE_LABELS[s][lang]}</Tag>
            ),
          },
          { key: 'realAddress', dataIndex: 'realAddress', title: t('group.realAddress') },
          {
            key: 'lanSubnet',
            dataIndex: 'lanSubnet',
            title: t('lan.subnet'),
            render: (v: string | null) => v ?? t('lan.none'),
          },
          {
            key: 'traffic',
            title: t('group.traffic'),
            render: (_v, d) => `${formatBytes(d.bytesIn)} / ${formatBytes(d.bytesOut)}`,
          },
        ]}
        trailingColumns={[
          {
            key: 'actions',
            title: t('groups.actions'),
            render: (_v, d) => (
              <Can funCode="vpnGroups.edit">
                <Button type="link" size="small" onClick={() => setLanOf(d)} data-testid={`vpn-lan-${d.sn}`}>
                  {t('lan.set')}
                </Button>
                <Popconfirm
                  title={t('group.removeConfirm', { sn: d.sn })}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutateAsync({ vpnGroupId: groupId, sns: [d.sn] }).catch(() => {})}
                >
                  <Button type="link" size="small" danger>
                    {t('group.remove')}
                  </Button>
                </Popconfirm>
              </Can>
            ),
          },
        ]}
      />
      <AddDevicesDialog groupId={groupId} open={adding} onClose={() => setAdding(false)} />
      <LanDialog groupId={groupId} device={lanOf} onClose={() => setLanOf(null)} />
      <EndDevicesCard groupId={groupId} routers={list.rows.map((d) => d.sn)} />
    </Flex>
  );
}
