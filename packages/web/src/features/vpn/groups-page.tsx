import {
  createVpnGroupCall,
  DATA_LIMIT_CYCLE_LABELS,
  DATA_LIMIT_CYCLES,
  deleteVpnGroupCall,
  listVpnGroupsCall,
  REGION_LABELS,
  type Region,
  regionsFor,
  SITE_IP_ACCESS_TYPES,
  setVpnGroupStateCall,
  VPN_CIPHERS,
  VPN_GROUP_STATE_LABELS,
  VPN_NETWORK_PREFIX_MAX,
  VPN_NETWORK_PREFIX_MIN,
  VPN_PROTOCOLS,
  type VpnGroup,
} from '@fleetport/contract';
import { Button, Flex, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCallMutation } from '../../api/use-call-mutation.ts';
import { Can, PageGate } from '../../app/permissions.tsx';
import { useLang } from '../../app/use-lang.ts';
import { addNamespaces } from '../../i18n/index.ts';
import { ListPage } from '../../widgets/list/list-page.tsx';
import { useListQuery } from '../../widgets/list/use-list-query.ts';
import { HubBanner } from './hub-banner.tsx';
import { vpn } from './vpn.i18n.ts';
import { vpnKeys } from './vpn-queries.ts';

addNamespaces({ vpn });

interface GroupForm {
  name: string;
  region: Region;
  dataLimitMb: number;
  cycle: (typeof DATA_LIMIT_CYCLES)[number];
  networkPrefix: number;
  protocol: (typeof VPN_PROTOCOLS)[number];
  cipher: (typeof VPN_CIPHERS)[number];
  siteIpAccessType: (typeof SITE_IP_ACCESS_TYPES)[number]['value'];
}

const PREFIXES = Array.from(
  { length: VPN_NETWORK_PREFIX_MAX - VPN_NETWORK_PREFIX_MIN + 1 },
  (_, i) => VPN_NETWORK_PREFIX_MIN + i,
);

/** The company's VPN groups (core §2 vpn/groups): their networks, state and members. */
export function GroupsPage() {
  return (
    <PageGate funCode="vpnGroups.view">
      <GroupsView />
    </PageGate>
  );
}

function CreateGroupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('vpn');
  const lang = useLang();
  const [form] = Form.useForm<GroupForm>();
  const create = useCallMutation(createVpnGroupCall, {
    invalidates: [vpnKeys.all],
    onSuccess: () => {
      form.resetFields();
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      title={t('groups.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form<GroupForm>
        form={form}
        layout="vertical"
        initialValues={{
          region: regionsFor(false)[0],
          cycle: 'month',
          networkPrefix: 24,
          protocol: 'udp',
          cipher: 'AES-256-GCM',
          siteIpAccessType: 'VIRTUAL_IP_OVERLAY_REAL_IP',
        }}
        onFinish={(values) => create.mutate(values)}
      >
        <Form.Item name="name" label={t('groups.name')} rules={[{ required: true, min: 2, max: 50 }]}>
          <Input data-testid="vpn-group-name" />
        </Form.Item>
        <Form.Item name="region" label={t('groups.region')}>
          <Select options={regionsFor(false).map((r) => ({ value: r, label: REGION_LABELS[r][lang] }))} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="dataLimitMb" label={t('groups.dataLimit')} rules={[{ required: true }]}>
            <InputNumber min={1} max={10_485_760} precision={0} data-testid="vpn-group-limit" />
          </Form.Item>
          <Form.Item name="cycle" label={t('groups.cycle')}>
            <Select
              style={{ width: 160 }}
              options={DATA_LIMIT_CYCLES.map((c) => ({ value: c, label: DATA_LIMIT_CYCLE_LABELS[c][lang] }))}
            />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="networkPrefix" label={t('groups.size')}>
            <Select
              style={{ width: 180 }}
              options={PREFIXES.map((prefix) => ({
                value: prefix,
                label: t('groups.sizeOption', { prefix, members: 2 ** (32 - prefix) - 3 }),
              }))}
            />
          </Form.Item>
          <Form.Item name="protocol" label={t('groups.protocol')}>
            <Select
              style={{ width: 100 }}
              options={VPN_PROTOCOLS.map((p) => ({ value: p, label: p.toUpperCase() }))}
            />
          </Form.Item>
          <Form.Item name="cipher" label={t('groups.cipher')}>
            <Select style={{ width: 200 }} options={VPN_CIPHERS.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
        </Space>
        <Form.Item name="siteIpAccessType" label={t('groups.siteIpAccessType')}>
          <Select options={SITE_IP_ACCESS_TYPES.map((s) => ({ value: s.value, label: s[lang] }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function GroupsView() {
  const { t } = useTranslation('vpn');
  const lang = useLang();
  const [creating, setCreating] = useState(false);
  const list = useListQuery(listVpnGroupsCall, { queryKey: [...vpnKeys.groups], defaults: { pageSize: 20 } });
  const setState = useCallMutation(setVpnGroupStateCall, { invalidates: [vpnKeys.all] });
  const remove = useCallMutation(deleteVpnGroupCall, { invalidates: [vpnKeys.all] });
  return (
    <Flex vertical gap={16} data-testid="vpn-groups-page">
      <HubBanner />
      <ListPage<VpnGroup>
        title={t('groups.title')}
        tableTestId="vpn-groups-table"
        rowKey="vpnGroupId"
        list={list}
        empty={{ description: t('groups.empty') }}
        actions={
          <Can funCode="vpnGroups.create">
            <Button type="primary" onClick={() => setCreating(true)} data-testid="vpn-group-create">
              {t('groups.create')}
            </Button>
          </Can>
        }
        columns={[
          {
            key: 'name',
            dataIndex: 'name',
            title: t('groups.name'),
            render: (name: string, g) => <Link to={`/vpn/group/${g.vpnGroupId}`}>{name}</Link>,
          },
          {
            key: 'region',
            dataIndex: 'region',
            title: t('groups.region'),
            render: (r: Region) => REGION_LABELS[r]?.[lang] ?? r,
          },
          { key: 'virtualNetwork', dataIndex: 'virtualNetwork', title: t('groups.network') },
          {
            key: 'state',
            dataIndex: 'state',
            title: t('groups.state'),
            render: (s: VpnGroup['state']) => (
              <Tag color={s === 'running' ? 'green' : 'default'}>{VPN_GROUP_STATE_LABELS[s][lang]}</Tag>
            ),
          },
          { key: 'deviceCount', dataIndex: 'deviceCount', title: t('groups.devices') },
          { key: 'clientCount', dataIndex: 'clientCount', title: t('groups.clients') },
          { key: 'cipher', dataIndex: 'cipher', title: t('groups.cipher') },
        ]}
        trailingColumns={[
          {
            key: 'actions',
            title: t('groups.actions'),
            render: (_v, g) => (
              <Space>
                <Link to={`/vpn/group/${g.vpnGroupId}`}>{t('groups.open')}</Link>
                <Can funCode="vpnGroups.edit">
                  <Button
                    type="link"
                    size="small"
                    onClick={() =>
                      setState.mutate({
                        vpnGroupId: g.vpnGroupId,
                        state: g.state === 'running' ? 'stopped' : 'running',
                      })
                    }
                  >
                    {g.state === 'running' ? t('groups.stop') : t('groups.start')}
                  </Button>
                </Can>
                <Can funCode="vpnGroups.remove">
                  <Popconfirm
                    title={t('groups.deleteConfirm', { name: g.name })}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove.mutateAsync({ vpnGroupId: g.vpnGroupId }).catch(() => {})}
                  >
                    <Button type="link" size="small" danger>
                      {t('groups.delete')}
                    </Button>
                  </Popconfirm>
                </Can>
              </Space>
            ),
          },
        ]}
      />
      <CreateGroupDialog open={creating} onClose={() => setCreating(false)} />
    </Flex>
  );
}
